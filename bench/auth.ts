/**
 * Authenticated read: `GET /auth/v1/user` with a bearer token on the real server (SQLite, 1,000
 * seeded users), against a bare node:http server answering the same bytes (status, headers and body
 * as the app sent them, so both sides put the same work on the wire and on the load generator). Budget: at least 0.6 of
 * the bare server's requests per second, so token verification and the framework do not dominate.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { signInForTest } from '../apps/server/src/testing/auth.ts';
import { recordAnswer, startFixedAnswer } from './fixed-answer.ts';
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
    // The limiters still run on every request; their budgets are just out of reach here.
    AUTH_RATE_LIMIT_PER_MINUTE: String(1e9),
    API_RATE_LIMIT_PER_MINUTE: String(1e9),
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

if (import.meta.main && process.argv[2] === 'serve-app') process.send?.(await serveApp());

export async function authenticatedReadScenario(): Promise<Comparison[]> {
  const app = await startServer<{ port: number; accessToken: string }>(new URL(import.meta.url), [
    'serve-app',
  ]);
  const target = {
    url: `http://127.0.0.1:${app.ready.port}/auth/v1/user`,
    headers: { authorization: `Bearer ${app.ready.accessToken}` },
  };
  const answer = await recordAnswer(target.url, target.headers);
  if (answer.status !== 200) throw new Error(`GET /auth/v1/user answered ${answer.status}: ${answer.body}`);
  const bare = await startFixedAnswer(answer);
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
