import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The application's tables, read once per database: migrations run before a test starts, and asking
 * PostgreSQL's catalogue before every snapshot would cost more than reading the rows.
 */
const tablesOf = new WeakMap<Db, Promise<string[]>>();
function tableNames(db: Db): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = db.kysely.introspection.getTables().then((found) => found.map((table) => table.name).sort());
    tablesOf.set(db, tables);
  }
  return tables;
}

/**
 * Every row of every application table (but the columns `leftOut`), each as stable JSON, sorted:
 * enough to tell any change.
 */
export async function readAllRows(
  db: Db,
  leftOut: Record<string, string[]> = {},
): Promise<Record<string, string[]>> {
  const tables = await tableNames(db);
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
    const columnsLeftOut = leftOut[table] ?? [];
    result[table] = rows.map((row) => stableJson(row, columnsLeftOut)).sort();
  }
  return result;
}

function stableJson(row: Record<string, unknown>, columnsLeftOut: string[]): string {
  return JSON.stringify(
    Object.keys(row)
      .filter((key) => !columnsLeftOut.includes(key))
      .sort()
      .map((key) => [key, row[key]]),
  );
}

/**
 * Columns that record a caller rather than anything a request changed: a session's last use is
 * written at most once a minute on any request its token makes, answered or refused (the
 * signed-in devices list shows it), so a run longer than a minute sees it move.
 */
const RECORDS_OF_USE: Record<string, string[]> = { sessions: ['last_seen_at'] };

/** Row count and a hash of the rows of each table, records of use left out. */
export async function snapshotDatabase(db: Db): Promise<Record<string, { rows: number; hash: string }>> {
  const tables = await readAllRows(db, RECORDS_OF_USE);
  return Object.fromEntries(
    Object.entries(tables).map(([table, rows]) => [
      table,
      { rows: rows.length, hash: createHash('sha256').update(rows.join('\n')).digest('hex') },
    ]),
  );
}

/** The rows, in any table, that mention one of `identifiers` (a person's id or e-mail). */
export async function rowsMentioning(db: Db, identifiers: string[]): Promise<Record<string, string[]>> {
  const tables = await readAllRows(db);
  return Object.fromEntries(
    Object.entries(tables).map(([table, rows]) => [
      table,
      rows.filter((row) => identifiers.some((identifier) => row.includes(identifier))),
    ]),
  );
}
