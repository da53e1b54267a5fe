/** Databases and data folders for the suites, and which databases this run covers. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createTestDatabase,
  type DatabaseKind,
  databaseKinds,
} from '../../apps/server/src/testing/databases.ts';

export { type DatabaseKind, databaseKinds };

export interface TestEnvironment {
  /** What every instance on this database gets in its environment. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A fresh database of `kind` and a fresh data folder (keys, embedded database, local storage). */
export async function createEnvironment(
  kind: DatabaseKind,
  extra: Record<string, string> = {},
): Promise<TestEnvironment> {
  const database = await createTestDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), `resilience-${kind}-`));
  return {
    env: {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      // Access tokens name their issuer, made from the public address: every process must agree on it.
      PUBLIC_URL: 'http://127.0.0.1:3000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      NOTES_RATE_LIMIT_PER_MINUTE: '100000',
      UPLOAD_RATE_LIMIT_PER_MINUTE: '100000',
      ...extra,
    },
    drop: () => database.drop(),
  };
}

/** Figures go to the test output with a common prefix, so they are easy to find in a CI log. */
export function report(title: string, body = ''): void {
  console.log(`\n[figures] ${title}${body ? `\n${body}` : ''}`);
}

/**
 * What a test must undo, undone in reverse order whatever happened: a server, proxy or database
 * left behind would keep the runner from exiting.
 */
export function cleanupStack() {
  const steps: (() => unknown)[] = [];
  return {
    add<T>(resource: T, undo: (resource: T) => unknown): T {
      steps.push(() => undo(resource));
      return resource;
    },
    async run(): Promise<void> {
      for (const step of steps.splice(0).reverse())
        await Promise.resolve()
          .then(step)
          .catch(() => {});
    },
  };
}
