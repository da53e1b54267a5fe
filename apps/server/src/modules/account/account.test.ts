import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DELETE_CONFIRMATION_MESSAGE, STAFF_ACCOUNT_KEPT_MESSAGE } from '@app/domain/account-api';
import { JOB_EXPORT_COLUMNS } from '@app/domain/jobs-export';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { signInForTest, staffBeforeSecondFactor } from '../../testing/auth.ts';
import { onboardClient } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { importJobsFor } from '../../testing/jobs.ts';
import { rowsHolding } from '../../testing/rows-holding.ts';

type Headers = Record<string, string>;

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe.each(databaseKinds)('their data in their hands on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let config: Config;
  let fay: Headers;
  let fayId: string;
  let gus: Headers;
  let staff: Headers;

  const importFor = (clientId: string, rows: Record<string, unknown>[]) =>
    importJobsFor(app, staff, { client_id: clientId }, rows);

  beforeAll(async () => {
    ({ app, close, config } = await createTestApp(kind));
    const client = await onboardClient(app, 'fay@example.com');
    fay = client.headers;
    fayId = client.userId;
    const other = await signInForTest(app, 'gus@example.com');
    gus = { authorization: `Bearer ${other.accessToken}` };
    staff = { authorization: `Bearer ${(await signInForTest(app, 'lead@company.test')).accessToken}` };
    await importFor(fayId, [
      {
        job_uid: 'f-1',
        data_job_title: '=HYPERLINK("https://evil.example","Click")',
        data_company: '+Acme',
        refresh_date: '2024-11-20',
        data_posted: '2024-11-01',
        applied_for_job: true,
        analyst_notes: '@SUM(A1:A2)',
        data_external_application_link: 'https://apply.example/1',
        max_salary: 120000,
      },
      {
        job_uid: 'f-2',
        data_job_title: 'Plain, "quoted" title',
        data_company: '-Minus',
        refresh_date: '2024-11-19',
      },
      { job_uid: 'f-3', data_job_title: 'Third', data_company: 'Initech', refresh_date: '2024-11-18' },
    ]);
    await importFor(other.userId, [{ job_uid: 'g-1', data_job_title: "Gus's job" }]);
    const notes = await app.inject({
      method: 'GET',
      url: '/api/my-jobs',
      headers: fay,
    });
    const firstId = notes.json().data[0][0] as string;
    await app.inject({
      method: 'PUT',
      url: `/api/my-jobs/${firstId}/notes`,
      headers: fay,
      payload: { client_notes: '\t=1+1 call them' },
    });
    await app.inject({
      method: 'PUT',
      url: `/api/my-jobs/${firstId}/outcome`,
      headers: fay,
      payload: { outcome: 'offer', outcome_date: '2024-11-25' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/companies-to-avoid',
      headers: fay,
      payload: { name: 'Globex' },
    });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/admin/user-email-management',
      headers: staff,
      payload: { email: 'fay@example.com', action: 'send' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  afterAll(async () => {
    await close();
  });

  describe('GET /api/my-jobs/export', () => {
    it("downloads the caller's jobs as CSV with every column of the table, in its order", async () => {
      const response = await app.inject({ method: 'GET', url: '/api/my-jobs/export', headers: fay });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename=my-jobs-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const [header, ...rows] = parse(response.body, { bom: true }) as string[][];
      expect(header).toEqual([...JOB_EXPORT_COLUMNS]);
      expect(rows).toHaveLength(3);
      const row = Object.fromEntries(JOB_EXPORT_COLUMNS.map((column, index) => [column, rows[0]![index]]));
      expect(row).toEqual({
        'S.No': '1',
        Refreshed: '2024-11-20',
        'Your Decision': 'Pending',
        'Job Title': `'=HYPERLINK("https://evil.example","Click")`,
        Company: "'+Acme",
        'Company Website': '',
        Notes: "'\t=1+1 call them",
        'Analyst Notes': "'@SUM(A1:A2)",
        Status: 'Applied',
        Outcome: 'Offer',
        'Outcome Date': '2024-11-25',
        Apply: 'https://apply.example/1',
        'Max Salary': '120000',
        City: '',
        State: '',
        Country: '',
        Posted: '2024-11-01',
      });
      // Every cell that would start a formula is neutralised; quotes and commas survive the trip.
      expect(rows.map((cells) => [cells[3], cells[4]])).toEqual([
        [`'=HYPERLINK("https://evil.example","Click")`, "'+Acme"],
        ['Plain, "quoted" title', "'-Minus"],
        ['Third', 'Initech'],
      ]);
    });

    it('answers 401 without a session', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/my-jobs/export' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/account/export', () => {
    it('downloads everything held about the caller as one JSON file, and nothing of anyone else', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/account/export', headers: fay });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename=my-data-\d{4}-\d{2}-\d{2}\.json$/,
      );
      const data = response.json();
      expect(data.profile).toMatchObject({ email: 'fay@example.com' });
      expect(data.onboarding).toMatchObject({ email_address: 'fay@example.com' });
      expect(data.jobs).toHaveLength(3);
      const offered = data.jobs.find((job: { outcome: string | null }) => job.outcome === 'offer');
      expect(offered).toMatchObject({ client_notes: '\t=1+1 call them', outcome_date: '2024-11-25' });
      expect(offered.history.map((event: { kind: string }) => event.kind)).toEqual([
        'outcome',
        'notes',
        'applied',
        'assigned',
      ]);
      // Each job carries its own history, read for all of them at once.
      for (const job of data.jobs) expect(job.history.at(-1)).toMatchObject({ kind: 'assigned' });
      expect(data.jobs.flatMap((job: { history: unknown[] }) => job.history)).toHaveLength(3 + 3);
      expect(data.documents).toHaveLength(1);
      expect(data.documents[0].download_url).toMatch(/^http.+\/api\/storage\/public\/documents\/resumes\//);
      expect(data.companies_to_avoid).toMatchObject([{ name: 'Globex' }]);
      // The filters the welcome e-mail saved, as the client page shows them: settings, not stored text.
      expect(data.job_search_filters.length).toBeGreaterThan(0);
      expect(data.job_search_filters[0]).toMatchObject({
        client_email: 'fay@example.com',
        name: expect.any(String),
        filters: expect.any(Object),
      });
      expect(data.emails.length).toBeGreaterThan(0);
      expect(data.emails[0]).toMatchObject({ recipient: 'fay@example.com', kind: 'welcome' });
      expect(response.body).not.toContain("Gus's job");
    });
  });

  describe('DELETE /api/account', () => {
    it('refuses without the sign-in e-mail typed, and deletes nothing', async () => {
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: fay,
        payload: { email: 'gus@example.com' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: DELETE_CONFIRMATION_MESSAGE });
      expect((await app.inject({ method: 'GET', url: '/api/my-jobs', headers: fay })).statusCode).toBe(200);
    });

    it('leaves no row and no stored file with the id, signs out everywhere, and keeps one anonymous line', async () => {
      const storageDir = path.join(config.dataDir);
      expect(filesUnder(storageDir).some((file) => file.includes(fayId))).toBe(true);

      const response = await app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: fay,
        payload: { email: '  FAY@example.com ' },
      });
      expect(response.statusCode, response.body).toBe(204);

      expect(await rowsHolding(app.db, fayId)).toEqual([]);
      expect(filesUnder(storageDir).filter((file) => file.includes(fayId))).toEqual([]);

      // The access token of the deleted account no longer works, on any route.
      expect((await app.inject({ method: 'GET', url: '/api/my-jobs', headers: fay })).statusCode).toBe(401);
      // Others keep theirs.
      expect((await app.inject({ method: 'GET', url: '/api/my-jobs', headers: gus })).json().total).toBe(1);

      const log = await app.inject({ method: 'GET', url: '/api/admin/activity', headers: staff });
      const deleted = log
        .json()
        .data.filter((entry: { action: string }) => entry.action === 'account.deleted');
      expect(deleted).toMatchObject([
        { actor_kind: 'client', actor_id: null, actor_email: '', client_id: '' },
      ]);
      expect(JSON.stringify(log.json())).not.toContain('fay@example.com');
    });

    it('deletes what was assigned to the e-mail before the person signed in, wherever it lies', async () => {
      const email = 'hana@example.com';
      const { client: pending } = await importJobsFor(app, staff, { email }, [{ job_uid: 'h-1' }]);
      const hana = await signInForTest(app, email);
      // A row left under the pending id, as a claim made before claims moved everything left them.
      await app.db.kysely
        .insertInto('job_events')
        .values({
          id: 'left-behind',
          job_id: 'gone',
          client_id: pending.id,
          at: new Date().toISOString(),
          actor: 'team',
          kind: 'assigned',
          detail: '{}',
        })
        .execute();

      const response = await app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: hana.authHeader,
        payload: { email },
      });
      expect(response.statusCode, response.body).toBe(204);
      for (const id of [hana.userId, pending.id]) expect(await rowsHolding(app.db, id), id).toEqual([]);
    });

    it('deletes a file the storage refused at first on a later sweep, and then nothing names the person', async () => {
      const ivy = await onboardClient(app, 'ivy@example.com');
      // A directory where the resume was: the local store cannot delete it, as S3 might refuse.
      const resumeFile = path.join(config.dataDir, 'storage', 'documents', ivy.resumePath!);
      rmSync(resumeFile);
      mkdirSync(path.join(resumeFile, 'held'), { recursive: true });

      const response = await app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: ivy.headers,
        payload: { email: 'ivy@example.com' },
      });
      expect(response.statusCode, response.body).toBe(204);
      // Only the queue still names the file, until the storage deletes it.
      expect(await rowsHolding(app.db, ivy.userId)).toEqual(['storage_deletions.path']);
      expect(await app.storedFiles.sweepQueuedDeletions()).toBe(0);
      expect(existsSync(resumeFile)).toBe(true);

      // The storage accepts again.
      rmSync(resumeFile, { recursive: true });
      writeFileSync(resumeFile, 'resume');
      expect(await app.storedFiles.sweepQueuedDeletions()).toBe(1);
      expect(existsSync(resumeFile)).toBe(false);
      expect(await rowsHolding(app.db, ivy.userId)).toEqual([]);
      expect(await app.storedFiles.sweepQueuedDeletions()).toBe(0);
    });

    it("keeps a staff account, and with it the log of the staff member's work", async () => {
      const lines = async () =>
        (await app.inject({ url: '/api/admin/activity', headers: staff })).json().data.length;
      const before = await lines();
      for (const headers of [staff, (await staffBeforeSecondFactor(app, 'lead@company.test')).headers]) {
        const refused = await app.inject({
          method: 'DELETE',
          url: '/api/account',
          headers,
          payload: { email: 'lead@company.test' },
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: STAFF_ACCOUNT_KEPT_MESSAGE });
      }
      expect(await lines()).toBe(before);
    });

    it('a deleted person who signs in again starts as new', async () => {
      const again = await signInForTest(app, 'fay@example.com');
      expect(again.userId).not.toBe(fayId);
      const headers = { authorization: `Bearer ${again.accessToken}` };
      expect((await app.inject({ method: 'GET', url: '/api/my-jobs', headers })).json().total).toBe(0);
      const record = await app.inject({ method: 'GET', url: '/api/onboarding-submissions', headers });
      expect(record.json().data).toEqual([]);
    });
  });
});
