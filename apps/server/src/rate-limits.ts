import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { HttpError } from './errors.ts';
import { logSecurityEvent } from './security-events.ts';

const WINDOW_MS = 60_000;
/** How long a request waits for Redis, to connect or to count, before it goes through uncounted. */
const REDIS_TIMEOUT_MS = 1_000;

/**
 * Our own sign-in and session routes, as registered. Sign-out is not among them: it only takes
 * rights away, and a 429 there would leave the session alive on a shared computer whose screen
 * already says signed out.
 */
const SIGN_IN_ROUTES = new Set(['authorize', 'callback', 'token'].map((name) => `/auth/v1/${name}`));
/**
 * The development provider's pages a browser goes through, by the raw path as its own handler
 * matches them. Its back-channel endpoints (token, keys) are called by this server, not by clients.
 */
const DEVELOPMENT_PROVIDER_PAGE = /^\/oidc\/(auth|interaction)([/?]|$)/;

/**
 * The anonymous requests of signing in, counted per client address. Our routes are told by the
 * route the router matched, so another spelling of the same path (percent-encoded letters) is
 * counted all the same.
 */
function isSignIn(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (route !== undefined && SIGN_IN_ROUTES.has(route)) || DEVELOPMENT_PROVIDER_PAGE.test(request.url);
}

function tooManyRequestsMessage(seconds: number): string {
  const wait = seconds >= 60 ? '1 minute' : seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `Too many requests. Please try again in ${wait}.`;
}

/**
 * Abuse limits on @fastify/rate-limit, counted in Redis when REDIS_URL is set (so every instance
 * shares them) and in memory otherwise:
 * - the sign-in routes (see isSignIn): AUTH_RATE_LIMIT_PER_MINUTE per client address, before
 *   anything else runs;
 * - every signed-in route: API_RATE_LIMIT_PER_MINUTE per user, after the guard has named the
 *   caller; a route may set a tighter `config.rateLimit` of its own (feedback, notes, uploads).
 * Public routes that are not sign-in (health checks, the web app's files, public configuration,
 * signed document links) are cheap reads and are not counted.
 * When Redis cannot answer, requests go through uncounted (fail open): a broken counter store must
 * not lock every client out; the outage is logged.
 */
export async function installRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redis ? await connectRedis(app, config.redis.url) : undefined;
  await app.register(rateLimit, {
    // Every route, counted per user once the guard has named the caller; anonymous calls are not.
    global: true,
    hook: 'preHandler',
    allowList: (request) => !request.currentUser,
    max: config.rateLimits.apiPerUser,
    timeWindow: WINDOW_MS,
    ...(redis ? { redis, nameSpace: `${config.redis?.keyPrefix}rate-limit:` } : {}),
    skipOnError: true,
    // Limit headers only on a 429: answers under the limit stay as small as before.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    keyGenerator: (request) =>
      request.currentUser ? `user:${request.currentUser.id}` : `address:${normalizeIP(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, tooManyRequestsMessage(Math.ceil(context.ttl / 1000))),
    onExceeded: logRateLimited,
  });

  const perAddress = app.rateLimit({
    max: config.rateLimits.signInPerAddress,
    keyGenerator: (request) => `address:${normalizeIP(request.ip)}`,
    // Anonymous requests are what this limit counts: none is let through uncounted.
    allowList: [],
  });
  // Before the development provider's own hook, which answers /oidc requests itself.
  app.addHook('onRequest', async (request, reply) => {
    if (isSignIn(request)) await perAddress.call(app, request, reply);
  });
}

function logRateLimited(request: FastifyRequest): void {
  logSecurityEvent(request, 'rate_limited', {
    userId: request.currentUser?.id ?? null,
    ip: request.ip,
    route: request.routeOptions.url ?? request.url.split('?')[0],
  });
}

/**
 * One Redis connection per instance. Commands fail at once while it is down (no offline queue), so
 * a Redis outage costs a request nothing but its count; the client reconnects in the background.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  let reachable = true;
  let closing = false;
  // Once per outage: a refused connection says 'error', a dropped one only 'close'.
  const lost = (reason: string) => {
    if (!reachable || closing) return;
    reachable = false;
    app.log.warn(
      { event: 'rate_limit_store_unavailable', reason },
      'Redis unreachable: requests are not counted until it is back',
    );
  };
  redis.on('error', (error: Error) => lost(error.message));
  redis.on('close', () => lost('connection closed'));
  redis.on('ready', () => {
    if (!reachable) app.log.info({ event: 'rate_limit_store_available' }, 'Redis reachable again');
    reachable = true;
  });
  app.addHook('onClose', async () => {
    closing = true;
    redis.disconnect();
  });
  await redis.connect().catch(() => {
    // Logged by the error listener; the client keeps trying to reconnect.
  });
  return redis;
}
