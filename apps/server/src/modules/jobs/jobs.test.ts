import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { JOB_LIST_FIELDS, type JobListItem, jobSchema } from '@app/domain/jobs';
import {
  BULK_APPROVAL_MAX_JOBS,
  CLIENT_NOTES_CHANGED_MESSAGE,
  jobListItems,
  jobListResponseSchema,
} from '@app/domain/jobs-api';
import { BULK_APPLIED_MAX_JOBS } from '@app/domain/staff-jobs-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { signInForTest, TEST_USER_AGENT } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { importJobsFor } from '../../testing/jobs.ts';
import { refuseInserts } from '../../testing/refuse-inserts.ts';
import { createClientsRepo } from '../clients/repo.ts';

const IMPORT_SCRIPT = new URL('../../../../../scripts/jobs-import.ts', import.meta.url).pathname;
const STAFF_DENIED = 'Access denied. This feature is only available to @company.test users.';

type Headers = Record<string, string>;

const ALICES_TITLES: Record<string, string> = {
  'a-1': 'Backend Engineer',
  'a-2': 'Data Analyst',
  'a-3': 'Product Manager',
  'a-4': 'Undated Role',
};

describe.each(databaseKinds)('jobs on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let config: Config;
  let alice: Headers;
  let aliceId: string;
  let bob: Headers;
  let staff: Headers;

  const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

  const importFor = (email: string, rows: Record<string, unknown>[]) =>
    importJobsFor(app, staff, { email }, rows);

  const post = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/admin/jobs/import', headers: staff, payload });

  const pendingClient = (email: string) =>
    app.db.kysely.selectFrom('pending_clients').select('id').where('email', '=', email).executeTakeFirst();

  const lookUp = (email: string) =>
    app.inject({
      method: 'GET',
      url: `/api/admin/clients?email=${encodeURIComponent(email)}`,
      headers: staff,
    });

  const staffList = (clientId: string) =>
    app.inject({ method: 'GET', url: `/api/admin/clients/${clientId}/jobs`, headers: staff });

  async function listJobs(headers: Headers, query = '') {
    const response = await app.inject({ method: 'GET', url: `/api/my-jobs${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = jobListResponseSchema.parse(response.json());
    return { data: jobListItems(body), total: body.total };
  }

  /** The list carries no job_uid: jobs are told apart by their titles here. */
  const titles = (jobs: readonly JobListItem[]) => jobs.map((job) => job.data_job_title);

  async function idOf(headers: Headers, title: string): Promise<string> {
    const { data } = await listJobs(headers);
    const job = data.find((candidate) => candidate.data_job_title === title);
    if (!job) throw new Error(`no job ${title}`);
    return job.id;
  }

  beforeAll(async () => {
    ({ app, close, config } = await createTestApp(kind));
    const signedIn = await signInForTest(app, 'Alice@Example.com', { firstName: 'Alice', lastName: 'A' });
    alice = bearer(signedIn.accessToken);
    aliceId = signedIn.userId;
    bob = bearer(
      (await signInForTest(app, 'bob@example.com', { firstName: 'Bob', lastName: 'B' })).accessToken,
    );
    staff = bearer(
      (await signInForTest(app, 'lead@company.test', { firstName: 'Lee', lastName: 'Staff' })).accessToken,
    );

    await importFor('ALICE@example.com', [
      {
        job_uid: 'a-1',
        data_job_title: 'Backend Engineer',
        data_company: 'Northwind',
        data_job_description: 'Build APIs.',
        refresh_date: '2024-11-20',
        data_posted: '2024-11-01',
        is_remote: true,
        engineering: true,
        max_salary: 150000,
        analyst_notes: 'See https://northwind.example/jobs/1',
      },
      { job_uid: 'a-2', data_job_title: 'Data Analyst', refresh_date: '2024-11-18', applied_for_job: true },
      { job_uid: 'a-3', data_job_title: 'Product Manager', refresh_date: '2024-11-10T22:00:00Z' },
      { job_uid: 'a-4', data_job_title: 'Undated Role' },
    ]);
    await importFor('bob@example.com', [
      { job_uid: 'b-1', data_job_title: "Bob's job", refresh_date: '2024-11-19' },
    ]);
  });

  afterAll(async () => {
    await close();
  });

  describe('listing', () => {
    it("answers only the caller's jobs, newest refresh first, with only what the tables need", async () => {
      const body = await listJobs(alice);
      expect(body.total).toBe(4);
      expect(titles(body.data)).toEqual([
        'Backend Engineer',
        'Data Analyst',
        'Product Manager',
        'Undated Role',
      ]);
      const [first] = body.data;
      expect(Object.keys(first!)).toEqual(JOB_LIST_FIELDS);
      expect(first).toMatchObject({
        data_job_title: 'Backend Engineer',
        client_approval: 'pending',
        applied_for_job: false,
        max_salary: 150000,
        data_posted: '2024-11-01',
        analyst_notes: 'See https://northwind.example/jobs/1',
      });
      expect(titles((await listJobs(bob)).data)).toEqual(["Bob's job"]);
    });

    it.each([
      ['?applied=true', ['a-2']],
      ['?applied=false', ['a-1', 'a-3', 'a-4']],
      ['?refreshed_from=2024-11-18', ['a-1', 'a-2', 'a-4']],
      ['?refreshed_to=2024-11-10', ['a-3', 'a-4']],
      ['?refreshed_from=2024-11-10&refreshed_to=2024-11-18', ['a-2', 'a-3', 'a-4']],
      ['?refreshed_from=2024-11-11&refreshed_to=2024-11-17', ['a-4']],
    ])('filters %s', async (query, uids) => {
      const body = await listJobs(alice, query);
      expect(titles(body.data)).toEqual(uids.map((uid) => ALICES_TITLES[uid]));
      expect(body.total).toBe(uids.length);
    });

    it('filters by decision', async () => {
      const id = await idOf(alice, 'Product Manager');
      await app.inject({
        method: 'PUT',
        url: `/api/my-jobs/${id}/approval`,
        headers: alice,
        payload: { client_approval: 'rejected' },
      });
      expect(titles((await listJobs(alice, '?approval=rejected')).data)).toEqual(['Product Manager']);
      expect(titles((await listJobs(alice, '?approval=not_rejected')).data)).toEqual([
        'Backend Engineer',
        'Data Analyst',
        'Undated Role',
      ]);
      await app.inject({
        method: 'PUT',
        url: `/api/my-jobs/${id}/approval`,
        headers: alice,
        payload: { client_approval: 'pending' },
      });
    });

    it.each([
      '?applied=yes',
      '?approval=approved',
      '?refreshed_from=2024-02-30',
      '?refreshed_to=11/03/2024',
      '?refreshed_from=2024-11-18&refreshed_to=2024-11-10',
    ])('refuses %s with a 400', async (query) => {
      const response = await app.inject({ method: 'GET', url: `/api/my-jobs${query}`, headers: alice });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^Invalid request: querystring\//);
    });

    it('needs an access token', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/my-jobs' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('ETag', () => {
    it('answers 304 while nothing changed, and a new list after any write', async () => {
      const first = await app.inject({ method: 'GET', url: '/api/my-jobs', headers: alice });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const unchanged = await app.inject({
        method: 'GET',
        url: '/api/my-jobs',
        headers: { ...alice, 'if-none-match': etag },
      });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers['content-length'] ?? '0').toBe('0');
      expect(unchanged.headers.etag).toBe(etag);

      // Strong-looking and listed validators match weakly, too.
      for (const header of [etag.slice(2), `W/"other", ${etag}`, '*']) {
        const response = await app.inject({
          method: 'GET',
          url: '/api/my-jobs',
          headers: { ...alice, 'if-none-match': header },
        });
        expect(response.statusCode).toBe(304);
      }

      const otherQuery = await app.inject({
        method: 'GET',
        url: '/api/my-jobs?applied=true',
        headers: { ...alice, 'if-none-match': etag },
      });
      expect(otherQuery.statusCode).toBe(200);
      const otherUser = await app.inject({
        method: 'GET',
        url: '/api/my-jobs',
        headers: { ...bob, 'if-none-match': etag },
      });
      expect(otherUser.statusCode).toBe(200);

      // Two quick writes to the same job still change the validator each time.
      const id = await idOf(alice, 'Backend Engineer');
      let previous = etag;
      for (const notes of ['first', 'second']) {
        await app.inject({
          method: 'PUT',
          url: `/api/my-jobs/${id}/notes`,
          headers: alice,
          payload: { client_notes: notes },
        });
        const after = await app.inject({
          method: 'GET',
          url: '/api/my-jobs',
          headers: { ...alice, 'if-none-match': previous },
        });
        expect(after.statusCode).toBe(200);
        expect(after.headers.etag).not.toBe(previous);
        previous = after.headers.etag as string;
      }

      // Staff changes and imports are changes too.
      const staffWrites = [
        () =>
          app.inject({
            method: 'PATCH',
            url: `/api/admin/clients/${aliceId}/jobs/${id}`,
            headers: staff,
            payload: { applied_for_job: false },
          }),
        () =>
          importFor('alice@example.com', [
            { job_uid: 'a-1', analyst_notes: 'See https://northwind.example/jobs/1' },
          ]),
      ];
      for (const write of staffWrites) {
        await write();
        const after = await app.inject({
          method: 'GET',
          url: '/api/my-jobs',
          headers: { ...alice, 'if-none-match': previous },
        });
        expect(after.statusCode).toBe(200);
        previous = after.headers.etag as string;
      }
    });

    it('answers the new list at once after another process imported jobs', async () => {
      const dana = bearer(
        (await signInForTest(app, 'dana@example.com', { firstName: 'Dana', lastName: 'C' })).accessToken,
      );
      const first = await app.inject({ method: 'GET', url: '/api/my-jobs', headers: dana });
      const revalidation = { ...dana, 'if-none-match': first.headers.etag as string };
      const before = await app.inject({ method: 'GET', url: '/api/my-jobs', headers: revalidation });
      expect(before.statusCode).toBe(304);

      const file = path.join(config.dataDir, 'dana-jobs.json');
      writeFileSync(file, JSON.stringify([{ job_uid: 'd-1', data_job_title: 'Imported Elsewhere' }]));
      const { database } = config;
      execFileSync(process.execPath, [IMPORT_SCRIPT, '--email', 'dana@example.com', '--file', file], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: config.dataDir,
          DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.file}` : database.url,
        },
      });

      const after = await app.inject({ method: 'GET', url: '/api/my-jobs', headers: revalidation });
      expect(after.statusCode).toBe(200);
      expect(titles(jobListItems(after.json()))).toEqual(['Imported Elsewhere']);
    });
  });

  describe('one job', () => {
    it('answers everything, description included', async () => {
      const id = await idOf(alice, 'Backend Engineer');
      const response = await app.inject({ method: 'GET', url: `/api/my-jobs/${id}`, headers: alice });
      expect(response.statusCode).toBe(200);
      const job = jobSchema.parse(response.json().data);
      expect(job).toMatchObject({ id, job_uid: 'a-1', data_job_description: 'Build APIs.', is_remote: true });
    });

    it("never reveals another client's job", async () => {
      const bobsJob = await idOf(bob, "Bob's job");
      const requests = [
        { method: 'GET' as const, url: `/api/my-jobs/${bobsJob}` },
        {
          method: 'PUT' as const,
          url: `/api/my-jobs/${bobsJob}/approval`,
          payload: { client_approval: 'rejected' },
        },
        {
          method: 'PUT' as const,
          url: `/api/my-jobs/${bobsJob}/notes`,
          payload: { client_notes: 'mine now' },
        },
      ];
      for (const request of requests) {
        for (const id of [bobsJob, 'no-such-job']) {
          const response = await app.inject({
            ...request,
            url: request.url.replace(bobsJob, id),
            headers: alice,
          });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ error: 'Job not found' });
        }
      }
      const untouched = await app.inject({ method: 'GET', url: `/api/my-jobs/${bobsJob}`, headers: bob });
      expect(untouched.json().data).toMatchObject({ client_approval: 'pending', client_notes: null });
    });

    it('keeps jobs of a client who has not signed in yet away from everyone else', async () => {
      const gina = await importFor('gina@example.com', [{ job_uid: 'g-1', data_job_title: "Gina's job" }]);
      const staffView = await staffList(gina.client.id);
      const ginasJob = jobListItems(staffView.json())[0]?.id as string;
      expect(titles((await listJobs(alice)).data)).not.toContain("Gina's job");
      const get = await app.inject({ method: 'GET', url: `/api/my-jobs/${ginasJob}`, headers: alice });
      expect(get.statusCode).toBe(404);
      const bulk = await app.inject({
        method: 'PUT',
        url: '/api/my-jobs/approval',
        headers: alice,
        payload: { job_ids: [ginasJob], client_approval: 'rejected' },
      });
      expect(bulk.json().data).toEqual({ updated_ids: [], not_found_job_ids: [ginasJob] });
    });

    it('rejects and restores', async () => {
      const id = await idOf(alice, 'Data Analyst');
      for (const decision of ['rejected', 'pending']) {
        const response = await app.inject({
          method: 'PUT',
          url: `/api/my-jobs/${id}/approval`,
          headers: alice,
          payload: { client_approval: decision },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toMatchObject({ id, client_approval: decision, applied_for_job: true });
      }
      const wrong = await app.inject({
        method: 'PUT',
        url: `/api/my-jobs/${id}/approval`,
        headers: alice,
        payload: { client_approval: 'approved' },
      });
      expect(wrong.statusCode).toBe(400);
    });

    it('saves notes up to 5000 characters; blank notes are no notes', async () => {
      const id = await idOf(alice, 'Undated Role');
      const save = (client_notes: string | null) =>
        app.inject({
          method: 'PUT',
          url: `/api/my-jobs/${id}/notes`,
          headers: alice,
          payload: { client_notes },
        });
      const saved = await save('x'.repeat(5000));
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.client_notes).toHaveLength(5000);
      const tooLong = await save('x'.repeat(5001));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error).toBe(
        'Invalid request: body/client_notes Notes must be at most 5000 characters',
      );
      expect((await save('   ')).json().data.client_notes).toBeNull();
    });

    it('refuses notes begun on notes changed elsewhere since, and writes and logs nothing', async () => {
      const id = await idOf(alice, 'Product Manager');
      const save = (payload: Record<string, unknown>) =>
        app.inject({ method: 'PUT', url: `/api/my-jobs/${id}/notes`, headers: alice, payload });
      const stored = async () =>
        (await app.inject({ method: 'GET', url: `/api/my-jobs/${id}`, headers: alice })).json().data
          .client_notes;
      const history = async () =>
        (await app.inject({ method: 'GET', url: `/api/my-jobs/${id}/history`, headers: alice })).json().data;

      // Begun on no notes (blank is none): the phone saves first.
      const phone = await save({ client_notes: 'Ask about remote', client_notes_before: '' });
      expect(phone.statusCode, phone.body).toBe(200);
      expect(phone.json().data.client_notes).toBe('Ask about remote');
      const lines = (await history()).length;

      // The tab that began on no notes too, saving later.
      const late = await save({ client_notes: 'Ask about pay', client_notes_before: null });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: CLIENT_NOTES_CHANGED_MESSAGE });
      expect(await stored()).toBe('Ask about remote');
      expect((await history()).length).toBe(lines);

      // Begun on the notes stored now: written.
      const current = await save({
        client_notes: 'Ask about remote and pay',
        client_notes_before: 'Ask about remote',
      });
      expect(current.statusCode, current.body).toBe(200);
      expect(current.json().data.client_notes).toBe('Ask about remote and pay');

      // The same save sent again after its answer was lost: the notes are already what it sends.
      const again = await save({
        client_notes: 'Ask about remote and pay',
        client_notes_before: 'Ask about remote',
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.client_notes).toBe('Ask about remote and pay');

      // Without client_notes_before (an older page), the notes are written as before.
      const blind = await save({ client_notes: 'Written blind' });
      expect(blind.statusCode, blind.body).toBe(200);
      expect(await stored()).toBe('Written blind');

      const tooLong = await save({ client_notes: 'x', client_notes_before: 'x'.repeat(5001) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error).toMatch(/client_notes_before/);
    });
  });

  describe('bulk decision', () => {
    it('updates your jobs and answers the others as not found, leaving them untouched', async () => {
      const mine = [await idOf(alice, 'Backend Engineer'), await idOf(alice, 'Data Analyst')];
      const bobsJob = await idOf(bob, "Bob's job");
      const response = await app.inject({
        method: 'PUT',
        url: '/api/my-jobs/approval',
        headers: alice,
        payload: { job_ids: [mine[0], bobsJob, 'unknown-id', mine[1], mine[0]], client_approval: 'rejected' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: { updated_ids: mine, not_found_job_ids: [bobsJob, 'unknown-id'] },
      });
      const rejected = await listJobs(alice, '?approval=rejected');
      expect(titles(rejected.data)).toEqual(['Backend Engineer', 'Data Analyst']);
      expect((await listJobs(bob)).data[0]).toMatchObject({ client_approval: 'pending' });

      const cleared = await app.inject({
        method: 'PUT',
        url: '/api/my-jobs/approval',
        headers: alice,
        payload: { job_ids: mine, client_approval: 'pending' },
      });
      expect(cleared.json().data).toEqual({ updated_ids: mine, not_found_job_ids: [] });
    });

    it('takes the largest bulk change, by the client and by staff, with its activity line', async () => {
      const client = await signInForTest(app, 'most@example.com');
      const rows = Array.from({ length: BULK_APPROVAL_MAX_JOBS }, (_, i) => ({ job_uid: `most-${i}` }));
      await importJobsFor(app, staff, { client_id: client.userId }, rows);
      const job_ids = (await listJobs(bearer(client.accessToken))).data.map((job) => job.id);
      expect(job_ids).toHaveLength(BULK_APPLIED_MAX_JOBS);

      const rejected = await app.inject({
        method: 'PUT',
        url: '/api/my-jobs/approval',
        headers: bearer(client.accessToken),
        payload: { job_ids, client_approval: 'rejected' },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().data.updated_ids).toHaveLength(job_ids.length);
      const applied = await app.inject({
        method: 'PUT',
        url: `/api/admin/clients/${client.userId}/jobs/applied`,
        headers: staff,
        payload: { job_ids, applied_for_job: true },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      const log = await app.inject({ url: `/api/admin/activity?client_id=${client.userId}`, headers: staff });
      const bulk = log.json().data.filter((line: { action: string }) => line.action !== 'jobs.imported');
      expect(bulk.map((line: { detail: { job_ids: string[] } }) => line.detail.job_ids.length)).toEqual([
        job_ids.length,
        job_ids.length,
      ]);
    });

    it.each([
      [[], 'Invalid request: body/job_ids must name at least one job'],
      [
        Array.from({ length: 1001 }, (_, i) => `id-${i}`),
        'Invalid request: body/job_ids must name at most 1000 jobs',
      ],
    ])('refuses %# lists of the wrong size', async (job_ids, message) => {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/my-jobs/approval',
        headers: alice,
        payload: { job_ids, client_approval: 'rejected' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    });
  });

  describe('staff', () => {
    it.each([
      ['POST', '/api/admin/jobs/import', { email: 'x@example.com', format: 'json', content: '[]' }],
      ['GET', '/api/admin/clients?email=alice@example.com', undefined],
    ] as const)('%s %s is for staff only', async (method, url, payload) => {
      const asClient = await app.inject({ method, url, headers: alice, ...(payload ? { payload } : {}) });
      expect(asClient.statusCode).toBe(403);
      expect(asClient.json()).toEqual({ error: STAFF_DENIED });
      const anonymous = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
    });

    it('looks a client up by e-mail, or by id', async () => {
      const unknownEmail = await lookUp('nobody-at-all@example.com');
      expect(unknownEmail.statusCode).toBe(404);
      expect(unknownEmail.json()).toEqual({ error: 'No client found with that email address' });
      expect((await lookUp('not an e-mail')).statusCode).toBe(400);

      const byId = (query: string) => app.inject({ url: `/api/admin/clients?${query}`, headers: staff });
      expect((await byId(`client_id=${aliceId}`)).json()).toEqual({
        data: { client: { id: aliceId, kind: 'user', email: 'alice@example.com' }, matched: 'client_id' },
      });
      const unknownId = await byId('client_id=no-such-client');
      expect(unknownId.statusCode).toBe(404);
      expect(unknownId.json()).toEqual({ error: 'No client has that id' });
      for (const query of ['', `client_id=${aliceId}&email=alice%40example.com`]) {
        const neither = await byId(query);
        expect(neither.statusCode, query).toBe(400);
        expect(neither.json().error, query).toContain('Give either email or client_id');
      }
    });

    it('imports by client id, and says whom an e-mail matched', async () => {
      const byId = await post({
        client_id: aliceId,
        format: 'json',
        content: JSON.stringify([{ job_uid: 'a-by-id', data_job_title: 'By id' }]),
      });
      expect(byId.json()).toEqual({
        data: {
          imported: 1,
          updated: 0,
          merged: 0,
          refused: [],
          client: { id: aliceId, kind: 'user', email: 'alice@example.com' },
          matched: 'client_id',
        },
      });
      const byEmail = await importFor('ALICE@example.com', [{ job_uid: 'a-by-id' }]);
      expect(byEmail).toMatchObject({ updated: 1, client: { id: aliceId }, matched: 'sign_in_email' });
      await app.inject({
        method: 'DELETE',
        url: `/api/admin/clients/${aliceId}/jobs/${await idOf(alice, 'By id')}`,
        headers: staff,
      });

      for (const payload of [
        { client_id: 'no-such-client', format: 'json', content: '[{"job_uid":"x"}]' },
        { client_id: aliceId, email: 'alice@example.com', format: 'json', content: '[]' },
        { format: 'json', content: '[]' },
      ]) {
        const refused = await post(payload);
        expect(refused.statusCode, refused.body).toBe(payload.client_id && !payload.email ? 404 : 400);
        expect(refused.json().error).toMatch(
          payload.client_id && !payload.email
            ? /^No client has that id$/
            : /^Invalid request: body\/client_id must name the client by exactly one of client_id and email$/,
        );
      }
    });
  });

  describe('import', () => {
    it('lands a CSV file whole, and a re-import updates staff fields but keeps the client decision and notes', async () => {
      const email = 'carol@example.com';
      const first = await post({
        email,
        format: 'csv',
        content:
          'job_uid,data_job_title,applied_for_job,analyst_notes\nc-1,Engineer,no,\nc-2,"Analyst, Data",yes,"Strong fit"\n',
      });
      expect(first.json()).toEqual({
        data: {
          imported: 2,
          updated: 0,
          merged: 0,
          refused: [],
          client: { id: expect.any(String), kind: 'pending', email },
          matched: 'new_pending_client',
        },
      });

      const carol = bearer(
        (await signInForTest(app, email, { firstName: 'Carol', lastName: 'C' })).accessToken,
      );
      const id = await idOf(carol, 'Engineer');
      await app.inject({
        method: 'PUT',
        url: `/api/my-jobs/${id}/approval`,
        headers: carol,
        payload: { client_approval: 'rejected' },
      });
      await app.inject({
        method: 'PUT',
        url: `/api/my-jobs/${id}/notes`,
        headers: carol,
        payload: { client_notes: 'Too far' },
      });

      const again = await post({
        email,
        format: 'csv',
        content: 'job_uid,data_job_title,applied_for_job\nc-1,Senior Engineer,yes\nc-3,Designer,no',
      });
      expect(again.json().data).toMatchObject({ imported: 1, updated: 1, matched: 'sign_in_email' });
      const jobs = (await listJobs(carol)).data;
      expect(titles(jobs).sort()).toEqual(['Analyst, Data', 'Designer', 'Senior Engineer']);
      expect(jobs.find((job) => job.id === id)).toMatchObject({
        applied_for_job: true,
        client_approval: 'rejected',
        client_notes: 'Too far',
      });
      // Columns missing from the second file keep what the first one said.
      expect(jobs.find((job) => job.data_job_title === 'Analyst, Data')).toMatchObject({
        analyst_notes: 'Strong fit',
        applied_for_job: true,
      });
    });

    it('imports nothing when one row is wrong, and names every problem', async () => {
      const email = 'dave@example.com';
      const response = await post({
        email,
        format: 'csv',
        content:
          'job_uid,refresh_date,is_remote,url\nd-1,2024-11-01,yes,https://ok.example\nd-2,yesterday,perhaps,javascript:alert(1)\nd-3,,,\n',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: 'Nothing was imported: the file has 3 problems.',
        errors: [
          {
            row: 2,
            field: 'refresh_date',
            message: 'must be a date such as 2024-11-03, or a date and time such as 2024-11-03T09:30:00Z',
          },
          { row: 2, field: 'url', message: 'must be an http or https address' },
          { row: 2, field: 'is_remote', message: 'must be true, false, yes, no, 1 or 0' },
        ],
      });
      // Nothing at all: not even a pending client for the e-mail.
      expect(await pendingClient(email)).toBeUndefined();
    });

    it('invites no one when the file cannot be written', async () => {
      const email = 'frances@example.com';
      const restore = await refuseInserts(app, kind, 'jobs');
      try {
        const refused = await post({ email, format: 'json', content: '[{"job_uid":"f-1"}]' });
        expect(refused.statusCode, refused.body).toBe(500);
      } finally {
        await restore();
      }
      expect(await pendingClient(email)).toBeUndefined();

      // The same file lands once the database takes it, and the invitation with it.
      const landed = await post({ email, format: 'json', content: '[{"job_uid":"f-1"}]' });
      expect(landed.json().data).toMatchObject({ imported: 1, matched: 'new_pending_client' });
      expect(await pendingClient(email)).toEqual({ id: landed.json().data.client.id });
    });

    it('reports JSON problems by row and field', async () => {
      const response = await post({
        email: 'erin@example.com',
        format: 'json',
        content: JSON.stringify([{ job_uid: 'e-1', client_approval: 'rejected' }, { job_uid: 'e-1' }]),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([
        { row: 1, field: 'client_approval', message: 'is not a known column' },
        { row: 2, field: 'job_uid', message: 'repeats the job_uid of row 1' },
      ]);
    });

    it.each([
      [
        { email: 'not an email', format: 'csv', content: 'job_uid\nx' },
        'Invalid request: body/email must be an e-mail address',
      ],
      [{ email: 'f@example.com', format: 'xlsx', content: 'job_uid\nx' }, /^Invalid request: body\/format/],
      [
        { email: 'f@example.com', format: 'csv', content: 'x'.repeat(5 * 1024 * 1024 + 1) },
        'Invalid request: body/content must be at most 5 MB; split the file',
      ],
    ])('refuses a bad request %#', async (payload, message) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    });

    it('hands jobs to the client when they sign in after the import', async () => {
      const email = 'frank@example.com';
      const pending = await importFor(email, [{ job_uid: 'f-1', data_job_title: 'Before sign-in' }]);
      expect(pending.client).toEqual({ id: expect.any(String), kind: 'pending', email });
      const before = await staffList(pending.client.id);
      expect(titles(jobListItems(before.json()))).toEqual(['Before sign-in']);
      // A second import for the same e-mail finds the same pending client.
      expect(await importFor(email, [{ job_uid: 'f-1' }])).toMatchObject({
        updated: 1,
        client: pending.client,
        matched: 'pending_client',
      });

      expect((await lookUp('FRANK@example.com')).json()).toEqual({
        data: { client: pending.client, matched: 'pending_client' },
      });

      const frank = await signInForTest(app, 'Frank@example.com', { firstName: 'Frank', lastName: 'F' });
      expect((await lookUp(email)).json()).toEqual({
        data: { client: { id: frank.userId, kind: 'user', email }, matched: 'sign_in_email' },
      });
      const listed = await listJobs(bearer(frank.accessToken));
      expect(titles(listed.data)).toEqual(['Before sign-in']);
      const after = await staffList(frank.userId);
      expect(titles(jobListItems(after.json()))).toEqual(['Before sign-in']);
      // The pending client was claimed: its id names nobody any more.
      expect((await staffList(pending.client.id)).statusCode).toBe(404);

      // Once the client has signed in, imports by e-mail go to them at once.
      expect(await importFor(email, [{ job_uid: 'f-2' }])).toMatchObject({
        client: { id: frank.userId, kind: 'user' },
        matched: 'sign_in_email',
      });
      const later = await staffList(frank.userId);
      expect(later.json().total).toBe(2);
    });

    it('adds a job once when two imports of it race, and its history names only that job', async () => {
      const ida = await signInForTest(app, 'ida@example.com', { firstName: 'Ida', lastName: 'I' });
      const rows = [{ job_uid: 'i-1', data_job_title: 'Raced', applied_for_job: true }];
      const summaries = await Promise.all([1, 2].map(() => importFor('ida@example.com', rows)));
      expect(summaries.map(({ imported, updated }) => ({ imported, updated }))).toEqual(
        expect.arrayContaining([
          { imported: 1, updated: 0 },
          { imported: 0, updated: 1 },
        ]),
      );
      const [job] = (await listJobs(bearer(ida.accessToken))).data;
      const history = await app.db.kysely
        .selectFrom('job_events')
        .select(['job_id', 'kind'])
        .where('client_id', '=', ida.userId)
        .orderBy('at')
        .execute();
      expect(history).toEqual([
        { job_id: job?.id, kind: 'assigned' },
        { job_id: job?.id, kind: 'applied' },
      ]);
    });

    it('hands a pending client over whole while an import adds the same job to the user', async () => {
      const pending = await importFor('jo@old.example', [{ job_uid: 'j-1', data_job_title: 'Pending' }]);
      const jo = await signInForTest(app, 'jo@new.example', { firstName: 'Jo', lastName: 'J' });
      const [claimed, imported] = await Promise.all([
        createClientsRepo(app.db.kysely).claimPending(pending.client.id, jo.userId),
        importJobsFor(app, staff, { client_id: jo.userId }, [{ job_uid: 'j-1', data_job_title: 'Imported' }]),
      ]);
      expect(claimed).toBe(true);
      expect(imported.imported + imported.updated).toBe(1);
      const jobs = await app.db.kysely
        .selectFrom('jobs')
        .select(['id', 'job_uid'])
        .where('client_id', '=', jo.userId)
        .execute();
      expect(jobs.map((job) => job.job_uid)).toEqual(['j-1']);
      // Every line of the history belongs to the job that is there.
      const history = await app.db.kysely
        .selectFrom('job_events')
        .select('job_id')
        .where('client_id', '=', jo.userId)
        .execute();
      expect(new Set(history.map((event) => event.job_id))).toEqual(new Set([jobs[0]?.id]));
    });

    it('gives jobs for the e-mail of a claimed pending client to the user who claimed it', async () => {
      const pending = await importFor('gwen@old.example', [{ job_uid: 'g-1', data_job_title: 'Before' }]);
      const gwen = await signInForTest(app, 'gwen@old.example', { firstName: 'Gwen', lastName: 'G' });
      // Gwen's provider now verifies a new address for the same account: her sign-in e-mail follows.
      await app.auth.sessions.signIn(
        { provider: 'test', subject: 'gwen@old.example', email: 'gwen@new.example', emailVerified: true },
        { userAgent: TEST_USER_AGENT },
      );

      expect(await importFor('gwen@old.example', [{ job_uid: 'g-2', data_job_title: 'After' }])).toEqual({
        imported: 1,
        updated: 0,
        merged: 0,
        refused: [],
        client: { id: gwen.userId, kind: 'user', email: 'gwen@new.example' },
        matched: 'pending_client',
      });
      expect(titles((await listJobs(bearer(gwen.accessToken))).data).sort()).toEqual(['After', 'Before']);
      expect((await staffList(pending.client.id)).statusCode).toBe(404);
    });

    it('gives the jobs of an import to the user who claims the pending client meanwhile', async () => {
      const pending = await importFor('hana@old.example', [{ job_uid: 'h-1', data_job_title: 'Before' }]);
      const hana = await signInForTest(app, 'hana@new.example', { firstName: 'Hana', lastName: 'H' });
      // A claim of the pending client is under way (as a first sign-in makes it) while staff import.
      let finishClaim!: () => void;
      const claimMade = Promise.withResolvers<void>();
      const claim = app.db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('pending_clients')
          .set({ claimed_by_user_id: hana.userId, claimed_at: new Date().toISOString() })
          .where('id', '=', pending.client.id)
          .execute();
        await trx
          .updateTable('jobs')
          .set({ client_id: hana.userId })
          .where('client_id', '=', pending.client.id)
          .execute();
        claimMade.resolve();
        await new Promise<void>((resolve) => {
          finishClaim = resolve;
        });
      });
      await claimMade.promise;
      const importing = importFor('hana@old.example', [{ job_uid: 'h-2', data_job_title: 'During' }]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      finishClaim();
      await claim;

      expect((await importing).client).toEqual({ id: hana.userId, kind: 'user', email: 'hana@new.example' });
      expect(titles((await listJobs(bearer(hana.accessToken))).data).sort()).toEqual(['Before', 'During']);
    });
  });
});
