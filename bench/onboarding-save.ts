/**
 * Saving a whole onboarding record (PUT /api/onboarding-submissions/{id}, as the wizard does on every
 * step), against a bare node:http + node:sqlite program doing the same upsert on the same database
 * file: same columns, same list/boolean mapping, same `{ data }` JSON. Budget: at least 0.5 of its
 * requests per second. Both servers run in child processes.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { buffer } from 'node:stream/consumers';
import { ONBOARDING_FIELDS } from '@app/domain/onboarding-fields';
import { buildApp } from '../apps/server/src/app.ts';
import { onboardClient } from '../apps/server/src/testing/clients.ts';
import { completeRecord } from '../apps/server/src/testing/onboarding-record.ts';
import {
  benchAppConfig,
  type Comparison,
  compare,
  listenOnLoopback,
  measurePair,
  serveInChild,
  startServer,
} from './lib.ts';

const BUDGET = 0.5;

interface AppReady {
  port: number;
  accessToken: string;
  userId: string;
  recordId: string;
  /** The stored resume the record points at: a save may name only the client's own document. */
  resumePath: string;
  databaseFile: string;
}

/** Child process: the real app on its own embedded database, with one client and their record. */
async function serveApp(dataDir: string): Promise<AppReady> {
  const config = benchAppConfig(dataDir);
  const app = await buildApp({ config, webDist: path.join(dataDir, 'no-web') });
  const client = await onboardClient(app, 'bench-onboarding@example.com', {
    record: { first_name: 'Bench', last_name: 'Client' },
  });
  const created = await app.inject({ url: '/api/onboarding-submissions', headers: client.headers });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = await listenOnLoopback(app.server);
  if (config.database.kind !== 'sqlite') throw new Error('the benchmark runs on the embedded database');
  return {
    port,
    accessToken: client.headers.authorization.slice('Bearer '.length),
    userId: client.userId,
    recordId: created.json().data[0].id,
    resumePath: client.resumePath!,
    databaseFile: config.database.file,
  };
}

/** Child process: the same upsert with nothing around it but JSON parsing and the column mapping. */
async function serveBare(databaseFile: string, userId: string): Promise<{ port: number }> {
  const database = new DatabaseSync(databaseFile, { timeout: 5000 });
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
  const columns = ONBOARDING_FIELDS.map((field) => field.snake);
  const upsert = database.prepare(
    `INSERT INTO onboarding_submissions (id, user_id, ${columns.join(', ')}, created_at, updated_at)
     VALUES (?, ?, ${columns.map(() => '?').join(', ')}, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')},
       updated_at = excluded.updated_at
     RETURNING *`,
  );
  const server = createServer(async (request, response) => {
    const body = JSON.parse((await buffer(request)).toString('utf8')) as Record<string, unknown>;
    const now = new Date().toISOString();
    const values = ONBOARDING_FIELDS.map(({ snake, kind }) =>
      kind === 'list'
        ? JSON.stringify(body[snake])
        : kind === 'boolean'
          ? body[snake]
            ? 1
            : 0
          : String(body[snake]),
    );
    const row = upsert.get(crypto.randomUUID(), userId, ...values, now, now) as Record<string, unknown>;
    for (const { snake, kind } of ONBOARDING_FIELDS) {
      if (kind === 'list') row[snake] = JSON.parse(String(row[snake]));
      if (kind === 'boolean') row[snake] = row[snake] === 1;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: row }));
  });
  return { port: await listenOnLoopback(server) };
}

await serveInChild(import.meta, { 'serve-app': serveApp, 'serve-bare': serveBare });

export async function onboardingSaveScenario(): Promise<Comparison[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-onboarding-'));
  const self = new URL(import.meta.url);
  const app = await startServer<AppReady>(self, ['serve-app', dataDir]);
  // Both run side by side on the same file; measurePair loads them in turn.
  const bare = await startServer<{ port: number }>(self, [
    'serve-bare',
    app.ready.databaseFile,
    app.ready.userId,
  ]).catch((error: unknown) => {
    app.stop();
    throw error;
  });
  const body = JSON.stringify(completeRecord({ resume: app.ready.resumePath }));
  const json = { 'content-type': 'application/json' };
  try {
    const [subject, baseline] = await measurePair(
      {
        name: 'PUT full onboarding record (app)',
        target: {
          url: `http://127.0.0.1:${app.ready.port}/api/onboarding-submissions/${app.ready.recordId}`,
          method: 'PUT',
          headers: { ...json, authorization: `Bearer ${app.ready.accessToken}` },
          body,
        },
      },
      {
        name: 'same upsert (bare node:http + sqlite)',
        target: { url: `http://127.0.0.1:${bare.ready.port}/`, method: 'PUT', headers: json, body },
      },
      // Best of three rounds each: a single round on a busy machine mostly measures the neighbours.
      { rounds: 3 },
    );
    return [compare('Onboarding: save the whole record', subject, baseline, BUDGET)];
  } finally {
    app.stop();
    bare.stop();
  }
}
