import { randomUUID } from 'node:crypto';
import type { ActivityEntry } from '@app/domain/activity';
import type { OutboxMessage, OutboxStatus } from '@app/domain/admin-email';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailOutboxTable } from '../../db/schema.ts';
import { GONE_MEANWHILE_MESSAGE } from '../../errors.ts';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { refuseInserts } from '../../testing/refuse-inserts.ts';
import { createTestSmtpServer, type TestSmtpServer } from '../../testing/smtp.ts';

type Headers = Record<string, string>;
const STAFF_DENIED = 'Access denied. This feature is only available to @company.test users.';

describe.each(databaseKinds)("the team's outbox on %s", (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let smtp: TestSmtpServer;
  let staff: Headers;
  let staffId: string;
  let alice: Headers;
  let aliceId: string;
  let pendingId: string;

  /** A message as the sender would have left it, written straight to the table. */
  async function message(status: OutboxStatus, extra: Partial<MailOutboxTable> = {}): Promise<string> {
    const id = randomUUID();
    const at = new Date(Date.now() - 60_000).toISOString();
    await app.db.kysely
      .insertInto('mail_outbox')
      .values({
        id,
        kind: 'welcome',
        client_id: aliceId,
        client_email: 'alice@example.com',
        recipient: 'alice@example.com',
        subject: `Welcome (${status})`,
        html: '<p>Welcome</p>',
        text: 'Welcome',
        attachments: '[]',
        status,
        attempts: status === 'queued' ? 0 : 1,
        last_error: status === 'failed' ? '550 mailbox unavailable' : null,
        // Far in the future: the background sender leaves it alone until someone retries it.
        next_attempt_at: status === 'queued' ? '2999-01-01T00:00:00.000Z' : null,
        created_at: at,
        updated_at: at,
        sent_at: status === 'sent' ? at : null,
        ...extra,
      })
      .execute();
    return id;
  }

  const post = (path: string, headers = staff) => app.inject({ method: 'POST', url: path, headers });

  async function outbox(query = ''): Promise<OutboxMessage[]> {
    const response = await app.inject({ method: 'GET', url: `/api/admin/outbox${query}`, headers: staff });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function latestActivity(clientId: string): Promise<ActivityEntry | undefined> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/activity?client_id=${clientId}`,
      headers: staff,
    });
    return response.json().data[0];
  }

  beforeAll(async () => {
    smtp = await createTestSmtpServer();
    await smtp.start();
    ({ app, close } = await createTestApp(kind, { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '3600000' }));
    await app.ready();
    const lead = await signInForTest(app, 'lead@company.test');
    staff = lead.authHeader;
    staffId = lead.userId;
    const signedIn = await signInForTest(app, 'alice@example.com', { firstName: 'Alice', lastName: 'Ames' });
    alice = signedIn.authHeader;
    aliceId = signedIn.userId;
    const invited = await app.inject({
      method: 'POST',
      url: '/api/admin/jobs/import',
      headers: staff,
      payload: { email: 'pending@example.com', format: 'json', content: '[{"job_uid":"p-1"}]' },
    });
    pendingId = invited.json().data.client.id;
  });
  afterAll(async () => {
    await close();
    await smtp.stop();
  });

  async function activityOf(clientId: string): Promise<ActivityEntry[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/activity?client_id=${clientId}&limit=200`,
      headers: staff,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  it.each([
    ['GET', '/api/admin/outbox'],
    ['GET', '/api/admin/outbox/some-id'],
    ['POST', '/api/admin/outbox/some-id/retry'],
    ['POST', '/api/admin/outbox/some-id/cancel'],
  ] as const)('%s %s is for staff only', async (method, url) => {
    const asClient = await app.inject({ method, url, headers: alice });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toEqual({ error: STAFF_DENIED });
    expect((await app.inject({ method, url })).statusCode).toBe(401);
  });

  it("lists every client's e-mails with whose they are, and by status", async () => {
    const queued = await message('queued');
    const sent = await message('sent');
    const forPending = await message('failed', {
      client_id: pendingId,
      client_email: 'pending@example.com',
      recipient: 'pending@example.com',
    });
    const all = await outbox();
    const byId = new Map(all.map((item) => [item.id, item]));
    expect(byId.get(queued)).toMatchObject({
      client_id: aliceId,
      client_name: 'Alice Ames',
      client_email: 'alice@example.com',
      status: 'queued',
      attempts: 0,
    });
    expect(byId.get(forPending)).toMatchObject({
      client_id: pendingId,
      client_name: null,
      client_email: 'pending@example.com',
      last_error: '550 mailbox unavailable',
    });
    expect(byId.get(sent)?.sent_at).not.toBeNull();

    const failedOnly = await outbox('?status=failed');
    expect(failedOnly.map((item) => item.id)).toEqual([forPending]);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/outbox?status=lost', headers: staff });
    expect(bad.statusCode).toBe(400);
  });

  it('lists e-mails without their bodies, nor do a retry and a cancel answer them', async () => {
    const id = await message('queued', { html: '<p>Profile of Alice Ames</p>' });
    const listed = (await outbox()).find((item) => item.id === id);
    expect(listed).toMatchObject({ id, subject: 'Welcome (queued)' });
    expect(listed).not.toHaveProperty('html');
    expect(listed).not.toHaveProperty('text');
    const page = await app.inject({
      method: 'GET',
      url: `/api/admin/outbox?client_id=${aliceId}`,
      headers: staff,
    });
    expect(page.body).not.toContain('Profile of Alice Ames');
    const cancelled = await post(`/api/admin/outbox/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).not.toHaveProperty('html');
  });

  it("reads one e-mail with its body and logs the read, once, in its client's activity", async () => {
    const id = await message('sent', {
      subject: 'New client onboarded: Alice Ames',
      html: '<p>Her profile</p>',
    });
    const before = await activityOf(aliceId);
    const response = await app.inject({ method: 'GET', url: `/api/admin/outbox/${id}`, headers: staff });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id,
      client_id: aliceId,
      client_name: 'Alice Ames',
      recipient: 'alice@example.com',
      subject: 'New client onboarded: Alice Ames',
      status: 'sent',
      html: '<p>Her profile</p>',
    });
    const after = await activityOf(aliceId);
    const added = after.filter((entry) => !before.some((old) => old.id === entry.id));
    expect(added).toEqual([
      expect.objectContaining({
        action: 'email.read',
        actor_kind: 'staff',
        actor_id: staffId,
        actor_email: 'lead@company.test',
        client_id: aliceId,
        detail: { outbox_id: id, kind: 'welcome', summary: 'New client onboarded: Alice Ames' },
      }),
    ]);
  });

  it("reads an e-mail about a pending client into the pending client's activity", async () => {
    const id = await message('failed', {
      client_id: pendingId,
      client_email: 'pending@example.com',
      recipient: 'pending@example.com',
    });
    const response = await app.inject({ method: 'GET', url: `/api/admin/outbox/${id}`, headers: staff });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id, client_name: null, html: '<p>Welcome</p>' });
    expect((await activityOf(pendingId))[0]).toMatchObject({
      action: 'email.read',
      actor_id: staffId,
      detail: { outbox_id: id },
    });
  });

  it('does not answer the body of an e-mail whose client was erased as it was read', async () => {
    // What the read meets when the erasure commits between finding the message and logging it: a
    // message that names a client no longer there.
    const id = await message('sent', { client_id: randomUUID(), html: '<p>Gone with the client</p>' });
    const response = await app.inject({ method: 'GET', url: `/api/admin/outbox/${id}`, headers: staff });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: GONE_MEANWHILE_MESSAGE });
  });

  it('does not answer the body when the read cannot be logged', async () => {
    const id = await message('sent', { html: '<p>Not without a trace</p>' });
    const allowLines = await refuseInserts(app, kind, 'activity_log', {
      column: 'action',
      value: 'email.read',
    });
    try {
      const response = await app.inject({ method: 'GET', url: `/api/admin/outbox/${id}`, headers: staff });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('Not without a trace');
    } finally {
      await allowLines();
    }
  });

  it('pages through every e-mail, newest first, 200 at a time', async () => {
    const clientId = randomUUID();
    const start = Date.now() - 3_600_000;
    await app.db.kysely
      .insertInto('mail_outbox')
      .values(
        Array.from({ length: 201 }, (_, index) => {
          const at = new Date(start + index * 1000).toISOString();
          return {
            id: randomUUID(),
            kind: 'welcome',
            client_id: clientId,
            client_email: 'many@example.com',
            recipient: 'many@example.com',
            subject: `Message ${index}`,
            html: '',
            text: '',
            attachments: '[]',
            status: 'sent' as const,
            attempts: 1,
            last_error: null,
            next_attempt_at: null,
            created_at: at,
            updated_at: at,
            sent_at: at,
          };
        }),
      )
      .execute();
    const first = await app.inject({
      method: 'GET',
      url: `/api/admin/outbox?client_id=${clientId}`,
      headers: staff,
    });
    const page = first.json();
    expect(page.data).toHaveLength(200);
    expect(page.data[0].subject).toBe('Message 200');
    expect(page.next_cursor).toEqual(expect.any(String));
    const second = await app.inject({
      method: 'GET',
      url: `/api/admin/outbox?client_id=${clientId}&cursor=${page.next_cursor}`,
      headers: staff,
    });
    expect(second.json()).toMatchObject({ data: [{ subject: 'Message 0' }], next_cursor: null });

    const bad = await app.inject({ method: 'GET', url: '/api/admin/outbox?cursor=nonsense', headers: staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'cursor is not one this list gave out' });
  });

  it('retries a failed e-mail now: it is sent at once and the retry is logged', async () => {
    const id = await message('failed');
    const response = await post(`/api/admin/outbox/${id}/retry`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id, status: 'sent', attempts: 2, last_error: null });
    expect(smtp.received.some((mail) => mail.raw.toString().includes(`<${id}@company.test>`))).toBe(true);
    expect(await latestActivity(aliceId)).toMatchObject({
      action: 'email.retried',
      actor_id: staffId,
      client_id: aliceId,
      detail: {
        outbox_id: id,
        kind: 'welcome',
        status: 'sent',
        summary: 'Welcome e-mail to alice@example.com, sent',
      },
    });
  });

  it('answers sent for a retried e-mail the server accepted while the activity log would not take its line', async () => {
    const id = await message('failed');
    const allowLines = await refuseInserts(app, kind, 'activity_log', {
      column: 'action',
      value: 'email.retried',
    });
    try {
      const response = await post(`/api/admin/outbox/${id}/retry`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ id, status: 'sent' });
      const delivered = smtp.received.filter((mail) => mail.raw.toString().includes(`<${id}@company.test>`));
      expect(delivered).toHaveLength(1);
      expect((await outbox()).find((item) => item.id === id)?.status).toBe('sent');
    } finally {
      await allowLines();
    }
    // The line is written in the background once the database takes it again.
    const deadline = Date.now() + 15_000;
    while ((await latestActivity(aliceId))?.detail.outbox_id !== id) {
      expect(Date.now(), 'the retry logged in the background').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await latestActivity(aliceId)).toMatchObject({
      action: 'email.retried',
      detail: { outbox_id: id, status: 'sent' },
    });
  });

  it('retries a queued e-mail now instead of at its next try', async () => {
    const id = await message('queued');
    const response = await post(`/api/admin/outbox/${id}/retry`);
    expect(response.json().data).toMatchObject({ id, status: 'sent', attempts: 1 });
  });

  it('cancels a queued e-mail, which is then never sent, and logs it', async () => {
    const id = await message('queued', { next_attempt_at: new Date(Date.now() + 50).toISOString() });
    const response = await post(`/api/admin/outbox/${id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id, status: 'cancelled', next_attempt_at: null });
    expect(await latestActivity(aliceId)).toMatchObject({
      action: 'email.cancelled',
      detail: { outbox_id: id, summary: 'Welcome e-mail to alice@example.com, cancelled' },
    });
    expect(smtp.received.some((mail) => mail.raw.toString().includes(`<${id}@company.test>`))).toBe(false);
    expect((await outbox('?status=cancelled')).map((item) => item.id)).toContain(id);
  });

  it.each([
    ['cancel', 'sent', 'Only a queued e-mail can be cancelled; this one is sent.'],
    ['cancel', 'failed', 'Only a queued e-mail can be cancelled; this one is failed.'],
    ['cancel', 'sending', 'Only a queued e-mail can be cancelled; this one is sending.'],
    ['cancel', 'cancelled', 'Only a queued e-mail can be cancelled; this one is cancelled.'],
    ['retry', 'sent', 'Only a queued or failed e-mail can be retried; this one is sent.'],
    ['retry', 'sending', 'Only a queued or failed e-mail can be retried; this one is sending.'],
    ['retry', 'cancelled', 'Only a queued or failed e-mail can be retried; this one is cancelled.'],
  ] as const)(
    'refuses to %s a %s e-mail (409), changing and logging nothing',
    async (action, status, error) => {
      const id = await message(status);
      const before = await latestActivity(aliceId);
      const response = await post(`/api/admin/outbox/${id}/${action}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error });
      expect((await outbox()).find((item) => item.id === id)?.status).toBe(status);
      expect(await latestActivity(aliceId)).toEqual(before);
    },
  );

  it('answers 404 for an e-mail that does not exist, logging nothing', async () => {
    for (const action of ['retry', 'cancel']) {
      const response = await post(`/api/admin/outbox/${randomUUID()}/${action}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'No e-mail has that id' });
    }
    const before = await latestActivity(aliceId);
    const read = await app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${randomUUID()}`,
      headers: staff,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ error: 'No e-mail has that id' });
    expect(await latestActivity(aliceId)).toEqual(before);
  });
});
