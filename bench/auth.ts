/**
 * Authenticated read: `GET /auth/v1/user` with a bearer token on the real server (SQLite, 1,000
 * seeded users), against a bare node:http server answering the same bytes. Budget: at least 0.6 of
 * the bare server's requests per second, so token verification and the framework do not dominate.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { signInForTest } from '../apps/server/src/testing/auth.ts';
import { type Comparison, compare, measurePair, startServer } from './lib.ts';

const SEEDED_USERS = 1000;
const BUDGET = 0.6;

/** Child process: the whole app on a fresh embedded database, listening on a free port. */
async function serveApp(): Promise<{ port: number; accessToken: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-auth-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // The limiter still runs on every /auth request; its budget is just out of reach here.
    AUTH_RATE_LIMIT_PER_MINUTE: String(1e9),
  });
  const app = await buildApp({ config, webDist: path.join(dataDir, 'no-web') });
  for (let i = 0; i < SEEDED_USERS; i++) await signInForTest(app, `seeded-${i}@example.com`);
  const { accessToken } = await signInForTest(app, 'bench@example.com', {
    firstName: 'Bench',
    lastName: 'User',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as { port: number }).port, accessToken };
}

/** Child process: the same response bytes with nothing in between. */
async function serveBare(contentType: string, body: string): Promise<{ port: number }> {
  const bytes = Buffer.from(body);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port };
}

if (import.meta.main && process.argv[2] === 'serve-app') {
  process.send?.(await serveApp());
} else if (import.meta.main && process.argv[2] === 'serve-bare') {
  process.send?.(await serveBare(process.argv[3]!, process.argv[4]!));
}

export async function authenticatedReadScenario(): Promise<Comparison[]> {
  const app = await startServer<{ port: number; accessToken: string }>(new URL(import.meta.url), [
    'serve-app',
  ]);
  const target = {
    url: `http://127.0.0.1:${app.ready.port}/auth/v1/user`,
    headers: { authorization: `Bearer ${app.ready.accessToken}` },
  };
  const sample = await fetch(target.url, { headers: target.headers });
  if (sample.status !== 200)
    throw new Error(`GET /auth/v1/user answered ${sample.status}: ${await sample.text()}`);
  const contentType = sample.headers.get('content-type') ?? 'application/json';
  const bare = await startServer<{ port: number }>(new URL(import.meta.url), [
    'serve-bare',
    contentType,
    await sample.text(),
  ]);
  try {
    const [subject, baseline] = await measurePair(
      { name: 'GET /auth/v1/user (app)', target },
      { name: 'same bytes (bare node:http)', target: { url: `http://127.0.0.1:${bare.ready.port}/` } },
    );
    return [compare('Authenticated read', subject, baseline, BUDGET)];
  } finally {
    app.stop();
    bare.stop();
  }
}
