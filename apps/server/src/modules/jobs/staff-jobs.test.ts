import type { ActivityEntry } from '@app/domain/activity';
import type { JobListItem } from '@app/domain/jobs';
import { jobListItems, jobListResponseSchema } from '@app/domain/jobs-api';
import { ANALYST_NOTES_CHANGED_MESSAGE } from '@app/domain/staff-jobs-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { importJobsFor } from '../../testing/jobs.ts';

type Headers = Record<string, string>;
const STAFF_DENIED = 'Access denied. This feature is only available to @company.test users.';

describe.each(databaseKinds)("the recruiter's job table on %s", (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;
  let staffId: string;
  let alice: Headers;
  let aliceId: string;
  let bobId: string;

  const url = (clientId: string, rest = '') => `/api/admin/clients/${clientId}/jobs${rest}`;
  const call = (
    method: 'GET' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    payload?: Record<string, unknown>,
    headers: Headers = staff,
  ) => app.inject({ method, url: path, headers, ...(payload === undefined ? {} : { payload }) });

  const importFor = (clientId: string, rows: Record<string, unknown>[]) =>
    importJobsFor(app, staff, { client_id: clientId }, rows);

  async function list(clientId: string): Promise<JobListItem[]> {
    const response = await call('GET', url(clientId));
    expect(response.statusCode, response.body).toBe(200);
    return jobListItems(jobListResponseSchema.parse(response.json()));
  }

  async function idOf(clientId: string, title: string): Promise<string> {
    const job = (await list(clientId)).find((candidate) => candidate.data_job_title === title);
    if (!job) throw new Error(`no job ${title}`);
    return job.id;
  }

  /** The client's timeline, newest first, as the console reads it. */
  async function timeline(clientId: string): Promise<ActivityEntry[]> {
    const response = await call('GET', `/api/admin/activity?client_id=${clientId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    const lead = await signInForTest(app, 'lead@company.test');
    staff = lead.authHeader;
    staffId = lead.userId;
    const signedIn = await signInForTest(app, 'alice@example.com');
    alice = signedIn.authHeader;
    aliceId = signedIn.userId;
    bobId = (await signInForTest(app, 'bob@example.com')).userId;
    await importFor(aliceId, [
      {
        job_uid: 'a-1',
        data_job_title: 'Backend Engineer',
        data_company: 'Northwind',
        refresh_date: '2024-11-20',
      },
      { job_uid: 'a-2', data_job_title: 'Data Analyst', data_company: 'Contoso', refresh_date: '2024-11-18' },
      { job_uid: 'a-3', data_job_title: 'Product Manager', refresh_date: '2024-11-10' },
      { job_uid: 'a-4', data_job_title: 'Designer', data_company: 'Fabrikam' },
    ]);
    await importFor(bobId, [{ job_uid: 'b-1', data_job_title: "Bob's job" }]);
  });
  afterAll(async () => close());

  it.each([
    ['GET', '/api/admin/clients/some-id/jobs', undefined],
    ['PATCH', '/api/admin/clients/some-id/jobs/job-id', { analyst_notes: 'x', analyst_notes_before: null }],
    ['PUT', '/api/admin/clients/some-id/jobs/applied', { job_ids: ['job-id'], applied_for_job: true }],
    ['DELETE', '/api/admin/clients/some-id/jobs/job-id', undefined],
  ] as const)('%s %s is for staff only', async (method, path, payload) => {
    const asClient = await call(method, path.replace('some-id', aliceId), payload, alice);
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toEqual({ error: STAFF_DENIED });
    const anonymous = await call(method, path, payload, {});
    expect(anonymous.statusCode).toBe(401);
  });

  it("lists the client's jobs in the client's own list shape, with an ETag that a change moves on", async () => {
    const first = await call('GET', url(aliceId));
    expect(first.statusCode).toBe(200);
    const jobs = jobListItems(jobListResponseSchema.parse(first.json()));
    expect(jobs.map((job) => job.data_job_title)).toEqual([
      'Backend Engineer',
      'Data Analyst',
      'Product Manager',
      'Designer',
    ]);
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await call('GET', url(aliceId), undefined, { ...staff, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // An import by anyone (a colleague, the CLI) moves the validator on, so the table reloads it.
    await importFor(aliceId, [{ job_uid: 'a-5', data_job_title: 'Late Arrival' }]);
    expect((await timeline(aliceId))[0]).toMatchObject({
      action: 'jobs.imported',
      actor_id: staffId,
      detail: {
        imported: 1,
        updated: 0,
        format: 'json',
        summary: 'Imported 1 new job, updated 0 and merged 0.',
      },
    });
    const after = await call('GET', url(aliceId), undefined, { ...staff, 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);

    const unknown = await call('GET', url('no-such-client'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No client has that id' });
  });

  it('writes analyst notes in place, which the client sees, and logs the edit', async () => {
    const id = await idOf(aliceId, 'Backend Engineer');
    const saved = await call('PATCH', url(aliceId, `/${id}`), {
      analyst_notes: 'Referral from Sam',
      analyst_notes_before: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      id,
      analyst_notes: 'Referral from Sam',
      applied_for_job: false,
    });
    const seen = await call('GET', `/api/my-jobs/${id}`, undefined, alice);
    expect(seen.json().data.analyst_notes).toBe('Referral from Sam');

    const [line] = await timeline(aliceId);
    expect(line).toMatchObject({
      actor_kind: 'staff',
      actor_id: staffId,
      actor_email: 'lead@company.test',
      client_id: aliceId,
      action: 'job.edited',
      detail: { job_id: id, summary: 'analyst notes of Backend Engineer at Northwind' },
    });
    // The notes themselves stay with the job, not in the log.
    expect(JSON.stringify(line)).not.toContain('Referral from Sam');

    // The same save sent again after its answer was lost: the notes are already what it sends.
    const again = await call('PATCH', url(aliceId, `/${id}`), {
      analyst_notes: 'Referral from Sam',
      analyst_notes_before: null,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.analyst_notes).toBe('Referral from Sam');

    const blank = await call('PATCH', url(aliceId, `/${id}`), {
      analyst_notes: '   ',
      analyst_notes_before: 'Referral from Sam',
    });
    expect(blank.json().data.analyst_notes).toBeNull();

    const empty = await call('PATCH', url(aliceId, `/${id}`), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/Give applied_for_job, analyst_notes or both/);
    const tooLong = await call('PATCH', url(aliceId, `/${id}`), {
      analyst_notes: 'x'.repeat(5001),
      analyst_notes_before: null,
    });
    expect(tooLong.statusCode).toBe(400);
    // What the notes were is compared, never stored; it can be no longer than notes may be.
    const tooLongBefore = await call('PATCH', url(aliceId, `/${id}`), {
      analyst_notes: 'x',
      analyst_notes_before: 'x'.repeat(5001),
    });
    expect(tooLongBefore.statusCode).toBe(400);
    expect(tooLongBefore.json().error).toMatch(/analyst_notes_before/);
    // Notes without what they were written over, or that without notes: refused.
    for (const payload of [{ analyst_notes: 'x' }, { applied_for_job: true, analyst_notes_before: null }]) {
      const unsure = await call('PATCH', url(aliceId, `/${id}`), payload);
      expect(unsure.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses notes written over ones a colleague changed meanwhile, and changes and logs nothing', async () => {
    const id = await idOf(aliceId, 'Backend Engineer');
    const write = (notes: string, before: string | null) =>
      call('PATCH', url(aliceId, `/${id}`), { analyst_notes: notes, analyst_notes_before: before });
    const opened = (await list(aliceId)).find((job) => job.id === id)?.analyst_notes ?? null;
    // A colleague saves first, over the notes both began from.
    expect((await write('Call on Monday', opened)).statusCode).toBe(200);
    const lines = (await timeline(aliceId)).length;

    const late = await write('Call on Tuesday', opened);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: ANALYST_NOTES_CHANGED_MESSAGE });
    expect((await list(aliceId)).find((job) => job.id === id)?.analyst_notes).toBe('Call on Monday');
    expect((await timeline(aliceId)).length).toBe(lines);
  });

  it("refuses another client's job under this client, and changes nothing", async () => {
    const bobsJob = await idOf(bobId, "Bob's job");
    const before = (await timeline(aliceId)).length;
    for (const [method, path, payload] of [
      ['PATCH', url(aliceId, `/${bobsJob}`), { analyst_notes: 'not yours', analyst_notes_before: null }],
      ['DELETE', url(aliceId, `/${bobsJob}`), undefined],
    ] as const) {
      const refused = await call(method, path, payload);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: 'Job not found' });
    }
    const stillThere = (await list(bobId)).find((job) => job.id === bobsJob);
    expect(stillThere?.analyst_notes).toBeNull();
    expect((await timeline(aliceId)).length).toBe(before);
  });

  it('keeps the date the team applied in step with the flag, through imports and the table', async () => {
    const appliedAt = async () =>
      (
        await app.db.kysely
          .selectFrom('jobs')
          .select('applied_at')
          .where('client_id', '=', bobId)
          .where('job_uid', '=', 'b-applied')
          .executeTakeFirstOrThrow()
      ).applied_at;
    const row = { job_uid: 'b-applied', data_job_title: 'Applied Elsewhere' };
    await importFor(bobId, [{ ...row, applied_for_job: true }]);
    const first = await appliedAt();
    expect(first).toEqual(expect.any(String));
    await importFor(bobId, [{ ...row, applied_for_job: true, data_company: 'Initech' }]);
    expect(await appliedAt(), 'a repeat of an applied job keeps its date').toBe(first);
    await importFor(bobId, [{ ...row, applied_for_job: false }]);
    expect(await appliedAt(), 'an import that takes the flag back clears the date').toBeNull();

    const id = await idOf(bobId, 'Applied Elsewhere');
    expect((await call('PATCH', url(bobId, `/${id}`), { applied_for_job: true })).statusCode).toBe(200);
    expect(await appliedAt()).toEqual(expect.any(String));
    expect((await call('PATCH', url(bobId, `/${id}`), { applied_for_job: false })).statusCode).toBe(200);
    expect(await appliedAt()).toBeNull();
    expect((await call('DELETE', url(bobId, `/${id}`))).statusCode).toBe(204);
  });

  it('marks jobs applied one by one and in bulk, with one log line per action', async () => {
    const designer = await idOf(aliceId, 'Designer');
    const one = await call('PATCH', url(aliceId, `/${designer}`), { applied_for_job: true });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: designer, applied_for_job: true });
    expect((await timeline(aliceId))[0]).toMatchObject({
      action: 'job.applied',
      detail: { job_id: designer, summary: 'Designer at Fabrikam' },
    });

    const analyst = await idOf(aliceId, 'Data Analyst');
    const manager = await idOf(aliceId, 'Product Manager');
    const bobsJob = await idOf(bobId, "Bob's job");
    // Designer is applied already: found, but not counted as changed.
    const bulk = await call('PUT', url(aliceId, '/applied'), {
      job_ids: [analyst, designer, manager, bobsJob, analyst],
      applied_for_job: true,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({
      data: { updated_ids: [analyst, manager], unchanged_ids: [designer], not_found_job_ids: [bobsJob] },
    });

    const jobs = await list(aliceId);
    const applied = jobs.filter((job) => job.applied_for_job).map((job) => job.data_job_title);
    expect(applied.sort()).toEqual(['Data Analyst', 'Designer', 'Product Manager']);
    expect((await list(bobId))[0]?.applied_for_job).toBe(false);
    const seen = await call('GET', '/api/my-jobs?applied=true', undefined, alice);
    expect(seen.json().total).toBe(3);

    // The log names the recruiter's action: every job of the client it was asked for.
    const [line] = await timeline(aliceId);
    expect(line).toMatchObject({
      action: 'job.applied',
      detail: {
        job_ids: [analyst, designer, manager],
        summary: '3 jobs: Data Analyst at Contoso, Designer at Fabrikam, Product Manager',
      },
    });

    // The job's own history says the team applied, once per change.
    const appliedHistory = (id: string) =>
      app.db.kysely
        .selectFrom('job_events')
        .select(['kind', 'actor'])
        .where('job_id', '=', id)
        .where('kind', '=', 'applied')
        .execute();
    expect(await appliedHistory(analyst)).toEqual([{ kind: 'applied', actor: 'team' }]);
    expect(await appliedHistory(designer)).toEqual([{ kind: 'applied', actor: 'team' }]);

    const undo = await call('PUT', url(aliceId, '/applied'), {
      job_ids: [manager, designer, bobsJob],
      applied_for_job: false,
    });
    expect(undo.json()).toEqual({
      data: { updated_ids: [manager, designer], unchanged_ids: [], not_found_job_ids: [bobsJob] },
    });
    expect((await timeline(aliceId))[0]).toMatchObject({
      action: 'job.unapplied',
      detail: { job_ids: [manager, designer] },
    });
    const again = await call('PUT', url(aliceId, '/applied'), { job_ids: [manager], applied_for_job: false });
    expect(again.json()).toEqual({
      data: { updated_ids: [], unchanged_ids: [manager], not_found_job_ids: [] },
    });
    expect((await timeline(aliceId))[0]).toMatchObject({
      action: 'job.unapplied',
      detail: { job_ids: [manager], summary: '1 job: Product Manager' },
    });

    // Nothing of this client's: nothing changes and nothing is logged.
    const before = (await timeline(aliceId)).length;
    const none = await call('PUT', url(aliceId, '/applied'), { job_ids: [bobsJob], applied_for_job: true });
    expect(none.json()).toEqual({
      data: { updated_ids: [], unchanged_ids: [], not_found_job_ids: [bobsJob] },
    });
    expect((await timeline(aliceId)).length).toBe(before);

    for (const payload of [
      { job_ids: [], applied_for_job: true },
      { job_ids: [analyst] },
      { job_ids: Array.from({ length: 1001 }, (_, index) => `id-${index}`), applied_for_job: true },
    ]) {
      expect((await call('PUT', url(aliceId, '/applied'), payload)).statusCode).toBe(400);
    }
    const unknown = await call('PUT', url('no-such-client', '/applied'), {
      job_ids: [analyst],
      applied_for_job: true,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes a job, which leaves the client, and logs what it was', async () => {
    const id = await idOf(aliceId, 'Late Arrival');
    const removed = await call('DELETE', url(aliceId, `/${id}`));
    expect(removed.statusCode).toBe(204);
    expect((await list(aliceId)).map((job) => job.id)).not.toContain(id);
    expect((await call('GET', `/api/my-jobs/${id}`, undefined, alice)).statusCode).toBe(404);
    expect((await timeline(aliceId))[0]).toMatchObject({
      action: 'job.deleted',
      actor_id: staffId,
      detail: { job_id: id, summary: 'Late Arrival' },
    });

    const again = await call('DELETE', url(aliceId, `/${id}`));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Job not found' });
  });
});
