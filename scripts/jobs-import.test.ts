import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/database.ts';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../apps/server/src/testing/databases.ts';
import { runJobsImport } from './jobs-import.ts';

describe.each(databaseKinds)('npm run jobs:import on %s', (kind) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobs-import-'));
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await database?.drop();
  });

  async function run(file: string, content: string, email = 'Someone@Example.com') {
    database = await createTestDatabase(kind);
    const target = path.join(dir, file);
    writeFileSync(target, content);
    const env = { NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: database.url };
    const result = await runJobsImport(['--email', email, '--file', target], env);
    const db = openDatabase(
      kind === 'sqlite' ? { kind, file: database.url.slice('sqlite:'.length) } : { kind, url: database.url },
    );
    const uids = await db.kysely
      .selectFrom('jobs')
      .leftJoin('pending_clients', 'pending_clients.id', 'jobs.client_id')
      .select(['jobs.job_uid', 'pending_clients.email as pending_email'])
      .orderBy('jobs.job_uid')
      .execute();
    const activity = await db.kysely.selectFrom('activity_log').select(['actor_kind', 'action']).execute();
    await db.close();
    return { ...result, lines: result.lines.map((line) => line.replace(target, '<file>')), uids, activity };
  }

  it('imports a CSV file for the client and says how many', async () => {
    const result = await run('jobs.csv', 'job_uid,data_job_title\nj-1,Engineer\nj-2,"Analyst, Data"\n');
    expect(result.code).toBe(0);
    expect(result.lines).toEqual([
      '<file>: 2 new job(s) and 0 updated job(s) for someone@example.com (a new pending client: nobody has signed in with that e-mail yet).',
    ]);
    expect(result.uids).toEqual([
      { job_uid: 'j-1', pending_email: 'someone@example.com' },
      { job_uid: 'j-2', pending_email: 'someone@example.com' },
    ]);
    // The client's timeline says a program imported them.
    expect(result.activity).toEqual([{ actor_kind: 'system', action: 'jobs.imported' }]);
  });

  it('prints every problem with its row and field, imports nothing and exits with 1', async () => {
    const result = await run(
      'jobs.json',
      JSON.stringify([{ job_uid: 'j-1', max_salary: 'lots' }, { color: 'red' }]),
    );
    expect(result).toEqual({
      code: 1,
      lines: [
        '<file>: Nothing was imported: the file has 3 problems.',
        '  row 1, max_salary: must be a number such as 120000',
        '  row 2, job_uid: is required',
        '  row 2, color: is not a known column',
      ],
      uids: [],
      activity: [],
    });
  });
});

describe('npm run jobs:import arguments', () => {
  it.each([
    [[], 'Usage: npm run jobs:import -- --email someone@example.com --file jobs.csv (or jobs.json)'],
    [['--email', 'nobody', '--file', 'x.csv'], '--email nobody: must be an e-mail address'],
    [
      ['--email', 'a@example.com', '--file', 'jobs.xlsx'],
      'jobs.xlsx: the file name must end in .csv or .json',
    ],
    [['--email', 'a@example.com', '--file', '/no/such/file.csv'], /^Cannot read \/no\/such\/file\.csv: /],
  ])('%j', async (args, message) => {
    const result = await runJobsImport(args, { NODE_ENV: 'test' });
    expect(result.code).toBe(1);
    expect(result.lines[0]).toMatch(message);
  });
});
