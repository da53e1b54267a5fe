import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/**
 * Runs `take` in a transaction of its own and keeps that transaction open, with whatever `take`
 * locked or wrote uncommitted, until `release` is called (which resolves once it has committed).
 * Resolves as soon as `take` has run: a race test then sends the request that has to meet it.
 */
export async function holdOpen(
  db: Db,
  take: (trx: Kysely<Database>) => Promise<void>,
): Promise<{ release(): Promise<void> }> {
  const taken = Promise.withResolvers<void>();
  const released = Promise.withResolvers<void>();
  const holding = db.kysely.transaction().execute(async (trx) => {
    await take(trx);
    taken.resolve();
    await released.promise;
  });
  // A `take` that throws rejects both, so the test sees it instead of waiting forever.
  await Promise.race([taken.promise, holding]);
  return {
    release: () => {
      released.resolve();
      return holding;
    },
  };
}

/**
 * How many statements of this test's PostgreSQL database wait for a lock another transaction holds:
 * a race test polls it to know its request has reached the lock, instead of sleeping and hoping.
 */
export async function waitingOnLocks(db: Db): Promise<number> {
  const { rows } = await sql<{ waiting: number | string }>`select count(*) as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db.kysely);
  return Number(rows[0]?.waiting ?? 0);
}
