/**
 * Crash: the server process is killed with SIGKILL in the middle of a storm of writes of every
 * kind, then started again on the same database. Every write acknowledged before the kill must be
 * there, the database must pass its integrity check, and the restarted server must take writes.
 */
import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { type Db, openDatabase } from '../../apps/server/src/db/database.ts';
import { clientStep, configFrom, seedClients, WRITE_STORM, WriteLedger } from './client-mix.ts';
import { cleanupStack, createEnvironment, databaseKinds, report } from './environment.ts';
import { httpClient, LoadFigures, runUsers } from './http-load.ts';
import { startServerProcess } from './server-processes.ts';

const WRITERS = 50;
const STORM_MS = 3000;

/** SQLite's own checks of the file as the killed process left it: structure and foreign keys. */
function sqliteIntegrity(file: string): { integrity: string; foreignKeyProblems: number } {
  const database = new DatabaseSync(file);
  try {
    const { integrity_check } = database.prepare('PRAGMA integrity_check').get() as {
      integrity_check: string;
    };
    const foreignKeyProblems = database.prepare('PRAGMA foreign_key_check').all().length;
    return { integrity: integrity_check, foreignKeyProblems };
  } finally {
    database.close();
  }
}

/** PostgreSQL rolls back what a dead client left open; nothing may stay half-done or locked. */
async function openTransactionsLeft(db: Db): Promise<number> {
  const { rows } = await sql<{ open: number }>`
    select count(*)::int as open from pg_stat_activity
    where datname = current_database() and state like 'idle in transaction%'`.execute(db.kysely);
  return rows[0]!.open;
}

describe(`crash: SIGKILL during a storm of writes from ${WRITERS} clients`, () => {
  for (const kind of databaseKinds) {
    it(`keeps every acknowledged write and a sound database, on ${kind}`, async () => {
      const later = cleanupStack();
      try {
        const environment = later.add(await createEnvironment(kind), (made) => made.drop());
        const config = configFrom(environment.env);
        const { clients } = await seedClients(config, WRITERS, 5);
        const server = later.add(await startServerProcess(environment.env), (started) => started.kill());
        const http = later.add(httpClient(server.url, WRITERS), (client) => client.close());
        const figures = new LoadFigures();
        const ledger = new WriteLedger();
        let killed = false;
        const storm = runUsers(clients, () => killed, clientStep(http, figures, ledger, WRITE_STORM));
        await new Promise((resolve) => setTimeout(resolve, STORM_MS));
        await server.kill();
        killed = true;
        await storm;
        const { requests, errors } = figures.totals();
        assert.ok(
          ledger.acknowledged > 100,
          `only ${ledger.acknowledged} writes were acknowledged before the kill`,
        );
        assert.ok(errors > 0, 'the kill did not interrupt any request');

        let soundness = '';
        if (config.database.kind === 'sqlite') {
          const { integrity, foreignKeyProblems } = sqliteIntegrity(config.database.file);
          assert.equal(integrity, 'ok');
          assert.equal(foreignKeyProblems, 0);
          soundness = `PRAGMA integrity_check: ${integrity}, foreign_key_check: ${foreignKeyProblems} problems`;
        }

        const restartedAt = performance.now();
        const restarted = later.add(await startServerProcess(environment.env, server.port), (started) =>
          started.stop(),
        );
        const restartMs = performance.now() - restartedAt;
        const db = later.add(openDatabase(config.database), (opened) => opened.close());
        assert.deepEqual(await ledger.check(db), []);
        if (kind === 'postgres') {
          assert.equal(await openTransactionsLeft(db), 0);
          soundness = 'no transaction left open by the killed server';
        }

        // The restarted server takes every kind of write again.
        const after = later.add(httpClient(restarted.url, 1), (client) => client.close());
        const afterFigures = new LoadFigures();
        const step = clientStep(after, afterFigures, new WriteLedger(), WRITE_STORM);
        for (let i = 0; i < 20; i++) await step(clients[i % clients.length]!, i);
        const afterTotals = afterFigures.totals();
        assert.equal(afterTotals.errors + afterTotals.unexpected, 0, afterFigures.problems.join('\n'));
        report(
          `crash on ${kind}`,
          `  ${requests} writes sent in ${STORM_MS / 1000} s, ${ledger.acknowledged} acknowledged, ${errors} unanswered (in flight at the kill, or sent as it happened)\n` +
            `  all acknowledged writes present after restart; restart to ready in ${restartMs.toFixed(0)} ms; ${soundness}`,
        );
      } finally {
        await later.run();
      }
    });
  }
});
