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

/** Every row of every application table, each as stable JSON, sorted: enough to tell any change. */
export async function readAllRows(db: Db): Promise<Record<string, string[]>> {
  const tables = await tableNames(db);
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
    result[table] = rows.map(stableJson).sort();
  }
  return result;
}

function stableJson(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((key) => [key, row[key]]),
  );
}

/** Row count and a hash of the rows of each table. */
export async function snapshotDatabase(db: Db): Promise<Record<string, { rows: number; hash: string }>> {
  const tables = await readAllRows(db);
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
