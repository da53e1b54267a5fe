/**
 * The jobs list a client opens: `GET /api/my-jobs` for a client with 2,000 jobs, against a bare
 * node:http + node:sqlite program running the same query and serialisation on the same database
 * file, measured in the same run (budget: at least 0.6 of its requests per second). Both servers run
 * in child processes, so the load generator does not share their event loop.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { decisionOf, JOB_LIST_FIELDS } from '@app/domain/jobs';
import { buildApp } from '../apps/server/src/app.ts';
import { createClientsService } from '../apps/server/src/modules/clients/service.ts';
import { importJobs } from '../apps/server/src/modules/jobs/import.ts';
import { signInForTest } from '../apps/server/src/testing/auth.ts';
import { demoJobs } from '../scripts/seed-demo.ts';
import {
  benchAppConfig,
  type Comparison,
  compare,
  listenOnLoopback,
  measurePair,
  serveInChild,
  startServer,
} from './lib.ts';

export const JOBS_IN_LIST = 2000;
export const JOBS_LIST_BUDGET = 0.6;
const CLIENT_EMAIL = 'bench-client@example.com';

interface AppReady {
  port: number;
  accessToken: string;
  userId: string;
  databaseFile: string;
}

/** Child process: the real app on its own embedded database, with one client and 2,000 jobs. */
async function serveApp(dataDir: string): Promise<AppReady> {
  const config = benchAppConfig(dataDir);
  const app = await buildApp({ config, webDist: path.join(dataDir, 'no-web') });
  const client = await signInForTest(app, CLIENT_EMAIL, { firstName: 'Bench', lastName: 'Client' });
  const { jobs } = demoJobs(new Date(), JOBS_IN_LIST);
  await importJobs(app.db, createClientsService(app.db.kysely), {
    client_id: client.userId,
    format: 'json',
    content: JSON.stringify(jobs),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = await listenOnLoopback(app.server);
  const databaseFile = config.database.kind === 'sqlite' ? config.database.file : '';
  return { port, accessToken: client.accessToken, userId: client.userId, databaseFile };
}

/**
 * Child process: what the list costs without a framework. The same SELECT on the same file, the
 * same 0/1 → boolean mapping and the same lean `{ fields, data, total }` JSON, one array per job.
 */
async function serveBare(databaseFile: string, userId: string): Promise<{ port: number }> {
  const database = new DatabaseSync(databaseFile);
  const list = database.prepare(
    `SELECT ${JOB_LIST_FIELDS.join(', ')} FROM jobs
     WHERE client_id = ?
     ORDER BY refresh_date DESC NULLS LAST, data_posted DESC NULLS LAST, id`,
  );
  list.setReturnArrays(true);
  const applied = JOB_LIST_FIELDS.indexOf('applied_for_job');
  const approval = JOB_LIST_FIELDS.indexOf('client_approval');
  const server = createServer((_request, response) => {
    const rows = list.all(userId) as unknown as unknown[][];
    for (const row of rows) {
      row[applied] = row[applied] === 1;
      row[approval] = decisionOf({ client_approval: row[approval] as string });
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ fields: JOB_LIST_FIELDS, data: rows, total: rows.length }));
  });
  return { port: await listenOnLoopback(server) };
}

await serveInChild(import.meta, { 'serve-app': serveApp, 'serve-bare': serveBare });

export async function jobsListScenario(): Promise<Comparison[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-jobs-'));
  const app = await startServer<AppReady>(new URL(import.meta.url), ['serve-app', dataDir]);
  const bare = await startServer<{ port: number }>(new URL(import.meta.url), [
    'serve-bare',
    app.ready.databaseFile,
    app.ready.userId,
  ]);
  try {
    const list = {
      url: `http://127.0.0.1:${app.ready.port}/api/my-jobs`,
      headers: { authorization: `Bearer ${app.ready.accessToken}` },
    };
    const bareList = `http://127.0.0.1:${bare.ready.port}/list`;
    const sample = await fetch(list.url, { headers: list.headers });
    const body = await sample.text();
    if (sample.status !== 200) throw new Error(`GET /api/my-jobs answered ${sample.status}: ${body}`);
    // The comparison is only fair while both send the same bytes.
    if (body !== (await (await fetch(bareList)).text()))
      throw new Error('The bare list differs from the API');
    const [subject, baseline] = await measurePair(
      { name: `GET /api/my-jobs, ${JOBS_IN_LIST} jobs (app)`, target: list },
      { name: 'same query and JSON (bare node:sqlite)', target: { url: bareList } },
      // Each answer takes a good part of a second: longer rounds, fewer of them.
      { rounds: 2 },
    );
    return [compare('Jobs list of 2,000 jobs', subject, baseline, JOBS_LIST_BUDGET)];
  } finally {
    app.stop();
    bare.stop();
  }
}
