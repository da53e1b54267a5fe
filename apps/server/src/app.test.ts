import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds } from './testing/databases.ts';

describe.each(databaseKinds)('server basics on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it('answers /healthz and /readyz when the database is reachable', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await ctx.app.inject('/healthz');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('gives every request its own id, or keeps a well-formed one it was sent', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => ctx.app.inject('/healthz')));
    expect(new Set(ids.map((response) => response.headers['x-request-id'])).size).toBe(3);
    const kept = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-42' } });
    expect(kept.headers['x-request-id']).toBe('edge-42');
    const replaced = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b<c>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(replaced.headers['x-request-id']).not.toBe('a b<c>');
  });

  it('publishes the OpenAPI document', async () => {
    const response = await ctx.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(response.json().openapi).toMatch(/^3\./);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await ctx.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No route for GET /api/nothing-here' });
  });
});
