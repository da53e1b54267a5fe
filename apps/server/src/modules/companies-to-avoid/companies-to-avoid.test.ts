import { randomUUID } from 'node:crypto';
import {
  AVOIDED_COMPANIES_FULL_MESSAGE,
  AVOIDED_COMPANIES_MAX,
  AVOIDED_COMPANY_DUPLICATE_MESSAGE,
  AVOIDED_COMPANY_MAX_LENGTH,
  AVOIDED_COMPANY_REQUIRED_MESSAGE,
  avoidedCompanyMessage,
} from '@app/domain/companies-to-avoid';
import { jobListItems, jobListResponseSchema } from '@app/domain/jobs-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { lockClientJobs } from '../../db/job-list-versions.ts';
import { GONE_MEANWHILE_MESSAGE } from '../../errors.ts';
import { signInForTest } from '../../testing/auth.ts';
import { onboardClient } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { holdOpen, waitingOnLocks } from '../../testing/transactions.ts';
import { AVOIDED_COMPANY_NOT_FOUND_MESSAGE, createAvoidedCompaniesService } from './service.ts';
import { addingUncommitted } from './testing.ts';

type Headers = Record<string, string>;
describe.each(databaseKinds)('companies to avoid on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let database: Config['database'];
  let erin: Headers;
  let erinId: string;
  let staff: Headers;

  const list = (headers: Headers) => app.inject({ method: 'GET', url: '/api/companies-to-avoid', headers });
  const add = (headers: Headers, name: string) =>
    app.inject({ method: 'POST', url: '/api/companies-to-avoid', headers, payload: { name } });
  const importRows = (rows: Record<string, unknown>[]) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/jobs/import',
      headers: staff,
      payload: { client_id: erinId, format: 'json', content: JSON.stringify(rows) },
    });

  beforeAll(async () => {
    let config: Config;
    ({ app, close, config } = await createTestApp(kind));
    database = config.database;
    const client = await onboardClient(app, 'erin@example.com', {
      record: { currently_employed: 'Yes', recent_employer: 'Acme Corp' },
    });
    erin = client.headers;
    erinId = client.userId;
    staff = { authorization: `Bearer ${(await signInForTest(app, 'lead@company.test')).accessToken}` };
  });

  afterAll(async () => {
    await close();
  });

  it('offers the current employer from onboarding first, until it is listed', async () => {
    expect((await list(erin)).json()).toEqual({ data: [], suggestion: 'Acme Corp' });
    const added = await add(erin, 'Acme Corp');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.name).toBe('Acme Corp');
    expect((await list(erin)).json()).toMatchObject({ data: [{ name: 'Acme Corp' }], suggestion: null });
  });

  it('knows a company in any spelling: case, punctuation and legal suffix aside', async () => {
    const again = await add(erin, 'ACME, Inc.');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: AVOIDED_COMPANY_DUPLICATE_MESSAGE });
    const blank = await add(erin, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(`Invalid request: body/name ${AVOIDED_COMPANY_REQUIRED_MESSAGE}`);
    expect((await add(erin, 'Globex')).statusCode).toBe(201);
  });

  it('staff see the list on the client; clients cannot use the staff route', async () => {
    const url = `/api/admin/companies-to-avoid?client_id=${erinId}`;
    const seen = await app.inject({ method: 'GET', url, headers: staff });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.map((company: { name: string }) => company.name)).toEqual([
      'Acme Corp',
      'Globex',
    ]);
    expect((await app.inject({ method: 'GET', url, headers: erin })).statusCode).toBe(403);
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/admin/companies-to-avoid?client_id=nobody',
      headers: staff,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('an import refuses the rows at a listed company, each with its own message, and adds the rest', async () => {
    const response = await importRows([
      { job_uid: 'x-1', data_job_title: 'Engineer', data_company: 'Initech' },
      { job_uid: 'x-2', data_job_title: 'Engineer', data_company: 'ACME Inc.' },
      { job_uid: 'x-3', data_job_title: 'Analyst', data_company: 'globex llc' },
      { job_uid: 'x-4', data_job_title: 'Analyst', data_company: 'Acme Robotics' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      imported: 2,
      refused: [
        { row: 2, field: 'data_company', message: avoidedCompanyMessage(['ACME Inc.']) },
        { row: 3, field: 'data_company', message: avoidedCompanyMessage(['globex llc']) },
      ],
    });
    const jobs = jobListItems(
      jobListResponseSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/my-jobs', headers: erin })).json(),
      ),
    );
    expect(jobs.map((job) => job.data_company).sort()).toEqual(['Acme Robotics', 'Initech']);
  });

  it('a job already assigned at a company listed later is not updated by a re-import', async () => {
    await importRows([{ job_uid: 'y-1', data_job_title: 'Designer', data_company: 'Hooli' }]);
    expect((await add(erin, 'Hooli')).statusCode).toBe(201);
    const response = await importRows([{ job_uid: 'y-1', analyst_notes: 'Updated' }]);
    expect(response.json().data).toMatchObject({
      updated: 0,
      refused: [{ row: 1, message: avoidedCompanyMessage(['Hooli']) }],
    });
  });

  // Only PostgreSQL runs two writes at once: on SQLite the add and the import run one after the other.
  if (kind === 'postgres')
    it('an import while the client adds a company waits for the add, then refuses the row there', async () => {
      const adding = await addingUncommitted(app, erinId, 'Umbrella');
      const importing = importRows([
        { job_uid: 'race-1', data_job_title: 'Chemist', data_company: 'Umbrella' },
      ]);
      await expect.poll(() => waitingOnLocks(app.db), { timeout: 10_000 }).toBe(1);
      await adding.release();
      const response = await importing;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        imported: 0,
        refused: [{ row: 1, field: 'data_company', message: avoidedCompanyMessage(['Umbrella']) }],
      });
    });

  if (kind === 'postgres')
    it("an add and an import at once take the client's row before the list, so neither deadlocks", async () => {
      // The client's jobs held, so the import stops after taking the client's row.
      const holding = await holdOpen(app.db, (trx) => lockClientJobs(trx, erinId));
      const importing = importRows([
        { job_uid: 'order-1', data_job_title: 'Engineer', data_company: 'Initrode' },
      ]);
      await expect.poll(() => waitingOnLocks(app.db), { timeout: 10_000 }).toBe(1);
      // The add waits on the client's row; had it taken the list first, the import would wait on it.
      const adding = add(erin, 'Tyrell');
      await expect.poll(() => waitingOnLocks(app.db), { timeout: 10_000 }).toBe(2);
      await holding.release();
      const [imported, added] = await Promise.all([importing, adding]);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(added.statusCode, added.body).toBe(201);
    });

  it('holds at most the limit however many companies are added at once', async () => {
    const fay = await onboardClient(app, 'fay@example.com');
    const at = new Date().toISOString();
    await app.db.kysely
      .insertInto('avoided_companies')
      .values(
        Array.from({ length: AVOIDED_COMPANIES_MAX - 1 }, (_, index) => ({
          client_id: fay.userId,
          name: `Company ${index}`,
          name_key: `company ${index}`,
          created_at: at,
        })),
      )
      .execute();
    const responses = await Promise.all(
      ['Initrode', 'Massive Dynamic', 'Soylent', 'Tyrell', 'Wonka'].map((name) => add(fay.headers, name)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: AVOIDED_COMPANIES_FULL_MESSAGE });
    }
    expect((await list(fay.headers)).json().data).toHaveLength(AVOIDED_COMPANIES_MAX);
  });

  const remove = (headers: Headers, name: string) =>
    app.inject({
      method: 'DELETE',
      url: `/api/companies-to-avoid?${new URLSearchParams({ name })}`,
      headers,
    });

  it('takes a company off the list by any spelling of its name', async () => {
    expect((await remove(erin, 'GLOBEX LLC')).statusCode).toBe(204);
    const again = await remove(erin, 'Globex');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: AVOIDED_COMPANY_NOT_FOUND_MESSAGE });
  });

  it('takes off a name as long as the list accepts, written in any script', async () => {
    const longest = `Société Générale ${'é'.repeat(AVOIDED_COMPANY_MAX_LENGTH - 17)}`;
    expect(longest).toHaveLength(AVOIDED_COMPANY_MAX_LENGTH);
    expect((await add(erin, longest)).statusCode).toBe(201);
    expect((await remove(erin, longest)).statusCode).toBe(204);
    expect((await list(erin)).json().data.map((company: { name: string }) => company.name)).not.toContain(
      longest,
    );
  });

  it('keeps no list for a client erased while the request ran: the list has no key to its client', async () => {
    const db = openDatabase(database);
    try {
      const avoided = createAvoidedCompaniesService(db.kysely);
      const gone = randomUUID();
      await expect(avoided.add(gone, 'Acme', new Date())).rejects.toMatchObject({
        statusCode: 404,
        message: GONE_MEANWHILE_MESSAGE,
      });
      expect(await avoided.list(gone)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
