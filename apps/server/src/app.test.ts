import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createTestApp, databaseKinds, testConfig } from './testing/databases.ts';

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

describe('the built web app', () => {
  const INDEX =
    '<!doctype html><title>App</title><script type="module" src="/assets/app-4f2a9c.js"></script>';
  const SCRIPT = 'console.log("app");';
  // Larger than the size from which the server compresses answers itself.
  const LARGE_SCRIPT = 'console.log("vendor");\n'.repeat(200);
  let app: Awaited<ReturnType<typeof buildApp>>;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // As the build writes them: each file also in Brotli and gzip, beside it.
    for (const [file, content] of [
      ['index.html', INDEX],
      ['assets/app-4f2a9c.js', SCRIPT],
      ['assets/vendor-7e1b2d.js', LARGE_SCRIPT],
    ] as const) {
      writeFileSync(path.join(webDist, file), content);
      writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(content, { level: 9 }));
    }
    app = await buildApp({ config: testConfig(), webDist });
  });
  afterAll(async () => app.close());

  const get = (url: string, accept?: string) =>
    app.inject({ url, headers: accept === undefined ? {} : { accept } });

  it('caches hashed assets for a year and makes everything else revalidate', async () => {
    const script = await get('/assets/app-4f2a9c.js', '*/*');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(SCRIPT);
    expect(script.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg', '*/*');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the Brotli or gzip file the build wrote, as the browser accepts, compressed once', async () => {
    const fetch = (url: string, acceptEncoding?: string) =>
      app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    const brotli = await fetch('/assets/vendor-7e1b2d.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    // The build's own file (at Brotli's highest quality), not the server compressing on the fly.
    expect(brotli.rawPayload).toEqual(readFileSync(path.join(webDist, 'assets/vendor-7e1b2d.js.br')));
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(LARGE_SCRIPT);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await fetch('/assets/vendor-7e1b2d.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload).toEqual(readFileSync(path.join(webDist, 'assets/vendor-7e1b2d.js.gz')));
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(LARGE_SCRIPT);
    const plain = await fetch('/assets/vendor-7e1b2d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(LARGE_SCRIPT);
    // The history fallback too.
    const page = await app.inject({
      url: '/myjobs',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it('answers every page of the app with index.html, for browsers and plain clients alike', async () => {
    for (const [url, accept] of [
      ['/', 'text/html,application/xhtml+xml'],
      ['/myjobs?refresh=1', 'text/html'],
      ['/profile', '*/*'],
      ['/job-stats', undefined],
    ] as const) {
      const page = await get(url, accept);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(INDEX);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const head = await app.inject({ method: 'HEAD', url: '/profile', headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
  });

  it('answers a write to a page of the app with the JSON 404, not the page', async () => {
    const response = await app.inject({ method: 'POST', url: '/profile', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No route for POST /profile' });
  });

  it('keeps a missing file, an API path and a path outside the build a 404', async () => {
    for (const [url, accept] of [
      ['/assets/app-missing.js', '*/*'],
      ['/logo.png', undefined],
      ['/api/nothing-here', 'text/html'],
      ['/auth/v1/nothing-here', '*/*'],
      ['/../package.json', 'application/json'],
    ] as const) {
      const response = await get(url, accept);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error, url).toMatch(/^No route for GET /);
    }
    const outside = await get('/%2e%2e/%2e%2e/package.json', 'text/html');
    expect(outside.body).not.toContain('"workspaces"');
  });
});
