import type { Migration, MigrationProvider } from 'kysely';
import * as auth from './001-auth.ts';

/**
 * Every migration, in order. Later areas append theirs here; names sort in the order they run.
 * The same set runs on SQLite and PostgreSQL.
 */
const migrations: Record<string, Migration> = {
  '001-auth': auth,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
