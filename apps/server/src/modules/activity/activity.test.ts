import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { createActivityService, staffActor } from './service.ts';

type Headers = Record<string, string>;
const STAFF_DENIED = 'Access denied. This feature is only available to @company.test users.';

describe.each(databaseKinds)('activity log on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;
  let alice: Headers;
  let aliceId: string;
  let jobIds: string[];

  const get = (url: string, headers: Headers = staff) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    staff = (await signInForTest(app, 'analyst@company.test')).authHeader;
    const signedIn = await signInForTest(app, 'alice@example.com');
    alice = signedIn.authHeader;
    aliceId = signedIn.userId;
    // Written straight to the table: this suite is about the log, not the import.
    const now = new Date().toISOString();
    jobIds = [randomUUID(), randomUUID()];
    await app.db.kysely
      .insertInto('jobs')
      .values(
        [
          { id: jobIds[0]!, job_uid: 'a-1', data_job_title: 'Backend Engineer', data_company: 'Acme' },
          { id: jobIds[1]!, job_uid: 'a-2', data_job_title: '=HYPERLINK("x")', data_company: 'Evil' },
        ].map((job) => ({ ...job, client_id: aliceId, created_at: now, updated_at: now })),
      )
      .execute();
  });
  afterAll(async () => close());

  it("puts the client's own decisions and notes into their timeline", async () => {
    const [first, second] = jobIds as [string, string];
    const rejected = await app.inject({
      method: 'PUT',
      url: `/api/my-jobs/${first}/approval`,
      headers: alice,
      payload: { client_approval: 'rejected' },
    });
    expect(rejected.statusCode).toBe(200);
    const noted = await app.inject({
      method: 'PUT',
      url: `/api/my-jobs/${first}/notes`,
      headers: alice,
      payload: { client_notes: 'Too far away' },
    });
    expect(noted.statusCode).toBe(200);
    const bulk = await app.inject({
      method: 'PUT',
      url: '/api/my-jobs/approval',
      headers: alice,
      payload: { job_ids: [second, 'not-a-job'], client_approval: 'rejected' },
    });
    expect(bulk.statusCode).toBe(200);

    const timeline = await get(`/api/admin/activity?client_id=${aliceId}`);
    expect(timeline.statusCode).toBe(200);
    const entries = timeline.json().data as {
      action: string;
      actor_kind: string;
      actor_email: string;
      detail: Record<string, unknown>;
    }[];
    // Newest first, also when the three requests land in the same millisecond.
    const own = entries.filter((entry) => entry.actor_kind === 'client');
    expect(own.map((entry) => [entry.action, entry.actor_email])).toEqual([
      ['job.decision', 'alice@example.com'],
      ['job.notes', 'alice@example.com'],
      ['job.decision', 'alice@example.com'],
    ]);
    expect(own[0]?.detail).toEqual({
      job_ids: [second],
      client_approval: 'rejected',
      summary: 'rejected, 1 jobs',
    });
    expect(own[1]?.detail).toEqual({ job_id: first, summary: 'Backend Engineer at Acme' });
    // The notes themselves are the client's; the log says that they wrote some, not what.
    expect(JSON.stringify(own)).not.toContain('Too far away');
  });

  it('pages newest first with a cursor, and refuses a cursor it did not give', async () => {
    const first = await get(`/api/admin/activity?client_id=${aliceId}&limit=2`);
    const page1 = first.json();
    expect(page1.data).toHaveLength(2);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const second = await get(`/api/admin/activity?client_id=${aliceId}&limit=2&cursor=${page1.next_cursor}`);
    const page2 = second.json();
    const ids = [...page1.data, ...page2.data].map((entry: { id: string }) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = (await get(`/api/admin/activity?client_id=${aliceId}`)).json().data;
    expect(ids).toEqual(all.slice(0, ids.length).map((entry: { id: string }) => entry.id));

    const bad = await get('/api/admin/activity?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'cursor is not one this list gave out' });
  });

  it('filters by staff member and exports the same entries as CSV, formulas defused', async () => {
    const byAlice = (await get(`/api/admin/activity?actor_id=${aliceId}`)).json().data;
    expect(byAlice.length).toBeGreaterThan(0);
    expect(byAlice.every((entry: { actor_id: string }) => entry.actor_id === aliceId)).toBe(true);
    const nobody = (await get('/api/admin/activity?actor_id=nobody')).json().data;
    expect(nobody).toEqual([]);

    const csv = await get(`/api/admin/activity/export?client_id=${aliceId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename=activity-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    const timeline = (await get(`/api/admin/activity?client_id=${aliceId}`)).json().data;
    expect(rows.map((row) => row.action)).toEqual(timeline.map((entry: { action: string }) => entry.action));
    expect(rows[0]).toMatchObject({
      actor_email: 'alice@example.com',
      client_id: aliceId,
      client_email: 'alice@example.com',
    });
    expect(timeline[0].client_email).toBe('alice@example.com');
    expect(rows.some((row) => row.description === 'Wrote notes on a job: Backend Engineer at Acme')).toBe(
      true,
    );
  });

  it('keeps the order of entries written in the same millisecond, across pages too', async () => {
    const sameMoment = createActivityService(app.db.kysely, () => '2026-03-02T10:00:00.000Z');
    const clientId = randomUUID();
    const actor = staffActor({ id: 'recruiter', email: 'recruiter@company.test' });
    const written: string[] = [];
    for (let index = 0; index < 12; index++)
      // Written as part of a change (recordIn): the order is under test, not the client's presence.
      written.push(
        (await sameMoment.recordIn(app.db.kysely, { actor, clientId, action: 'client.opened' })).id,
      );
    const newestFirst = written.toReversed();
    expect((await sameMoment.list({ clientId }, undefined, 20)).data.map((entry) => entry.id)).toEqual(
      newestFirst,
    );
    const page1 = await sameMoment.list({ clientId }, undefined, 5);
    const page2 = await sameMoment.list({ clientId }, page1.next_cursor ?? undefined, 5);
    expect([...page1.data, ...page2.data].map((entry) => entry.id)).toEqual(newestFirst.slice(0, 10));
  });

  it('defuses a cell that a spreadsheet would run as a formula', async () => {
    const activity = createActivityService(app.db.kysely);
    await activity.record({
      actor: staffActor({ id: 'someone', email: '=HYPERLINK("http://x")@company.test' }),
      clientId: aliceId,
      action: 'client.opened',
    });
    const csv = await get(`/api/admin/activity/export?client_id=${aliceId}`);
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows[0]?.actor_email).toBe(`'=HYPERLINK("http://x")@company.test`);
  });

  it.each(['/api/admin/activity', '/api/admin/activity/actors', '/api/admin/activity/export'])(
    '%s is for staff only',
    async (url) => {
      const asClient = await get(url, alice);
      expect(asClient.statusCode).toBe(403);
      expect(asClient.json()).toEqual({ error: STAFF_DENIED });
    },
  );
});
