import type { JobEvent } from '@app/domain/job-history';
import { OUTCOME_DATE_IN_FUTURE_MESSAGE, OUTCOME_NOT_APPLIED_MESSAGE } from '@app/domain/job-outcomes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { importJobsFor, myJobs } from '../../testing/jobs.ts';
import { holdOpen, waitingOnLocks } from '../../testing/transactions.ts';

type Headers = Record<string, string>;

describe.each(databaseKinds)('outcomes, history and duplicates on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let carol: Headers;
  let carolId: string;
  let dave: Headers;
  let staff: Headers;

  const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

  const importFor = (clientId: string, rows: Record<string, unknown>[]) =>
    importJobsFor(app, staff, { client_id: clientId }, rows);

  const jobsOf = (headers: Headers) => myJobs(app, headers);

  async function idOf(title: string): Promise<string> {
    const job = (await jobsOf(carol)).find((candidate) => candidate.data_job_title === title);
    if (!job) throw new Error(`no job ${title}`);
    return job.id;
  }

  const putOutcome = (headers: Headers, id: string, payload: Record<string, unknown>, staffRoute = false) =>
    app.inject({
      method: 'PUT',
      url: staffRoute ? `/api/admin/jobs/${id}/outcome` : `/api/my-jobs/${id}/outcome`,
      headers,
      payload,
    });

  async function historyOf(id: string): Promise<JobEvent[]> {
    const response = await app.inject({ method: 'GET', url: `/api/my-jobs/${id}/history`, headers: carol });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    const signedIn = await signInForTest(app, 'carol@example.com');
    carol = bearer(signedIn.accessToken);
    carolId = signedIn.userId;
    dave = bearer((await signInForTest(app, 'dave@example.com')).accessToken);
    staff = bearer((await signInForTest(app, 'ops@company.test')).accessToken);
    await importFor(carolId, [
      { job_uid: 'c-1', data_job_title: 'Platform Engineer', data_company: 'Initech', applied_for_job: true },
      { job_uid: 'c-2', data_job_title: 'Site Reliability Engineer', data_company: 'Hooli' },
    ]);
  });

  afterAll(async () => {
    await close();
  });

  describe('outcomes', () => {
    it('a client records an outcome with its day on an applied job, and the list carries it', async () => {
      const id = await idOf('Platform Engineer');
      const response = await putOutcome(carol, id, { outcome: 'interview', outcome_date: '2024-11-03' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ outcome: 'interview', outcome_date: '2024-11-03' });
      expect(response.json().data).not.toHaveProperty('client_id');
      const listed = (await jobsOf(carol)).find((job) => job.id === id);
      expect(listed).toMatchObject({ outcome: 'interview', outcome_date: '2024-11-03' });
    });

    // Only PostgreSQL runs two writes at once; SQLite takes one at a time.
    if (kind === 'postgres')
      it('an outcome recorded while staff delete the job answers 404, leaving no history line behind', async () => {
        await importFor(carolId, [
          {
            job_uid: 'r-1',
            data_job_title: 'Release Manager',
            data_company: 'Initech',
            applied_for_job: true,
          },
        ]);
        const id = await idOf('Release Manager');
        // A delete of the job holding its row until it commits (the staff route also takes the
        // client's row first, where the outcome would wait instead; this is the narrower race).
        const deleting = await holdOpen(app.db, async (trx) => {
          await trx.deleteFrom('job_events').where('job_id', '=', id).execute();
          await trx.deleteFrom('jobs').where('id', '=', id).execute();
        });
        const recorded = putOutcome(carol, id, { outcome: 'interview', outcome_date: '2024-11-03' });
        // The request reaches the job's row meanwhile, and waits for the delete to end.
        await expect.poll(() => waitingOnLocks(app.db), { timeout: 10_000 }).toBe(1);
        await deleting.release();
        expect((await recorded).statusCode).toBe(404);
        const left = await app.db.kysely
          .selectFrom('job_events')
          .select('id')
          .where('job_id', '=', id)
          .execute();
        expect(left).toEqual([]);
      });

    it('refuses an outcome on a job nobody applied to, with the reason', async () => {
      const id = await idOf('Site Reliability Engineer');
      const response = await putOutcome(carol, id, { outcome: 'response', outcome_date: '2024-11-03' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: OUTCOME_NOT_APPLIED_MESSAGE });
    });

    it("answers 404 for another client's job and leaves it alone", async () => {
      const id = await idOf('Platform Engineer');
      const response = await putOutcome(dave, id, { outcome: 'offer', outcome_date: '2024-11-04' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Job not found' });
      expect((await jobsOf(carol)).find((job) => job.id === id)?.outcome).toBe('interview');
    });

    it('refuses an unknown outcome, a missing day and a day in the future', async () => {
      const id = await idOf('Platform Engineer');
      const unknown = await putOutcome(carol, id, { outcome: 'hired', outcome_date: '2024-11-03' });
      expect(unknown.statusCode).toBe(400);
      const undated = await putOutcome(carol, id, { outcome: 'offer' });
      expect(undated.statusCode).toBe(400);
      expect(undated.json().error).toBe('Invalid request: body/outcome_date Give the date it happened.');
      const future = await putOutcome(carol, id, { outcome: 'offer', outcome_date: '2999-01-01' });
      expect(future.statusCode).toBe(422);
      expect(future.json()).toEqual({ error: OUTCOME_DATE_IN_FUTURE_MESSAGE });
    });

    it('staff record an outcome on the client’s job; clients cannot use the staff route', async () => {
      const id = await idOf('Platform Engineer');
      expect(
        (await putOutcome(carol, id, { outcome: 'offer', outcome_date: '2024-11-20' }, true)).statusCode,
      ).toBe(403);
      const response = await putOutcome(staff, id, { outcome: 'offer', outcome_date: '2024-11-20' }, true);
      expect(response.statusCode, response.body).toBe(200);
      expect((await jobsOf(carol)).find((job) => job.id === id)).toMatchObject({
        outcome: 'offer',
        outcome_date: '2024-11-20',
      });
      // Both changes are in the staff activity log, the client's and the team's.
      const log = await app.inject({
        method: 'GET',
        url: `/api/admin/activity?client_id=${carolId}`,
        headers: staff,
      });
      const outcomes = (
        log.json().data as { action: string; actor_kind: string; detail: { summary: string } }[]
      )
        .filter((entry) => entry.action === 'job.outcome')
        .map((entry) => `${entry.actor_kind}: ${entry.detail.summary}`);
      expect(outcomes).toEqual([
        'staff: Offer (2024-11-20), Platform Engineer at Initech',
        'client: Interview (2024-11-03), Platform Engineer at Initech',
      ]);
    });

    it('null clears the outcome and its day', async () => {
      const id = await idOf('Platform Engineer');
      const response = await putOutcome(carol, id, { outcome: null, outcome_date: '2024-11-20' });
      expect(response.json().data).toMatchObject({ outcome: null, outcome_date: null });
    });

    it('marking a job not applied, one by one, several at once or by import, clears its outcome', async () => {
      const rows = ['One', 'Two', 'Three', 'Four'].map((name) => ({
        job_uid: `u-${name}`,
        data_job_title: `Unapplied ${name}`,
        data_company: `Company ${name}`,
        applied_for_job: true,
      }));
      await importFor(carolId, rows);
      const [one, two, three, four] = await Promise.all(rows.map((row) => idOf(row.data_job_title)));
      for (const id of [one, two, three]) {
        const recorded = await putOutcome(carol, id!, { outcome: 'interview', outcome_date: '2024-11-03' });
        expect(recorded.statusCode, recorded.body).toBe(200);
      }

      const patched = await app.inject({
        method: 'PATCH',
        url: `/api/admin/clients/${carolId}/jobs/${one}`,
        headers: staff,
        payload: { applied_for_job: false },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().data).toMatchObject({
        applied_for_job: false,
        outcome: null,
        outcome_date: null,
      });
      const bulk = await app.inject({
        method: 'PUT',
        url: `/api/admin/clients/${carolId}/jobs/applied`,
        headers: staff,
        payload: { job_ids: [two, four], applied_for_job: false },
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      await importFor(carolId, [{ job_uid: 'u-Three', applied_for_job: false }]);

      const listed = await jobsOf(carol);
      for (const id of [one, two, three, four]) {
        expect(listed.find((job) => job.id === id)).toMatchObject({
          applied_for_job: false,
          outcome: null,
          outcome_date: null,
        });
      }
      // The history says the outcome went, as when anyone clears one; a job without one says nothing more.
      for (const id of [one, two, three]) {
        const history = (await historyOf(id!)).map(({ actor, kind, detail }) => ({ actor, kind, detail }));
        expect(history.slice(0, 3)).toEqual([
          { actor: 'team', kind: 'outcome', detail: { outcome: null, outcome_date: null } },
          { actor: 'team', kind: 'applied', detail: { applied: false } },
          { actor: 'client', kind: 'outcome', detail: { outcome: 'interview', outcome_date: '2024-11-03' } },
        ]);
      }
      expect((await historyOf(four!)).map((event) => event.kind)).toEqual(['applied', 'applied', 'assigned']);

      // Applied again, the job starts without an outcome.
      await importFor(carolId, [{ job_uid: 'u-Three', applied_for_job: true }]);
      expect((await jobsOf(carol)).find((job) => job.id === three)).toMatchObject({
        applied_for_job: true,
        outcome: null,
      });
    });

    it('an import with two rows for one job writes, and tells in its history, what the last write leaves', async () => {
      await importFor(carolId, [
        {
          job_uid: 'r-1',
          data_job_title: 'Round Trip',
          data_company: 'Round Trip Co',
          applied_for_job: true,
        },
      ]);
      const id = await idOf('Round Trip');
      expect((await putOutcome(carol, id, { outcome: 'offer', outcome_date: '2024-11-04' })).statusCode).toBe(
        200,
      );
      const kinds = async () => (await historyOf(id)).map((event) => event.kind);
      expect(await kinds()).toEqual(['outcome', 'applied', 'assigned']);

      // The job_uid row comes last but is written first: the other row (same title and company) wins.
      const repeat = { job_uid: 'r-1-again', data_job_title: 'Round Trip', data_company: 'Round Trip Co' };
      await importFor(carolId, [
        { ...repeat, applied_for_job: true },
        { job_uid: 'r-1', applied_for_job: false },
      ]);
      await importFor(carolId, [
        { job_uid: 'r-1', applied_for_job: false },
        { ...repeat, applied_for_job: true },
      ]);
      expect((await jobsOf(carol)).find((job) => job.id === id)).toMatchObject({
        applied_for_job: true,
        outcome: 'offer',
        outcome_date: '2024-11-04',
      });
      expect(await kinds()).toEqual(['outcome', 'applied', 'assigned']);

      // The other row marking it not applied, the job loses its outcome, and its history says so.
      await importFor(carolId, [
        { ...repeat, applied_for_job: false },
        { job_uid: 'r-1', applied_for_job: true },
      ]);
      expect((await jobsOf(carol)).find((job) => job.id === id)).toMatchObject({
        applied_for_job: false,
        outcome: null,
        outcome_date: null,
      });
      expect(await kinds()).toEqual(['outcome', 'applied', 'outcome', 'applied', 'assigned']);
    });
  });

  describe('history', () => {
    it('lists assigned, applied, decisions, notes and outcomes, newest first, the team as one', async () => {
      await importFor(carolId, [
        { job_uid: 'c-3', data_job_title: 'Data Engineer', data_company: 'Umbrella' },
      ]);
      const id = await idOf('Data Engineer');
      const patch = await app.inject({
        method: 'PATCH',
        url: `/api/admin/clients/${carolId}/jobs/${id}`,
        headers: staff,
        payload: { applied_for_job: true },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      await app.inject({
        method: 'PUT',
        url: `/api/my-jobs/${id}/approval`,
        headers: carol,
        payload: { client_approval: 'rejected' },
      });
      // Setting what is already set is no event.
      await app.inject({
        method: 'PUT',
        url: '/api/my-jobs/approval',
        headers: carol,
        payload: { job_ids: [id], client_approval: 'rejected' },
      });
      await app.inject({
        method: 'PUT',
        url: `/api/my-jobs/${id}/notes`,
        headers: carol,
        payload: { client_notes: 'Recruiter called' },
      });
      await putOutcome(carol, id, { outcome: 'response', outcome_date: '2024-11-05' });

      const history = await historyOf(id);
      expect(history.map(({ actor, kind, detail }) => ({ actor, kind, detail }))).toEqual([
        { actor: 'client', kind: 'outcome', detail: { outcome: 'response', outcome_date: '2024-11-05' } },
        { actor: 'client', kind: 'notes', detail: { cleared: false } },
        { actor: 'client', kind: 'decision', detail: { client_approval: 'rejected' } },
        { actor: 'team', kind: 'applied', detail: { applied: true } },
        { actor: 'team', kind: 'assigned', detail: {} },
      ]);
      const times = history.map((event) => event.at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('a job imported as applied says assigned, then applied', async () => {
      const id = await idOf('Platform Engineer');
      const kinds = (await historyOf(id)).map((event) => `${event.actor}:${event.kind}`);
      expect(kinds.slice(-2)).toEqual(['team:applied', 'team:assigned']);
    });

    it("answers 404 for another client's job's history", async () => {
      const id = await idOf('Platform Engineer');
      const response = await app.inject({ method: 'GET', url: `/api/my-jobs/${id}/history`, headers: dave });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('duplicates on import', () => {
    it('a row with a new job_uid but the apply link of a job the client has updates that job', async () => {
      await importFor(carolId, [
        {
          job_uid: 'd-1',
          data_job_title: 'Analytics Lead',
          data_company: 'Globex',
          data_external_application_link: 'https://globex.example/jobs/7',
          refresh_date: '2024-10-01',
        },
      ]);
      const summary = await importFor(carolId, [
        {
          job_uid: 'd-1-repost',
          data_job_title: 'Analytics Lead (repost)',
          data_external_application_link: 'https://globex.example/jobs/7',
          max_salary: 140000,
        },
      ]);
      expect(summary).toMatchObject({ imported: 0, updated: 0, merged: 1, refused: [] });
      const matching = (await jobsOf(carol)).filter((job) => job.data_company === 'Globex');
      expect(matching).toHaveLength(1);
      expect(matching[0]).toMatchObject({ data_job_title: 'Analytics Lead (repost)', max_salary: 140000 });
    });

    it('the same title at the same company (case and legal suffix aside) within 30 days is one job', async () => {
      await importFor(carolId, [
        { job_uid: 'e-1', data_job_title: 'QA Engineer', data_company: 'Acme', refresh_date: '2024-09-01' },
      ]);
      const summary = await importFor(carolId, [
        {
          job_uid: 'e-2',
          data_job_title: 'qa  engineer',
          data_company: 'ACME Inc.',
          refresh_date: '2024-09-30',
        },
        { job_uid: 'e-3', data_job_title: 'QA Engineer', data_company: 'Acme', refresh_date: '2024-11-15' },
      ]);
      expect(summary).toMatchObject({ imported: 1, updated: 0, merged: 1 });
      expect(
        (await jobsOf(carol)).filter((job) => job.data_job_title?.toLowerCase().startsWith('qa')),
      ).toHaveLength(2);
    });

    it('the same title at the same company behind another apply link is another opening', async () => {
      const opening = (uid: string, link: string) => ({
        job_uid: uid,
        data_job_title: 'Data Engineer',
        data_company: 'Wayne Enterprises',
        data_external_application_link: link,
      });
      await importFor(carolId, [opening('g-1', 'https://wayne.example/jobs/1')]);
      const summary = await importFor(carolId, [
        opening('g-2', 'https://wayne.example/jobs/2'),
        // Without a link of its own it is still the job the client has.
        { job_uid: 'g-3', data_job_title: 'Data Engineer', data_company: 'Wayne Enterprises' },
      ]);
      expect(summary).toMatchObject({ imported: 1, updated: 0, merged: 1 });
      expect((await jobsOf(carol)).filter((job) => job.data_company === 'Wayne Enterprises')).toHaveLength(2);
    });

    it('a repeat within one file is merged into the row before it; the same job_uid still updates', async () => {
      const summary = await importFor(carolId, [
        {
          job_uid: 'f-1',
          data_job_title: 'Support Lead',
          data_company: 'Vandelay',
          url: 'https://v.example/1',
        },
        {
          job_uid: 'f-2',
          data_job_title: 'Support Lead',
          data_company: 'Vandelay',
          url: 'https://v.example/1',
        },
        { job_uid: 'c-2', data_job_title: 'Site Reliability Engineer II', data_company: 'Hooli' },
      ]);
      expect(summary).toMatchObject({ imported: 1, updated: 1, merged: 1 });
      expect((await jobsOf(carol)).filter((job) => job.data_company === 'Vandelay')).toHaveLength(1);
    });
  });

  describe("the team's work through a new import", () => {
    const importCsv = async (lines: string[]) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/jobs/import',
        headers: staff,
        payload: { client_id: carolId, format: 'csv', content: lines.join('\n') },
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    it('blank applied and analyst notes cells keep what the table holds, outcome and all; "no" un-applies', async () => {
      const header = 'job_uid,data_job_title,data_company,applied_for_job,analyst_notes';
      await importCsv([header, 'h-1,Data Analyst,Umbrella,,']);
      const id = await idOf('Data Analyst');
      const marked = await app.inject({
        method: 'PATCH',
        url: `/api/admin/clients/${carolId}/jobs/${id}`,
        headers: staff,
        payload: {
          applied_for_job: true,
          analyst_notes: 'Called the hiring manager',
          analyst_notes_before: null,
        },
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(
        (await putOutcome(carol, id, { outcome: 'interview', outcome_date: '2024-11-03' })).statusCode,
      ).toBe(200);

      await importCsv([header, 'h-1,Data Analyst (refreshed),Umbrella,,']);
      const refreshed = (await jobsOf(carol)).find((job) => job.id === id);
      expect(refreshed).toMatchObject({
        data_job_title: 'Data Analyst (refreshed)',
        applied_for_job: true,
        analyst_notes: 'Called the hiring manager',
        outcome: 'interview',
      });

      await importCsv([header, 'h-1,Data Analyst (refreshed),Umbrella,no,']);
      const unApplied = (await jobsOf(carol)).find((job) => job.id === id);
      expect(unApplied).toMatchObject({
        applied_for_job: false,
        analyst_notes: 'Called the hiring manager',
        outcome: null,
      });
    });
  });
});
