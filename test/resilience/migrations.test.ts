/**
 * Upgrades with several instances: three server processes start together on one fresh database.
 * Each migration must run exactly once (the migrator's lock), and all three must come up ready.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrationProvider } from '../../apps/server/src/db/migrations/index.ts';
import { configFrom } from './client-mix.ts';
import { cleanupStack, createEnvironment, databaseKinds, report } from './environment.ts';
import { startServerProcess } from './server-processes.ts';

const INSTANCES = 3;

describe(`start-up migrations: ${INSTANCES} instances start together on a fresh database`, () => {
  for (const kind of databaseKinds) {
    it(`runs every migration once and brings every instance up, on ${kind}`, async () => {
      const later = cleanupStack();
      try {
        const environment = later.add(await createEnvironment(kind), (made) => made.drop());
        const started = performance.now();
        const outcomes = await Promise.allSettled(
          Array.from({ length: INSTANCES }, () => startServerProcess(environment.env)),
        );
        const elapsed = performance.now() - started;
        for (const outcome of outcomes) {
          if (outcome.status === 'fulfilled') later.add(outcome.value, (server) => server.stop());
        }
        const failed = outcomes.flatMap((outcome) =>
          outcome.status === 'rejected' ? [String(outcome.reason)] : [],
        );
        assert.deepEqual(failed, []);
        for (const outcome of outcomes) {
          if (outcome.status === 'fulfilled')
            assert.equal((await fetch(`${outcome.value.url}/readyz`)).status, 200);
        }

        const db = later.add(openDatabase(configFrom(environment.env).database), (opened) => opened.close());
        const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          db.kysely,
        );
        const expected = Object.keys(await migrationProvider.getMigrations()).sort();
        assert.deepEqual(
          rows.map((row) => row.name),
          expected,
        );
        report(
          `start-up migrations on ${kind}`,
          `  ${INSTANCES} instances ready ${elapsed.toFixed(0)} ms after starting together; ${expected.length} migrations, each recorded once`,
        );
      } finally {
        await later.run();
      }
    });
  }
});
