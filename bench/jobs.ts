/**
 * Jobs list benchmarks, each against a bare baseline measured in the same run:
 * - a client's list of 2,000 jobs, against a bare node:http + node:sqlite program running the same
 *   query and serialisation (budget: at least 0.5 of its requests per second);
 * - a 304 revalidation of that list, against a bare server answering a fixed small body (budget 0.5).
 * The servers run in child processes so the load generator does not share their event loop.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { decisionOf, JOB_FLAGS } from '@app/domain/jobs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { JOB_LIST_COLUMNS } from '../apps/server/src/modules/jobs/repo.ts';
import { importJobs } from '../apps/server/src/modules/jobs/import.ts';
import { signInForTest } from '../apps/server/src/testing/auth.ts';
import { demoJobs } from '../scripts/seed-demo.ts';

export const JOBS_IN_LIST = 2000;
const CLIENT_EMAIL = 'bench-client@example.com';

interface AppReady {
  port: number;
  accessToken: string;
  userId: string;
  databaseFile: string;
}

/** Child process: the real app on its own embedded database, with one client and 2,000 jobs. */
async function serveApp(dataDir: string): Promise<AppReady> {
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
  const app = await buildApp({ config, webDist: path.join(dataDir, 'no-web') });
  const client = await signInForTest(app, CLIENT_EMAIL, { firstName: 'Bench', lastName: 'Client' });
  const { jobs } = demoJobs(new Date(), JOBS_IN_LIST);
  await importJobs(app.db, { email: CLIENT_EMAIL, format: 'json', content: JSON.stringify(jobs) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  const databaseFile = config.database.kind === 'sqlite' ? config.database.file : '';
  return { port: address.port, accessToken: client.accessToken, userId: client.userId, databaseFile };
}

/**
 * Child process: what the list costs without a framework. The same SELECT on the same file, the
 * same 0/1 → boolean mapping and the same `{ data, total }` JSON; plus a fixed small body.
 */
async function serveBare(databaseFile: string, email: string, userId: string): Promise<{ port: number }> {
  const database = new DatabaseSync(databaseFile, { readOnly: true });
  const list = database.prepare(
    `SELECT ${JOB_LIST_COLUMNS.join(', ')} FROM jobs
     WHERE client_email = ? AND (user_id IS NULL OR user_id = ?)
     ORDER BY refresh_date DESC NULLS LAST, data_posted DESC NULLS LAST, id`,
  );
  const server = createServer((request, response) => {
    if (request.url === '/fixed') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    const rows = list.all(email, userId) as Record<string, unknown>[];
    for (const row of rows) {
      for (const flag of JOB_FLAGS) row[flag] = row[flag] === 1;
      row.applied_for_job = row.applied_for_job === 1;
      row.client_approval = decisionOf(row as { client_approval: string });
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: rows, total: rows.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return { port: address.port };
}

function startChild<T>(args: string[]): Promise<{ child: ChildProcess; ready: T }> {
  const child = fork(new URL(import.meta.url), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as T }));
    child.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
  });
}

process.on('SIGINT', () => process.exit(0));
if (import.meta.main && process.argv[2] === 'serve-app') {
  process.send?.(await serveApp(process.argv[3]!));
} else if (import.meta.main && process.argv[2] === 'serve-bare') {
  process.send?.(await serveBare(process.argv[3]!, process.argv[4]!, process.argv[5]!));
}

export async function startJobsServers() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-jobs-'));
  const app = await startChild<AppReady>(['serve-app', dataDir]);
  const bare = await startChild<{ port: number }>(['serve-bare', app.ready.databaseFile, CLIENT_EMAIL, app.ready.userId]);
  return {
    app: app.ready,
    bare: bare.ready,
    stop: () => {
      app.child.kill();
      bare.child.kill();
    },
  };
}
