import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../errors.ts';
import { perAddressRateLimit } from './rate-limit.ts';

/** A server with only the limiter (3 a minute) and a clock the test moves. */
async function limitedServer() {
  const clock = { now: 1_000_000 };
  const app = Fastify();
  installErrorHandler(app);
  app.addHook(
    'onRequest',
    perAddressRateLimit(3, () => clock.now),
  );
  app.get('/auth/v1/thing', async () => ({ ok: true }));
  await app.ready();
  const call = (remoteAddress = '203.0.113.1') => app.inject({ url: '/auth/v1/thing', remoteAddress });
  return { app, clock, call };
}

describe('per-address rate limit', () => {
  it('lets the budget through, then answers 429 saying how long to wait, with Retry-After', async () => {
    const { clock, call } = await limitedServer();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call()).statusCode);
    expect(statuses).toEqual([200, 200, 200]);

    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests. Please try again in 1 minute.' });
    expect(limited.headers['retry-after']).toBe('60');

    clock.now += 58_500;
    const later = await call();
    expect(later.json()).toEqual({ error: 'Too many requests. Please try again in 2 seconds.' });
    expect(later.headers['retry-after']).toBe('2');

    clock.now += 1_000;
    expect((await call()).json()).toEqual({ error: 'Too many requests. Please try again in 1 second.' });
  });

  it('starts a new budget once the minute since the first request is over', async () => {
    const { clock, call } = await limitedServer();
    for (let i = 0; i < 4; i++) await call();
    clock.now += 60_000;
    expect((await call()).statusCode).toBe(200);
  });

  it('counts each client address on its own', async () => {
    const { call } = await limitedServer();
    for (let i = 0; i < 4; i++) await call('203.0.113.1');
    expect((await call('203.0.113.1')).statusCode).toBe(429);
    expect((await call('198.51.100.7')).statusCode).toBe(200);
  });
});
