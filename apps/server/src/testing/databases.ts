import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { migrationProvider } from '../db/migrations/index.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL as well when TEST_DATABASE_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A brand-new, empty database of the given kind, so suites never see each other's rows. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'app-test-'));
    return { url: `sqlite:${path.join(dir, 'app.db')}`, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fresh database migrated up to `lastMigration` and no further, to test what a later migration
 * does to rows written the way they were before it. `close` closes and drops it.
 */
export async function databaseMigratedTo(
  kind: DatabaseKind,
  lastMigration: string,
): Promise<{ db: Db; close(): Promise<void> }> {
  const database = await createTestDatabase(kind);
  const db = openDatabase(testConfig({ DATABASE_URL: database.url }).database);
  const close = async () => {
    await db.close();
    await database.drop();
  };
  const { error } = await new Migrator({ db: db.kysely, provider: migrationProvider }).migrateTo(
    lastMigration,
  );
  if (error) {
    await close();
    throw error;
  }
  return { db, close };
}

export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'app-data-')),
    ...env,
  });
}

/** A whole app on a fresh database of the given kind; `close` also drops the database. */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string | undefined> = {},
  clock?: Clock,
) {
  const database = await createTestDatabase(kind);
  const config = testConfig({ DATABASE_URL: database.url, ...env });
  const app = await buildApp({ config, clock, webDist: path.join(config.dataDir, 'no-web') });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
