import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startTcpProxy } from '../../../test/resilience/tcp-proxy.ts';
import { buildApp } from './app.ts';
import { signInForTest } from './testing/auth.ts';
import { uploadDocument } from './testing/clients.ts';
import { createTestDatabase, databaseKinds, type TestDatabase, testConfig } from './testing/databases.ts';
import { pdfBytes } from './testing/documents.ts';

/** A real Redis: CI starts one and names it; locally the default port. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Everything a test opened, closed after it. */
const opened: { apps: FastifyInstance[]; databases: TestDatabase[] } = { apps: [], databases: [] };
afterEach(async () => {
  await Promise.all(opened.apps.splice(0).map((app) => app.close()));
  await Promise.all(opened.databases.splice(0).map((database) => database.drop()));
});

/** An app whose warning log lines the test can read. */
async function limitedApp(env: Record<string, string>, shared?: { dataDir: string }) {
  const lines: Record<string, unknown>[] = [];
  const config = testConfig({ LOG_LEVEL: 'warn', ...env, ...(shared ? { DATA_DIR: shared.dataDir } : {}) });
  const app = await buildApp({
    config,
    webDist: path.join(config.dataDir, 'no-web'),
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  opened.apps.push(app);
  return { app, config, lines };
}

const logout = (app: FastifyInstance, remoteAddress = '203.0.113.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/auth/v1/logout', remoteAddress, headers });
/** A refresh without a token: nothing to restore (204), but counted as a sign-in request. */
const refresh = (app: FastifyInstance, remoteAddress = '203.0.113.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', remoteAddress, headers });

/** A 429 saying to wait a minute, with Retry-After, logged as a security event with these fields. */
function expectLimitedForAMinute(
  limited: Awaited<ReturnType<FastifyInstance['inject']>>,
  lines: Record<string, unknown>[],
  logged: Record<string, unknown>,
) {
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({ error: 'Too many requests. Please try again in 1 minute.' });
  expect(limited.headers['retry-after']).toBe('60');
  expect(lines).toContainEqual(
    expect.objectContaining({ event: 'rate_limited', reqId: limited.headers['x-request-id'], ...logged }),
  );
}

/** A key prefix no other test run uses, so counters left in Redis never meet. */
const uniquePrefix = () => `test-${randomBytes(6).toString('hex')}:`;

describe('sign-in routes, per client address', () => {
  it('lets the budget through, then answers 429 saying how long to wait, with Retry-After, and logs it', async () => {
    const { app, lines } = await limitedApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await refresh(app)).statusCode);
    expect(statuses).toEqual([204, 204, 204]);

    const limited = await app.inject({ url: '/auth/v1/authorize', remoteAddress: '203.0.113.1' });
    expectLimitedForAMinute(limited, lines, { userId: null, ip: '203.0.113.1', route: '/auth/v1/authorize' });

    // Another spelling of the same route is the same route.
    const encoded = await app.inject({
      method: 'POST',
      url: '/auth/v1/%74oken?grant_type=refresh_token',
      remoteAddress: '203.0.113.1',
    });
    expect(encoded.statusCode).toBe(429);
    // Another address has its own budget; the development provider's pages share this one.
    expect((await refresh(app, '198.51.100.7')).statusCode).toBe(204);
    expect((await app.inject({ url: '/oidc/auth', remoteAddress: '203.0.113.1' })).statusCode).toBe(429);
    // Signing out only takes rights away: it is never refused, so a session is never left alive.
    expect((await logout(app)).statusCode).toBe(204);
    // Public reads that are not sign-in are not counted.
    expect((await app.inject({ url: '/api/public-config', remoteAddress: '203.0.113.1' })).statusCode).toBe(
      200,
    );
  });
});

describe.each(databaseKinds)('signed-in calls, per user, on %s', (kind) => {
  async function appOn(env: Record<string, string>) {
    const database = await createTestDatabase(kind);
    opened.databases.push(database);
    return limitedApp({ DATABASE_URL: database.url, ...env });
  }

  it('counts each user on their own, whatever address they call from, and logs the user id', async () => {
    const { app, lines } = await appOn({ API_RATE_LIMIT_PER_MINUTE: '3' });
    const ada = await signInForTest(app, 'ada@example.com');
    const linus = await signInForTest(app, 'linus@example.com');
    const call = (headers: { authorization: string }, remoteAddress: string) =>
      app.inject({ url: '/api/onboarding-submissions', headers, remoteAddress });

    const statuses = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push((await call(ada.authHeader, address)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);
    // Answers under the limit carry no limit headers.
    expect((await call(linus.authHeader, '203.0.113.9')).headers['x-ratelimit-remaining']).toBeUndefined();
    const limited = await call(ada.authHeader, '203.0.113.4');
    expectLimitedForAMinute(limited, lines, { userId: ada.userId });

    expect((await call(linus.authHeader, '203.0.113.4')).statusCode).toBe(200);
  });

  it('gives feedback and notes a tighter budget of their own', async () => {
    const { app } = await appOn({ NOTES_RATE_LIMIT_PER_MINUTE: '2' });
    const ada = await signInForTest(app, 'ada@example.com');
    const feedback = () =>
      app.inject({
        method: 'POST',
        url: '/api/onboarding-feedback',
        headers: ada.authHeader,
        payload: { text: 'Smooth.' },
      });
    expect([(await feedback()).statusCode, (await feedback()).statusCode]).toEqual([201, 201]);
    const limited = await feedback();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many requests\. Please try again in /);
    // The rest of the API still answers.
    const list = await app.inject({ url: '/api/onboarding-submissions', headers: ada.authHeader });
    expect(list.statusCode).toBe(200);
  });

  it('gives uploads a tighter budget of their own', async () => {
    const { app } = await appOn({ UPLOAD_RATE_LIMIT_PER_MINUTE: '2' });
    const ada = await signInForTest(app, 'ada@example.com');
    const upload = () =>
      uploadDocument(app, ada.authHeader, 'resumes', { filename: 'cv.pdf', bytes: pdfBytes() });
    await upload();
    await upload();
    await expect(upload()).rejects.toThrow(
      /^upload failed: 429 \{"error":"Too many requests\. Please try again in /,
    );
    // The rest of the API still answers.
    const list = await app.inject({ url: '/api/onboarding-submissions', headers: ada.authHeader });
    expect(list.statusCode).toBe(200);
  });

  it('shares one budget between two instances through Redis', async () => {
    const database = await createTestDatabase(kind);
    opened.databases.push(database);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: uniquePrefix(),
      API_RATE_LIMIT_PER_MINUTE: '3',
    };
    // The same data folder: both instances sign with the same generated key.
    const first = await limitedApp(env);
    const second = await limitedApp(env, { dataDir: first.config.dataDir });
    const ada = await signInForTest(first.app, 'ada@example.com');
    const call = (app: FastifyInstance) =>
      app.inject({ url: '/api/onboarding-submissions', headers: ada.authHeader });

    const statuses = [];
    for (const app of [first.app, second.app, first.app, second.app])
      statuses.push((await call(app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('counters in Redis', () => {
  it('shares the sign-in budget of an address between two instances', async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: uniquePrefix(), AUTH_RATE_LIMIT_PER_MINUTE: '2' };
    const first = await limitedApp(env);
    const second = await limitedApp(env);
    expect((await refresh(first.app)).statusCode).toBe(204);
    expect((await refresh(second.app)).statusCode).toBe(204);
    expect((await refresh(first.app)).statusCode).toBe(429);
    expect((await refresh(second.app)).statusCode).toBe(429);
  });

  it('lets requests through uncounted while Redis cannot be reached, and says so in the log', async () => {
    const { app, lines } = await limitedApp({
      REDIS_URL: 'redis://127.0.0.1:9',
      REDIS_KEY_PREFIX: uniquePrefix(),
      AUTH_RATE_LIMIT_PER_MINUTE: '1',
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await refresh(app)).statusCode);
    expect(statuses).toEqual([204, 204, 204]);
    expect(lines).toContainEqual(expect.objectContaining({ event: 'rate_limit_store_unavailable' }));
  });
});

describe('a Redis that goes away and comes back', () => {
  it('lets requests through uncounted while it is gone, and counts again once it is back', async () => {
    const redis = new URL(REDIS_URL);
    const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    try {
      const { app, lines } = await limitedApp({
        REDIS_URL: proxy.via(REDIS_URL),
        REDIS_KEY_PREFIX: uniquePrefix(),
        AUTH_RATE_LIMIT_PER_MINUTE: '2',
        LOG_LEVEL: 'info',
      });
      await proxy.outage();
      const duringOutage = [];
      for (let i = 0; i < 4; i++) duringOutage.push((await refresh(app)).statusCode);
      expect(duringOutage).toEqual([204, 204, 204, 204]);
      expect(lines).toContainEqual(expect.objectContaining({ event: 'rate_limit_store_unavailable' }));

      await proxy.recover();
      await expect
        .poll(() => lines, { timeout: 10_000 })
        .toContainEqual(expect.objectContaining({ event: 'rate_limit_store_available' }));
      const afterwards = [];
      for (let i = 0; i < 3; i++) afterwards.push((await refresh(app)).statusCode);
      expect(afterwards).toEqual([204, 204, 429]);
    } finally {
      await proxy.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('with one proxy, takes the address the proxy saw, not one the client wrote, and limits on it', async () => {
    const { app } = await limitedApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    const proxy = '10.0.0.5';
    // Each request claims a different address of its own before the one the proxy appended.
    const spoofed = (claimed: string, real: string) =>
      refresh(app, proxy, { 'x-forwarded-for': `${claimed}, ${real}` });
    expect((await spoofed('192.0.2.1', '198.51.100.20')).statusCode).toBe(204);
    expect((await spoofed('192.0.2.2', '198.51.100.20')).statusCode).toBe(204);
    expect((await spoofed('192.0.2.3', '198.51.100.20')).statusCode).toBe(429);
    expect((await spoofed('192.0.2.3', '198.51.100.21')).statusCode).toBe(204);
  });

  it('without a proxy setting, ignores X-Forwarded-For altogether', async () => {
    const { app } = await limitedApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1' });
    expect((await refresh(app, '203.0.113.1', { 'x-forwarded-for': '192.0.2.1' })).statusCode).toBe(204);
    expect((await refresh(app, '203.0.113.1', { 'x-forwarded-for': '192.0.2.2' })).statusCode).toBe(429);
  });
});
