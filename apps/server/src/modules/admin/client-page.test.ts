import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../../testing/auth.ts';
import { onboardClient } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { outboxBody } from '../../testing/outbox.ts';

type Headers = Record<string, string>;

describe.each(databaseKinds)('staff client page on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;
  let ada: { userId: string; headers: Headers; resumePath: string | null };
  let bobId: string;
  let carolId: string;
  const pendingId = randomUUID();

  const page = (id: string, headers: Headers = staff) =>
    app.inject({ method: 'GET', url: `/api/admin/clients/${id}`, headers });
  const act = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/admin/user-email-management', headers: staff, payload });
  const activityOf = async (clientId: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/admin/activity?client_id=${clientId}`, headers: staff })
    ).json().data as { action: string; actor_email: string; detail: Record<string, unknown> }[];
  const outbox = async (clientId: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/admin/outbox?client_id=${clientId}`, headers: staff })
    ).json().data as { id: string; kind: string; subject: string }[];
  /** An outbox message's HTML, as staff opening it read it (which adds an `email.read` line). */
  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    staff = (await signInForTest(app, 'analyst@company.test')).authHeader;
    const onboarded = await onboardClient(app, 'ada@example.com', {
      record: { first_name: 'Ada', last_name: 'Lovelace', email_address: 'ada.personal@example.com' },
    });
    ada = { userId: onboarded.userId, headers: onboarded.headers, resumePath: onboarded.resumePath };
    bobId = (await onboardClient(app, 'bob@example.com', { record: { first_name: 'Bob' }, resume: null }))
      .userId;
    carolId = (await signInForTest(app, 'carol@example.com')).userId;
    await app.db.kysely
      .insertInto('pending_clients')
      .values({
        id: pendingId,
        email: 'dave@example.com',
        created_at: new Date().toISOString(),
        claimed_by_user_id: null,
        claimed_at: null,
      })
      .execute();
  });
  afterAll(async () => close());

  it('shows the sign-in and the typed e-mail side by side, the whole profile and its documents, and logs the visit', async () => {
    const response = await page(ada.userId);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      client: { id: ada.userId, kind: 'user', email: 'ada@example.com' },
      sign_in_email: 'ada@example.com',
      onboarding_email: 'ada.personal@example.com',
      onboarding: { started: true, complete: true, missing: [] },
      user_data: { first_name: 'Ada', last_name: 'Lovelace', resume_name: 'cv.pdf', cover_letter_name: null },
      documents: { resume: 'cv.pdf', cover_letter: null },
      filters: [],
      last_emails: { welcome: null, team_notification: null },
    });
    expect(data.record.first_name).toBe('Ada');
    const [latest] = await activityOf(ada.userId);
    expect(latest).toMatchObject({
      action: 'client.opened',
      actor_email: 'analyst@company.test',
      detail: { via: 'client_page' },
    });
  });

  it('says where an incomplete client stands, and opens a client who has not started or is pending', async () => {
    const bob = (await page(bobId)).json().data;
    expect(bob.onboarding).toMatchObject({ started: true, complete: false, step: 6 });
    expect(bob.onboarding.missing[0]).toEqual({
      section: expect.any(String),
      step: 6,
      fields: expect.arrayContaining(['Resume']),
    });
    // The step the client's wizard resumes at: Experience Level (step 6) is in no completeness group,
    // so a record also missing its job titles (step 7) resumes at 6, and staff see 6.
    const { userId: eveId } = await onboardClient(app, 'eve@example.com', {
      record: { experience_level: '', top_job_titles: '' },
      unfinished: true,
    });
    expect((await page(eveId)).json().data.onboarding).toMatchObject({ complete: false, step: 6 });
    const carol = (await page(carolId)).json().data;
    expect(carol).toMatchObject({
      record: null,
      user_data: null,
      onboarding: { started: false, step: null },
    });
    const pending = (await page(pendingId)).json().data;
    expect(pending).toMatchObject({ client: { kind: 'pending', email: 'dave@example.com' }, record: null });
    const missing = await page('no-such-client');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'No client has that id' });
  });

  it('sends an incomplete client a welcome that asks them to finish, never one thanking them for finishing', async () => {
    const sent = await act({ client_id: bobId, action: 'send' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ matched: 'client_id', status: 'queued', filters_created: true });
    const [welcome] = await outbox(bobId);
    expect(welcome?.kind).toBe('welcome');
    const bob = (await page(bobId)).json().data;
    expect(bob.last_emails.welcome).toMatchObject({ status: 'queued', sent_at: null });
    // Reading the page again after the send is the same visit: one 'opened' line.
    const actions = (await activityOf(bobId)).map((entry) => entry.action);
    expect(actions).toEqual(['email.sent', 'filters.saved', 'client.opened']);
    const [sentEntry] = await activityOf(bobId);
    expect(sentEntry?.detail).toMatchObject({
      kind: 'welcome',
      status: 'queued',
      onboarding_complete: false,
      summary: 'Welcome e-mail, queued',
    });
    const html = await outboxBody(app, staff, welcome?.id ?? '');
    expect(html).toContain('Thank you for starting your onboarding. A few answers are still missing');
    expect(html).not.toContain('completing your onboarding');
  });

  it('thanks a complete client, and tells the team about the saved filters', async () => {
    await act({ client_id: ada.userId, action: 'send' });
    const team = await act({ client_id: ada.userId, action: 'send_team' });
    expect(team.statusCode, team.body).toBe(200);
    const messages = await outbox(ada.userId);
    const welcome = messages.find((message) => message.kind === 'welcome');
    expect(await outboxBody(app, staff, welcome?.id ?? '')).toContain(
      'Thank you for completing your onboarding.',
    );
    const notification = messages.find((message) => message.kind === 'team_notification');
    expect(notification?.subject).toBe('New client onboarded: Ada Lovelace (ada@example.com)');
    expect(await outboxBody(app, staff, notification?.id ?? '')).toContain('Saved job search filters');
    const bobTeam = await act({ client_id: bobId, action: 'send_team' });
    expect(bobTeam.statusCode).toBe(200);
    const bobNotification = (await outbox(bobId)).find((message) => message.kind === 'team_notification');
    expect(bobNotification?.subject).toMatch(/^Client onboarding in progress: /);
    expect(await outboxBody(app, staff, bobNotification?.id ?? '')).toContain(
      'has not finished onboarding yet',
    );
  });

  it('refuses to send anything for a client who has not started, with the reason', async () => {
    for (const id of [carolId, pendingId]) {
      const response = await act({ client_id: id, action: 'send' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error:
          'This client has not started onboarding yet, so there is nothing to send or generate for them.',
      });
    }
  });

  it('lets staff download the resume, logged, and says when there is no such document', async () => {
    const resume = await app.inject({
      method: 'GET',
      url: `/api/admin/clients/${ada.userId}/documents/resume`,
      headers: staff,
    });
    expect(resume.statusCode).toBe(200);
    expect(resume.headers['content-disposition']).toContain('cv.pdf');
    const [latest] = await activityOf(ada.userId);
    expect(latest).toMatchObject({
      action: 'document.downloaded',
      detail: { document: 'resume', summary: 'cv.pdf' },
    });
    const cover = await app.inject({
      method: 'GET',
      url: `/api/admin/clients/${ada.userId}/documents/cover_letter`,
      headers: staff,
    });
    expect(cover.statusCode).toBe(404);
    expect(cover.json()).toEqual({ error: 'This client has not uploaded that document' });
  });

  it("logs staff reading a client's document through the general download too, but not a client reading their own", async () => {
    const url = `/api/documents/download?path=${encodeURIComponent(ada.resumePath ?? '')}`;
    const before = (await activityOf(ada.userId)).length;
    const own = await app.inject({ method: 'GET', url, headers: ada.headers });
    expect(own.statusCode).toBe(200);
    expect(await activityOf(ada.userId)).toHaveLength(before);
    const byStaff = await app.inject({ method: 'GET', url, headers: staff });
    expect(byStaff.statusCode).toBe(200);
    const [latest] = await activityOf(ada.userId);
    expect(latest).toMatchObject({
      action: 'document.downloaded',
      actor_email: 'analyst@company.test',
      detail: { summary: 'cv.pdf' },
    });
  });

  it('is for staff only', async () => {
    for (const url of [
      `/api/admin/clients/${ada.userId}`,
      `/api/admin/clients/${ada.userId}/documents/resume`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: ada.headers });
      expect(response.statusCode).toBe(403);
    }
  });
});
