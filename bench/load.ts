/**
 * The client area under load, a shorter run of the resilience suite's load test: 200 clients at
 * once on the realistic mix (list jobs, check completeness, save onboarding, reject and restore
 * jobs, save notes) against the app in a child process on its embedded database, and on PostgreSQL
 * when TEST_DATABASE_URL names one, with p50 and p99 printed per route. Each is judged against a
 * bare node:http server answering a small fixed body, loaded by the same generator with the same 200
 * connections: the mix must keep at least 0.07 of its requests per second on SQLite and 0.03 on
 * PostgreSQL (about half of what each keeps on a quiet machine), with no failed request and every
 * acknowledged write found in the database afterwards.
 */
import { createServer } from 'node:http';
import { openDatabase } from '../apps/server/src/db/database.ts';
import {
  clientStep,
  configFrom,
  REALISTIC_MIX,
  seedClients,
  WriteLedger,
} from '../test/resilience/client-mix.ts';
import { createEnvironment, type DatabaseKind, databaseKinds } from '../test/resilience/environment.ts';
import { httpClient, LoadFigures, runUsers } from '../test/resilience/http-load.ts';
import { startServerProcess } from '../test/resilience/server-processes.ts';
import {
  type Comparison,
  compare,
  listenOnLoopback,
  type Measurement,
  serveInChild,
  startServer,
} from './lib.ts';

const CONNECTIONS = 200;
/**
 * About half of what the mix keeps on a quiet 2-core machine: 0.12 on the embedded database, 0.06 on
 * a PostgreSQL server that shares those two cores. A floor against collapse; the mix's own budget
 * is no failed request and no lost write, which `measurement` counts as failures.
 */
const BUDGET: Record<DatabaseKind, number> = { sqlite: 0.07, postgres: 0.03 };

/** Child process: the smallest possible answer. */
async function serveBare(): Promise<{ port: number }> {
  const body = Buffer.from('{"ok":true}');
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
  });
  return { port: await listenOnLoopback(server) };
}

await serveInChild(import.meta, { 'serve-bare': serveBare });

function measurement(name: string, figures: LoadFigures, seconds: number, lost = 0): Measurement {
  const totals = figures.totals();
  return {
    name,
    requestsPerSecond: totals.requests / seconds,
    p50: totals.p50,
    p99: totals.p99,
    requests: totals.requests,
    failures: totals.errors + totals.unexpected + lost,
  };
}

/** The realistic mix against the app on one kind of database: per-route figures printed, all routes measured. */
async function runMix(kind: DatabaseKind, seconds: number): Promise<Measurement> {
  const environment = await createEnvironment(kind);
  try {
    const { clients } = await seedClients(configFrom(environment.env), CONNECTIONS, 10);
    const app = await startServerProcess(environment.env);
    const mix = new LoadFigures();
    const ledger = new WriteLedger();
    const appClient = httpClient(app.url, CONNECTIONS);
    const deadline = Date.now() + seconds * 1000;
    try {
      await runUsers(
        clients,
        () => Date.now() >= deadline,
        clientStep(appClient, mix, ledger, REALISTIC_MIX),
      );
    } finally {
      appClient.close();
      await app.stop();
    }
    const db = openDatabase(configFrom(environment.env).database);
    const lost = await ledger.check(db);
    await db.close();
    console.log(
      `\nClient area mix on ${kind}, ${CONNECTIONS} connections, per route:\n${mix.table(seconds)}`,
    );
    if (lost.length > 0) console.log(`  ${lost.length} acknowledged writes missing, such as ${lost[0]}`);
    return measurement(`realistic mix (app on ${kind}, all routes)`, mix, seconds, lost.length);
  } finally {
    await environment.drop();
  }
}

export async function loadMixScenario(): Promise<Comparison[]> {
  const seconds = Number(process.env.BENCH_DURATION ?? 10);
  if (!databaseKinds.includes('postgres')) {
    console.log(
      '  PostgreSQL not measured: set TEST_DATABASE_URL to an administrator connection to measure it too.',
    );
  }
  const mixes: Measurement[] = [];
  for (const kind of databaseKinds) mixes.push(await runMix(kind, seconds));

  const bare = await startServer<{ port: number }>(new URL(import.meta.url), ['serve-bare']);
  const fixed = new LoadFigures();
  const bareClient = httpClient(`http://127.0.0.1:${bare.ready.port}`, CONNECTIONS);
  const deadline = Date.now() + seconds * 1000;
  // As many callers at once as the mix had.
  const callers = Array.from({ length: CONNECTIONS }, (_, index) => index);
  try {
    await runUsers(
      callers,
      () => Date.now() >= deadline,
      async () => {
        const call = { route: 'GET /fixed', method: 'GET' as const, path: '/fixed' };
        fixed.record(call, await bareClient.send(call));
      },
    );
  } finally {
    bareClient.close();
    bare.stop();
  }
  const baseline = measurement('fixed small body (bare node:http)', fixed, seconds);
  return mixes.map((mix, index) =>
    compare(
      `Client area mix on ${databaseKinds[index]}, ${CONNECTIONS} connections`,
      mix,
      baseline,
      BUDGET[databaseKinds[index] ?? 'sqlite'],
    ),
  );
}
