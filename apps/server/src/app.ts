import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { type Db, migrateToLatest, openDatabase } from './db/database.ts';
import {
  answerClientError,
  answerFrameworkError,
  answerNoRoute,
  installErrorHandler,
  MAX_PARAM_LENGTH,
  SERVICE_UNAVAILABLE_MESSAGE,
} from './errors.ts';
import { registerModules } from './modules.ts';
import { installRateLimits } from './rate-limits.ts';
import { recordRouteTable } from './route-table.ts';
import { securityHeaders } from './security-headers.ts';

export interface AppOptions {
  config: Config;
  /** An already opened database (tests share one); otherwise opened from config and closed with the app. */
  db?: Db;
  /** Folder of the built web app; defaults to apps/web/dist. */
  webDist?: string;
  /** Where services take the time from; tests pass one they can move. */
  clock?: Clock;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

/** /api and /auth answers, but not the public API viewer under /api/docs. */
const PERSONAL_ANSWER = /^\/(auth\/|api\/(?!docs(\/|$)))/;

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole server: used by main.ts to listen and by tests through `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Request ids unique across instances without a UUID per request: a random prefix per instance
  // and a counter.
  const requestIdPrefix = randomBytes(9).toString('base64url');
  let requestCount = 0;
  const app = Fastify({
    trustProxy: trustedProxies(config.trustProxy),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      if (typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)) return incoming;
      requestCount++;
      return `${requestIdPrefix}-${requestCount.toString(36)}`;
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Router-level failures (a path that is not valid percent-encoding) answer like every other error.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A client that sends its request slowly, a byte at a time, is cut off: the headers must arrive
    // within headersTimeout and the whole request within requestTimeout (checked every second or
    // sooner); an idle kept-alive connection is closed after keepAliveTimeout.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: Math.max(config.http.requestTimeoutMs, config.http.keepAliveTimeoutMs) + 1000,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.http.headersTimeoutMs / 2)),
    },
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Only method and path: query strings can carry codes and tokens; headers carry credentials.
            serializers: {
              req: (request) => ({ method: request.method, path: String(request.url).split('?')[0] }),
              res: (reply) => ({ statusCode: reply.statusCode }),
            },
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.email', '*.token'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  recordRouteTable(app);

  const ownsDb = !options.db;
  const db = options.db ?? openDatabase(config.database);
  app.decorate('config', config);
  app.decorate('db', db);
  if (ownsDb) {
    await migrateToLatest(db);
    app.addHook('onClose', async () => db.close());
  }

  const headers = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    // Answers of the API and of sign-in carry personal data or tokens: no cache may keep them. A
    // route with validator-based caching of its own (the jobs list) or a public answer (the
    // signing keys) sets its own Cache-Control over this one.
    // Told by the matched route, so any spelling of its path gets the same header.
    if (PERSONAL_ANSWER.test(request.routeOptions.url ?? '')) reply.header('cache-control', 'no-store');
    done();
  });
  await installRateLimits(app, config);

  // Answers only: no client sends compressed bodies, so no route needs the decompression hook.
  await app.register(compress, { threshold: 1024, globalDecompression: false });

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.brand.name} API`, version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  installErrorHandler(app);

  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await db.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'not ready', error: SERVICE_UNAVAILABLE_MESSAGE });
    }
  });

  await registerModules(app, options.clock ?? systemClock);
  await serveWebApp(app, options.webDist ?? defaultWebDist);
  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function trusting that many hops counted
 * from this server (Fastify itself reads a number as trusting none), so X-Forwarded-For entries a
 * client wrote before the proxies' own are never taken as its address.
 */
function trustedProxies(trustProxy: Config['trustProxy']) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/**
 * Serves the built browser app with @fastify/static: hashed assets cached for a year, everything
 * else revalidated; each file in the Brotli or gzip form the build wrote beside it when the browser
 * accepts one (decision 041). Its history fallback is the not-found handler: a GET that asks for a page of the
 * app (not an API path, not a file) answers index.html, so client-side routes survive a reload.
 * Without a build, every unknown path is the JSON 404.
 */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.setNotFoundHandler(answerNoRoute);
    return;
  }
  // The plugin's catch-all file route serves the app's own files to anyone: no access token.
  app.addHook('onRoute', (route) => {
    if (route.path === '/*') route.config = { ...route.config, public: true };
  });
  await app.register(fastifyStatic, {
    root: webDist,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = /^\/(api|auth|oidc)(\/|$)/.test(urlPath);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isRead || !asksForAppPage(urlPath, request.headers.accept)) {
      return answerNoRoute(request, reply);
    }
    return reply.sendFile('index.html');
  });
}

/**
 * Browsers navigating ask for HTML; `curl` and other plain clients accept any type, or send no
 * Accept header, and get the page too unless the path names a file (a dot in its last segment), so
 * that a missing script or image stays a 404 instead of becoming the page.
 */
function asksForAppPage(urlPath: string, accept: string | undefined): boolean {
  if (accept?.includes('text/html')) return true;
  const anything = accept === undefined || accept.includes('*/*');
  return anything && !path.posix.basename(urlPath).includes('.');
}
