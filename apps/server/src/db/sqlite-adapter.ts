import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { foldForSearch } from '@app/domain/search-text';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Gives Kysely's SQLite dialect the better-sqlite3-shaped interface it expects, on top of Node's
 * built-in `node:sqlite`, so no native addon has to be compiled.
 */
export function openSqlite(file: string): { database: SqliteDatabase; raw: DatabaseSync } {
  const raw = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  // SQLite's own lower() folds ASCII only, so a search for 'élodie' would miss 'Élodie' and names
  // would sort apart from PostgreSQL's. This one folds every letter as PostgreSQL's does; it is
  // deterministic, so SQLite may still plan with it as with the built-in one.
  raw.function('lower', { deterministic: true }, (value) =>
    value === null ? null : String(value).toLowerCase(),
  );
  // Searches fold case and marks with the domain's own rule (see foldedForSearch in database.ts).
  raw.function('fold_for_search', { deterministic: true }, (value) =>
    value === null ? null : foldForSearch(String(value)),
  );
  // Kysely prepares every query it runs; preparing (and asking for the columns) costs more than
  // running a small query, so statements are kept by their SQL. Kysely runs one query at a time.
  const statements = new Map<string, SqliteStatement>();
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statement = wrapStatement(raw.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
  };
  return { database, raw };
}

const STATEMENT_CACHE_SIZE = 500;

function wrapStatement(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...toSqlite(parameters)),
    run: (parameters) => statement.run(...toSqlite(parameters)),
    iterate: (parameters) => statement.iterate(...toSqlite(parameters)),
  };
}

/** node:sqlite binds numbers, strings, bigints, buffers and null; booleans and dates are mapped here. */
function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}
