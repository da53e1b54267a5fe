/**
 * What checking the session on every request costs: `GET /auth/v1/user` with a bearer token on the
 * real server (SQLite, 1,000 seeded users), as it runs, and with the session check answered
 * "live" without a database read. A third server verifies the token's signature on every request
 * instead of remembering verified tokens, to show what remembering them gains. No budget: figures
 * and a verdict (see docs/decisions/018).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { createAccessTokens } from '../apps/server/src/auth/access-tokens.ts';
import { loadSigningKey } from '../apps/server/src/auth/keys.ts';
import { systemClock } from '../apps/server/src/clock.ts';
import { signInForTest } from '../apps/server/src/testing/auth.ts';
import {
  benchAppConfig,
  type Comparison,
  listenOnLoopback,
  type Measurement,
  measurePair,
  serveInChild,
  startServer,
} from './lib.ts';

const SEEDED_USERS = 1000;
type Variant = 'shipped' | 'unchecked' | 'unremembered';

/** Child process: the whole app on a fresh embedded database, with the session check as `variant` says. */
async function serveApp(variant: Variant): Promise<{ port: number; accessToken: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-session-'));
  const config = benchAppConfig(dataDir, { AUTH_RATE_LIMIT_PER_MINUTE: String(1e9) });
  const app = await buildApp({ config, webDist: path.join(dataDir, 'no-web') });
  for (let i = 0; i < SEEDED_USERS; i++) await signInForTest(app, `seeded-${i}@example.com`);
  const { accessToken } = await signInForTest(app, 'bench@example.com', { firstName: 'Bench' });
  // The guard calls these through the service objects, so replacing them here changes what it does.
  if (variant === 'unchecked') app.auth.sessions.isLive = async () => true;
  if (variant === 'unremembered') {
    const everyTime = createAccessTokens(await loadSigningKey(config), {
      issuer: `${config.publicUrl}/auth/v1`,
      ttlSeconds: config.auth.accessTokenTtl,
      clock: systemClock,
      rememberedTokens: 0,
    });
    app.auth.tokens.verify = everyTime.verify;
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: await listenOnLoopback(app.server), accessToken };
}

await serveInChild(import.meta, { 'serve-app': (variant) => serveApp(variant as Variant) });

const start = (variant: Variant) =>
  startServer<{ port: number; accessToken: string }>(new URL(import.meta.url), ['serve-app', variant]);
const userRead = (ready: { port: number; accessToken: string }) => ({
  url: `http://127.0.0.1:${ready.port}/auth/v1/user`,
  headers: { authorization: `Bearer ${ready.accessToken}` },
});
const row = (m: Measurement) =>
  `  ${m.name.padEnd(44)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${m.p50.toFixed(1).padStart(5)} ms   p99 ${m.p99.toFixed(1).padStart(5)} ms${m.failures ? `   ${m.failures} failed requests` : ''}`;
const percent = (share: number) => `${(share * 100).toFixed(0)}%`;

export async function sessionCheckScenario(): Promise<Comparison[]> {
  const servers = await Promise.all((['shipped', 'unchecked', 'unremembered'] as const).map(start));
  try {
    const [shipped, unchecked] = await measurePair(
      { name: 'as shipped', target: userRead(servers[0]!.ready) },
      { name: 'session check answered "live"', target: userRead(servers[1]!.ready) },
    );
    // Against the shipped server again, in alternating rounds, so both ratios are fair.
    const [unremembered, shippedAgain] = await measurePair(
      { name: 'every token verified again', target: userRead(servers[2]!.ready) },
      { name: 'as shipped (again)', target: userRead(servers[0]!.ready) },
    );
    console.log('\nSession check: GET /auth/v1/user');
    for (const measurement of [shipped, unchecked, unremembered, shippedAgain]) console.log(row(measurement));
    const checkCost = 1 - shipped.requestsPerSecond / unchecked.requestsPerSecond;
    const rememberGain = shippedAgain.requestsPerSecond / unremembered.requestsPerSecond - 1;
    const failures = [shipped, unchecked, unremembered, shippedAgain].reduce((sum, m) => sum + m.failures, 0);
    console.log(
      `  verdict: the session check costs ${percent(checkCost)} of the throughput ` +
        `(p99 ${shipped.p99.toFixed(1)} ms against ${unchecked.p99.toFixed(1)} ms without it); ` +
        `remembering verified tokens gains ${percent(rememberGain)}; failed requests: ${failures}.`,
    );
    return [];
  } finally {
    for (const server of servers) server.stop();
  }
}
