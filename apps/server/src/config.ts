import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads. The README's configuration table mirrors this list;
 * keep both in step.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const port = z.coerce
  .number({ message: 'must be a whole number between 1 and 65535' })
  .int('must be a whole number between 1 and 65535')
  .min(0, 'must be a whole number between 1 and 65535')
  .max(65535, 'must be a whole number between 1 and 65535');

const positiveSeconds = z.coerce
  .number({ message: 'must be a whole number of seconds' })
  .int('must be a whole number of seconds')
  .positive('must be a whole number of seconds greater than 0');

const url = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value), 'must be an absolute URL such as https://example.com');

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
  TRUST_PROXY: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
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
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be greater than 0')
    .default(60),
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
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  logLevel: string;
  trustProxy: boolean;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  storageUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  teamNotificationEmail: string | undefined;
  /** First retry delay of the mail outbox; later retries wait longer (see modules/mail/retry.ts). */
  mailRetryBaseMs: number;
  auth: {
    google: { clientId: string; clientSecret: string; issuer: string } | undefined;
    jwtPrivateKey: string | undefined;
    cookieSecret: string | undefined;
    accessTokenTtl: number;
    refreshTokenTtl: number;
    rateLimitPerMinute: number;
  };
  staffEmailDomain: string;
  brand: { name: string; color: string; whatsappNumber: string; advancedProductUrl: string };
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
  }
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
      rateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    },
    staffEmailDomain: (env.STAFF_EMAIL_DOMAIN ?? 'company.test').toLowerCase(),
    brand: {
      name: env.BRAND_NAME,
      color: env.BRAND_COLOR,
      whatsappNumber: env.WHATSAPP_NUMBER,
      advancedProductUrl: env.ADVANCED_PRODUCT_URL,
    },
  };
}
