/**
 * `npm run db:backup -- --file backup.db` and `npm run db:restore -- --file backup.db` for the embedded
 * database. Backup uses SQLite's online backup, so it is safe while the server runs; restore replaces
 * the database and must run while the server is stopped.
 */
import { existsSync } from 'node:fs';
import { backup, DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';

export async function backupDatabase(databaseFile: string, backupFile: string): Promise<number> {
  const source = new DatabaseSync(databaseFile, { readOnly: true });
  try {
    return await backup(source, backupFile);
  } finally {
    source.close();
  }
}

export async function restoreDatabase(backupFile: string, databaseFile: string): Promise<number> {
  if (!existsSync(backupFile)) throw new Error(`No backup at ${backupFile}`);
  const source = new DatabaseSync(backupFile, { readOnly: true });
  try {
    const check = source.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
    if (check.integrity_check !== 'ok') throw new Error(`The backup is damaged: ${check.integrity_check}`);
    return await backup(source, databaseFile);
  } finally {
    source.close();
  }
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    options: { file: { type: 'string' } },
    allowPositionals: true,
  });
  const command = positionals[0];
  const config = loadConfig();
  if (config.database.kind !== 'sqlite') {
    console.error('db:backup and db:restore are for the embedded database; use pg_dump for PostgreSQL.');
    process.exit(1);
  }
  if (!values.file || (command !== 'backup' && command !== 'restore')) {
    console.error('Usage: npm run db:backup -- --file backup.db | npm run db:restore -- --file backup.db');
    process.exit(1);
  }
  try {
    if (command === 'backup') {
      const pages = await backupDatabase(config.database.file, values.file);
      console.log(`Backed up ${config.database.file} to ${values.file} (${pages} pages).`);
    } else {
      const pages = await restoreDatabase(values.file, config.database.file);
      console.log(`Restored ${config.database.file} from ${values.file} (${pages} pages).`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
