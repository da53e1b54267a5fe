import { approvalBodySchema, notesBodySchema } from '@app/domain/jobs-api';
import { checkCompleteness } from '@app/domain/onboarding-completeness';
import { readOnboardingFields } from '@app/domain/onboarding-fields';
import { onboardingChangesSchema, STEP_SCHEMAS, validateStep } from '@app/domain/onboarding-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { createOnboardingRepo } from '../apps/server/src/modules/onboarding/repo.ts';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
  testConfig,
} from '../apps/server/src/testing/databases.ts';
import { DEMO_JOB_COUNT, seedDemo } from './seed-demo.ts';

describe.each(databaseKinds)('npm run seed:demo on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const today = new Date('2024-11-20T12:00:00Z');
  const config = testConfig();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(
      kind === 'sqlite' ? { kind, file: database.url.slice('sqlite:'.length) } : { kind, url: database.url },
    );
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const snapshot = () =>
    db.kysely
      .selectFrom('jobs')
      .select([
        'job_uid',
        'refresh_date',
        'client_approval',
        'client_notes',
        'analyst_notes',
        'applied_for_job',
        'max_salary',
      ])
      .orderBy('job_uid')
      .execute();

  it('adds a demo client and staff member and a few hundred varied jobs, the same on every run', async () => {
    const first = await seedDemo(db, config, today);
    expect(first).toMatchObject({
      clientEmail: 'client@example.com',
      staffEmail: 'staff@company.test',
      imported: DEMO_JOB_COUNT,
      updated: 0,
    });
    const jobs = await snapshot();
    expect(jobs).toHaveLength(DEMO_JOB_COUNT);

    const share = (predicate: (job: (typeof jobs)[number]) => boolean) =>
      jobs.filter(predicate).length / jobs.length;
    expect(share((job) => job.refresh_date === null)).toBeGreaterThan(0.02);
    expect(share((job) => job.refresh_date !== null && job.refresh_date >= '2024-11-17')).toBeGreaterThan(
      0.03,
    );
    expect(share((job) => job.applied_for_job === true || job.applied_for_job === 1)).toBeGreaterThan(0.2);
    expect(share((job) => job.client_approval === 'rejected')).toBeGreaterThan(0.05);
    expect(share((job) => job.client_notes !== null)).toBeGreaterThan(0.03);
    expect(share((job) => job.max_salary === null)).toBeGreaterThan(0.1);
    expect(share((job) => /https:\/\//.test(job.analyst_notes ?? ''))).toBeGreaterThan(0.03);

    const users = await db.kysely.selectFrom('users').select('email').orderBy('email').execute();
    expect(users.map((user) => user.email)).toEqual(['client@example.com', 'staff@company.test']);

    const second = await seedDemo(db, config, today);
    expect(second).toMatchObject({ imported: 0, updated: DEMO_JOB_COUNT });
    expect(await snapshot()).toEqual(jobs);
    expect(await db.kysely.selectFrom('users').select('email').execute()).toHaveLength(2);
    // One onboarding record, with one stored resume, however often the seed runs.
    const onboarding = await db.kysely
      .selectFrom('onboarding_submissions')
      .select(['resume', 'onboarding_completed'])
      .execute();
    expect(onboarding).toHaveLength(1);
    expect(onboarding[0]!.resume).toMatch(/^resumes\/.+-demo-client-resume\.pdf$/);
    expect(await db.kysely.selectFrom('documents').select('path').execute()).toEqual([
      { path: onboarding[0]!.resume },
    ]);
  });

  it("writes only what the product's own rules accept, so the demo client can edit every step and save", async () => {
    await seedDemo(db, config, today);
    const client = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'client@example.com')
      .executeTakeFirstOrThrow();
    const record = await createOnboardingRepo(db.kysely).findByUser(client.id);
    const fields = readOnboardingFields(record);

    // What the API checks every save with accepts the whole record, and changes nothing in it.
    const checked = onboardingChangesSchema.safeParse(fields);
    expect(checked.error?.issues ?? []).toEqual([]);
    expect(checked.data).toEqual(fields);
    expect(checkCompleteness(record)).toMatchObject({ isComplete: true, missingFields: [] });
    // Every step of the wizard in edit mode, opened on the saved answers, lets the client save.
    const form = { ...fields, terms_reviewed: true, terms_agreed: true };
    for (const step of Object.keys(STEP_SCHEMAS).map(Number)) {
      expect(validateStep(step, form), `step ${step}`).toEqual([]);
    }

    // The client's own decisions and notes on every job pass the rules of their API.
    const jobs = await db.kysely
      .selectFrom('jobs')
      .select(['client_approval', 'client_notes'])
      .where('client_id', '=', client.id)
      .execute();
    expect(jobs).toHaveLength(DEMO_JOB_COUNT);
    for (const job of jobs) {
      expect(approvalBodySchema.safeParse({ client_approval: job.client_approval }).success).toBe(true);
      expect(notesBodySchema.safeParse({ client_notes: job.client_notes }).success).toBe(true);
    }
  });
});
