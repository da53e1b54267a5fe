import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  defaultOnboardingResources,
  type OnboardingResources,
  parseOnboardingResources,
} from '@app/domain/resources';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** 0 asks the system for any free port (the benchmarks start servers that way). */
const PORT_MESSAGE = 'must be a whole number between 0 and 65535 (0: any free port)';
const port = z.coerce
  .number({ message: PORT_MESSAGE })
  .int(PORT_MESSAGE)
  .min(0, PORT_MESSAGE)
  .max(65535, PORT_MESSAGE);

const positiveSeconds = z.coerce
  .number({ message: 'must be a whole number of seconds' })
  .int('must be a whole number of seconds')
  .positive('must be a whole number of seconds greater than 0');

const perMinute = z.coerce
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be greater than 0');

const milliseconds = z.coerce
  .number({ message: 'must be a whole number of milliseconds' })
  .int('must be a whole number of milliseconds')
  .positive('must be greater than 0');

export const TRUST_PROXY_TRUE_MESSAGE =
  'must not be true: trusting every hop lets a client choose its own address with X-Forwarded-For; give the number of proxies in front of the server (such as 1) or their addresses (such as 10.0.0.0/8,192.168.1.10)';

/** An IPv4 or IPv6 address, optionally with a /prefix length. */
function isAddressOrRange(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server may say who the client is (Fastify's trustProxy): false for
 * none, a hop count, or a list of proxy addresses and ranges. `true` is refused (see its message).
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .superRefine((value, context) => {
    if (value === 'true') context.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_MESSAGE });
    else if (
      value !== 'false' &&
      !/^\d+$/.test(value) &&
      !value.split(',').every((item) => isAddressOrRange(item.trim()))
    ) {
      context.addIssue({
        code: 'custom',
        message:
          'must be false, a number of proxies (such as 1) or a comma-separated list of proxy addresses or ranges (such as 10.0.0.0/8)',
      });
    }
  })
  .transform((value): false | number | string[] => {
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    return value.split(',').map((item) => item.trim());
  });

const url = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value), 'must be an absolute URL such as https://example.com');

/**
 * Every setting the server reads, except the AWS SDK's own variables (see storage/open-storage.ts).
 * The README's configuration table lists each of them; keep both in step.
 */
const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
    .default('development'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: trustProxy,
  DATABASE_URL: optionalText.refine(
    (value) => value === undefined || /^(postgres(ql)?:\/\/|sqlite:)/.test(value),
    'must start with postgres://, postgresql:// or sqlite:',
  ),
  STORAGE_URL: optionalText.refine(
    (value) => value === undefined || /^(s3:\/\/|file:)/.test(value),
    'must start with s3:// or file:',
  ),
  SMTP_URL: optionalText.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    'must start with smtp:// or smtps://',
  ),
  MAIL_FROM: z.string().trim().min(3).default('Team <team@company.test>'),
  TEAM_NOTIFICATION_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  // ISO weekday (1 Monday ... 7 Sunday) and hour, in each client's own time zone.
  WEEKLY_SUMMARY_DAY: z.coerce
    .number({ message: 'must be a weekday number, 1 (Monday) to 7 (Sunday)' })
    .int('must be a weekday number, 1 (Monday) to 7 (Sunday)')
    .min(1, 'must be a weekday number, 1 (Monday) to 7 (Sunday)')
    .max(7, 'must be a weekday number, 1 (Monday) to 7 (Sunday)')
    .default(1),
  WEEKLY_SUMMARY_HOUR: z.coerce
    .number({ message: 'must be an hour, 0 to 23' })
    .int('must be an hour, 0 to 23')
    .min(0, 'must be an hour, 0 to 23')
    .max(23, 'must be an hour, 0 to 23')
    .default(9),
  MAIL_RETRY_BASE_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .positive('must be greater than 0')
    .default(5000),
  AUTH_GOOGLE_CLIENT_ID: optionalText,
  AUTH_GOOGLE_CLIENT_SECRET: optionalText,
  AUTH_GOOGLE_ISSUER: url.default('https://accounts.google.com'),
  AUTH_JWT_PRIVATE_KEY: optionalText.refine(
    (value) => value === undefined || value.includes('BEGIN PRIVATE KEY'),
    'must be a PKCS#8 PEM P-256 private key (-----BEGIN PRIVATE KEY-----)',
  ),
  AUTH_COOKIE_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters',
  ),
  AUTH_ACCESS_TOKEN_TTL: positiveSeconds.default(3600),
  AUTH_REFRESH_TOKEN_TTL: positiveSeconds.default(60 * 60 * 24 * 30),
  AUTH_SESSION_MAX_AGE: positiveSeconds.default(60 * 60 * 24 * 30),
  STAFF_MFA: z
    .enum(['on', 'off'], { message: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on'),
  AUTH_RATE_LIMIT_PER_MINUTE: perMinute.default(60),
  API_RATE_LIMIT_PER_MINUTE: perMinute.default(600),
  NOTES_RATE_LIMIT_PER_MINUTE: perMinute.default(30),
  UPLOAD_RATE_LIMIT_PER_MINUTE: perMinute.default(20),
  REDIS_URL: optionalText.refine(
    (value) => value === undefined || /^rediss?:\/\//.test(value),
    'must start with redis:// or rediss://',
  ),
  REDIS_KEY_PREFIX: z.string().trim().min(1).default('apply-ahead:'),
  STORAGE_QUOTA_MB: z.coerce
    .number({ message: 'must be a whole number of megabytes' })
    .int('must be a whole number of megabytes')
    .positive('must be greater than 0')
    .default(50),
  // Five minutes: a 5 MB resume still arrives from a phone sending about 140 kbit/s.
  HTTP_REQUEST_TIMEOUT_MS: milliseconds.default(300_000),
  HTTP_HEADERS_TIMEOUT_MS: milliseconds.default(10_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds.default(72_000),
  STAFF_EMAIL_DOMAIN: optionalText.refine(
    (value) => value === undefined || /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(value),
    'must be a domain such as company.com, without @',
  ),
  BRAND_NAME: z.string().trim().min(1).default('Apply Ahead'),
  BRAND_COLOR: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour such as #2563eb')
    .default('#2563eb'),
  WHATSAPP_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{7,15}$/, 'must be digits only, with the country code, such as 15551234567')
    .default('15551234567'),
  ADVANCED_PRODUCT_URL: url.default('https://advanced.example.com'),
  RESOURCES_FILE: optionalText,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  logLevel: string;
  /** false, a hop count, or the addresses and ranges of the proxies in front of the server. */
  trustProxy: false | number | string[];
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  storageUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  teamNotificationEmail: string | undefined;
  /** First retry delay of the mail outbox; later retries wait longer (see retry.ts). */
  mailRetryBaseMs: number;
  /** When the weekly summary goes out: ISO weekday and hour in the client's time zone. */
  weeklySummary: { day: number; hour: number };
  auth: {
    google: { clientId: string; clientSecret: string; issuer: string } | undefined;
    jwtPrivateKey: string | undefined;
    cookieSecret: string | undefined;
    accessTokenTtl: number;
    refreshTokenTtl: number;
    /** Seconds from sign-in after which a session ends, however often it is refreshed. */
    sessionMaxAge: number;
    /** Staff routes need a session that passed TOTP; off only outside production (tests). */
    staffMfa: boolean;
  };
  /** Requests per minute: per address on the sign-in routes, per user on the API. */
  rateLimits: { signInPerAddress: number; apiPerUser: number; notesPerUser: number; uploadsPerUser: number };
  /** Where rate-limit counters live when shared between instances; unset keeps them in memory. */
  redis: { url: string; keyPrefix: string } | undefined;
  storageQuotaBytes: number;
  http: { requestTimeoutMs: number; headersTimeoutMs: number; keepAliveTimeoutMs: number };
  staffEmailDomain: string;
  brand: { name: string; color: string; whatsappNumber: string; advancedProductUrl: string };
  /** The onboarding Resources step's videos, reports and links (`RESOURCES_FILE`, else the product's pages). */
  resources: OnboardingResources;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads and checks the environment; throws one ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];

  const googlePair = [env.AUTH_GOOGLE_CLIENT_ID, env.AUTH_GOOGLE_CLIENT_SECRET].filter(Boolean).length;
  if (googlePair === 1) {
    problems.push('AUTH_GOOGLE_CLIENT_ID and AUTH_GOOGLE_CLIENT_SECRET must be set together');
  }
  if (env.NODE_ENV === 'production') {
    if (googlePair !== 2) {
      problems.push(
        'AUTH_GOOGLE_CLIENT_ID and AUTH_GOOGLE_CLIENT_SECRET are required in production (the development sign-in provider is refused there)',
      );
    }
    if (!env.STAFF_EMAIL_DOMAIN) problems.push('STAFF_EMAIL_DOMAIN is required in production');
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL is required in production');
    // Their defaults are placeholders: a client would be sent to a number or a site that is not ours.
    for (const name of ['WHATSAPP_NUMBER', 'ADVANCED_PRODUCT_URL'] as const) {
      if (!source[name]) problems.push(`${name} is required in production`);
    }
    if (!env.STAFF_MFA)
      problems.push('STAFF_MFA=off is refused in production: staff sign in with a second factor');
  }
  const resources = env.RESOURCES_FILE
    ? readResources(env.RESOURCES_FILE, problems)
    : defaultOnboardingResources;
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL;
  const database: Config['database'] =
    databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)
      ? { kind: 'postgres', url: databaseUrl }
      : {
          kind: 'sqlite',
          file: databaseUrl ? databaseUrl.slice('sqlite:'.length) : path.join(dataDir, 'app.db'),
        };

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    database,
    storageUrl: env.STORAGE_URL ?? `file:${path.join(dataDir, 'storage')}`,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    teamNotificationEmail: env.TEAM_NOTIFICATION_EMAIL,
    mailRetryBaseMs: env.MAIL_RETRY_BASE_MS,
    weeklySummary: { day: env.WEEKLY_SUMMARY_DAY, hour: env.WEEKLY_SUMMARY_HOUR },
    auth: {
      google:
        env.AUTH_GOOGLE_CLIENT_ID && env.AUTH_GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.AUTH_GOOGLE_CLIENT_ID,
              clientSecret: env.AUTH_GOOGLE_CLIENT_SECRET,
              issuer: env.AUTH_GOOGLE_ISSUER,
            }
          : undefined,
      jwtPrivateKey: env.AUTH_JWT_PRIVATE_KEY?.replace(/\\n/g, '\n'),
      cookieSecret: env.AUTH_COOKIE_SECRET,
      accessTokenTtl: env.AUTH_ACCESS_TOKEN_TTL,
      refreshTokenTtl: env.AUTH_REFRESH_TOKEN_TTL,
      sessionMaxAge: env.AUTH_SESSION_MAX_AGE,
      staffMfa: env.STAFF_MFA,
    },
    rateLimits: {
      signInPerAddress: env.AUTH_RATE_LIMIT_PER_MINUTE,
      apiPerUser: env.API_RATE_LIMIT_PER_MINUTE,
      notesPerUser: env.NOTES_RATE_LIMIT_PER_MINUTE,
      uploadsPerUser: env.UPLOAD_RATE_LIMIT_PER_MINUTE,
    },
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : undefined,
    storageQuotaBytes: env.STORAGE_QUOTA_MB * 1024 * 1024,
    http: {
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    staffEmailDomain: (env.STAFF_EMAIL_DOMAIN ?? 'company.test').toLowerCase(),
    brand: {
      name: env.BRAND_NAME,
      color: env.BRAND_COLOR,
      whatsappNumber: env.WHATSAPP_NUMBER,
      advancedProductUrl: env.ADVANCED_PRODUCT_URL,
    },
    resources,
  };
}

/** The Resources step's links from the JSON file at `file`; each problem with it is added to `problems`. */
function readResources(file: string, problems: string[]): OnboardingResources {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    problems.push(`RESOURCES_FILE cannot be read (${file}): ${reason}`);
    return defaultOnboardingResources;
  }
  const parsed = parseOnboardingResources(text);
  if (parsed.ok) return parsed.resources;
  problems.push(...parsed.problems.map((problem) => `RESOURCES_FILE ${file}: ${problem}`));
  return defaultOnboardingResources;
}
