import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SEARCH_FOLDS } from '@app/domain/search-text';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  type RawBuilder,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { GONE_MEANWHILE_MESSAGE, NotFound } from '../errors.ts';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite-adapter.ts';

export interface Db {
  kysely: Kysely<Database>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; every count here fits in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function openDatabase(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
    });
    // A client that loses its server emits 'error': an idle one on the pool, a checked-out one on
    // itself (between the queries of a transaction, say). Without listeners the process would exit;
    // the queries of that client fail instead and the pool drops it.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      ping: async () => {
        await sql`select 1`.execute(kysely);
      },
      close: () => kysely.destroy(),
    };
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(path.resolve(database.file)), { recursive: true });
  const { database: sqlite } = openSqlite(database.file);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    kysely,
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}

/**
 * Brings the schema up to date, once, however many instances start together. On PostgreSQL Kysely
 * takes an advisory lock and a transaction. On SQLite it takes neither, so the whole run happens in
 * one IMMEDIATE transaction: a second process waits for the first (busy timeout), then finds nothing
 * to do, and a crash mid-way leaves no half-made schema behind.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  if (onPostgres(db.kysely)) return runMigrations(db.kysely);
  await db.kysely.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      await runMigrations(connection);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

async function runMigrations(kysely: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db: kysely, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * What a caller adds to a write's transaction, given what the write produced: both are stored, or
 * neither (the activity log's line for a change, say). Writes that take one run it last, inside.
 */
export type AlsoInTransaction<T> = (trx: Kysely<Database>, result: T) => Promise<unknown>;

/**
 * Whether `db` (the database or a transaction on it) is PostgreSQL: the one question asked of the
 * database's kind, for the row and advisory locks only it has (SQLite runs one write transaction at
 * a time, so it needs none of them) and for how migrations are run.
 */
export function onPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Makes transactions that name the same `key` take turns until this one ends, so a check and the
 * write it allows (no filters yet, then save some) cannot interleave with another's. On PostgreSQL
 * an advisory lock (keys are hashed; two keys sharing a hash only wait for each other); SQLite
 * needs nothing, as the app's one connection runs one transaction at a time.
 */
export async function lockUntilCommit(trx: Kysely<Database>, key: string): Promise<void> {
  if (onPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * Holds the user's row until this transaction ends, on PostgreSQL: writes that take it first (an
 * upload's quota check, an account's erasure) run one after the other for that user. SQLite needs
 * nothing, as the app's one connection runs one transaction at a time.
 */
export async function lockUserUntilCommit(trx: Kysely<Database>, userId: string): Promise<void> {
  if (onPostgres(trx))
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * Holds the client's row until this transaction ends, as lockUserUntilCommit does, and answers what
 * became of the client since the request looked them up: still there; a pending client claimed
 * since by the person who signed in with its e-mail (its work moved to their user id); or gone (an
 * erased account). A pending client's row is held shared on PostgreSQL: a claim waits for the
 * writes under way to land and then moves them with the rest, and a claim that came first is seen.
 */
async function clientNow(trx: Kysely<Database>, clientId: string): Promise<'there' | 'claimed' | 'gone'> {
  const user = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', clientId)
    .$if(onPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
  if (user) return 'there';
  const pending = await trx
    .selectFrom('pending_clients')
    .select('claimed_by_user_id')
    .where('id', '=', clientId)
    .$if(onPostgres(trx), (query) => query.forShare())
    .executeTakeFirst();
  if (!pending) return 'gone';
  return pending.claimed_by_user_id === null ? 'there' : 'claimed';
}

/**
 * Whether a line about the client may still be written: not once they are gone (a request that
 * passed the guard just before its account was erased must write nothing the erasure would not
 * find). A line under a claimed pending id is the claimant's: their history and erasure read it.
 */
export async function clientStillThere(trx: Kysely<Database>, clientId: string): Promise<boolean> {
  return (await clientNow(trx, clientId)) !== 'gone';
}

/**
 * First in a transaction that writes rows for the client (none of those tables has a foreign key to
 * its client): 404 (GONE_MEANWHILE_MESSAGE), and nothing written, for a client erased since the
 * request looked them up, or a pending client claimed since (jobs, filters or e-mails left under its
 * id would be lost to the person who claimed it). Taking the client's row first, as the erasure
 * does, means the two wait for each other instead of deadlocking.
 */
export async function requireClientStillThere(trx: Kysely<Database>, clientId: string): Promise<void> {
  if ((await clientNow(trx, clientId)) !== 'there') throw NotFound(GONE_MEANWHILE_MESSAGE);
}

/**
 * `text` as searches compare it (the domain's foldForSearch: case and marks aside): PostgreSQL
 * translates it over the domain's table, SQLite runs the domain's function (sqlite-adapter.ts).
 * translate deletes the combining marks at the end of the table's `from`, which `to` has no letter
 * for. The table folds letters with marks whatever the case, but capitals without marks outside
 * ASCII ('Д', 'Σ') are left to lower(): the usual UTF-8 collations (C.UTF-8, en_US.UTF-8) lower
 * them as the browser does; the plain "C" collation does not, and there a name written with them
 * ('Даша') is not found by a search with those letters in it ('даша', even 'Даша'), which is
 * folded by foldForSearch and so lowered
 * (search-fold.test.ts checks the database it runs on).
 */
export function foldedForSearch(db: Kysely<Database>, text: RawBuilder<unknown>): RawBuilder<string> {
  return onPostgres(db)
    ? sql<string>`translate(lower(${text}), ${SEARCH_FOLDS.from}, ${SEARCH_FOLDS.to})`
    : sql<string>`fold_for_search(${text})`;
}

/** SQLite returns 0/1 where PostgreSQL returns booleans. */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

export function nowIso(): string {
  return new Date().toISOString();
}
