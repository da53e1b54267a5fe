/**
 * Load: 200 clients at once, each on their own connection, for 60 seconds of the client area's
 * real mix (list jobs, check completeness, save onboarding, reject and restore jobs, save notes),
 * sent from this process to a server process. No request may fail or get an unexpected status,
 * and afterwards every acknowledged write must be in the database.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { clientStep, configFrom, REALISTIC_MIX, seedClients, WriteLedger } from './client-mix.ts';
import { cleanupStack, createEnvironment, type DatabaseKind, databaseKinds, report } from './environment.ts';
import { httpClient, LoadFigures, runUsers } from './http-load.ts';
import { startServerProcess } from './server-processes.ts';

const CONNECTIONS = 200;
const JOBS_PER_CLIENT = 10;

/**
 * 60 s on PostgreSQL, the database for production at scale; SQLite gets 20 s when PostgreSQL runs
 * too, to keep `npm run test:resilience` within its time budget (LOAD_SECONDS overrides both).
 */
function secondsFor(kind: DatabaseKind): number {
  if (process.env.LOAD_SECONDS) return Number(process.env.LOAD_SECONDS);
  return kind === 'sqlite' && databaseKinds.includes('postgres') ? 20 : 60;
}

describe(`load: ${CONNECTIONS} concurrent clients, realistic mix`, () => {
  for (const kind of databaseKinds) {
    it(`answers every request correctly and keeps every acknowledged write, on ${kind}`, async () => {
      const seconds = secondsFor(kind);
      const later = cleanupStack();
      try {
        const environment = later.add(await createEnvironment(kind), (made) => made.drop());
        const { clients } = await seedClients(configFrom(environment.env), CONNECTIONS, JOBS_PER_CLIENT);
        const server = later.add(await startServerProcess(environment.env), (started) => started.stop());
        const http = later.add(httpClient(server.url, CONNECTIONS), (client) => client.close());
        const figures = new LoadFigures();
        const ledger = new WriteLedger();
        const deadline = Date.now() + seconds * 1000;
        await runUsers(
          clients,
          () => Date.now() >= deadline,
          clientStep(http, figures, ledger, REALISTIC_MIX),
        );
        await server.stop();
        report(`load on ${kind}: ${CONNECTIONS} connections for ${seconds} s`, figures.table(seconds));
        const totals = figures.totals();
        assert.equal(
          totals.errors + totals.unexpected,
          0,
          `failed requests:\n${figures.problems.join('\n')}`,
        );

        const db = later.add(openDatabase(configFrom(environment.env).database), (opened) => opened.close());
        assert.deepEqual(await ledger.check(db), []);
        report(`load on ${kind}: all ${ledger.acknowledged} acknowledged writes are in the database`);
      } finally {
        await later.run();
      }
    });
  }
});
