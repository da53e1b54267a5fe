import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { signInForTest } from '../../testing/auth.ts';
import { onboardClient } from '../../testing/clients.ts';
import { createTestDatabase, databaseKinds, type TestDatabase, testConfig } from '../../testing/databases.ts';
import { docxBytes, pdfBytes } from '../../testing/documents.ts';
import { refuseInserts, refuseUpdates } from '../../testing/refuse-inserts.ts';
import {
  attachmentsOf,
  bodyOf,
  createTestSmtpServer,
  parseMime,
  type ReceivedMail,
  type TestSmtpServer,
} from '../../testing/smtp.ts';

type Headers = Record<string, string>;

const RETRY_BASE_MS = 50;
const RESUME = { filename: 'Ada_CV.pdf', bytes: pdfBytes('Ada Lovelace, engineer') };
const COVER_LETTER = { filename: 'Ada_Cover.docx', bytes: docxBytes('Dear hiring team') };

async function waitFor<T>(
  probe: () => Promise<T> | T,
  accept: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Each outbox message goes out with a Message-ID made from its id, so repeats are easy to spot. */
const messageIdOf = (outboxId: string) => `<${outboxId}@company.test>`;

describe.each(databaseKinds)('e-mail delivery over SMTP on %s', (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let smtp: TestSmtpServer;
  const apps: FastifyInstance[] = [];

  /**
   * An app on the shared database and storage, as another instance or a restart would be. Each
   * sign-in within one 30-second step spends a recovery code, so tests late in the file sign in a
   * staff member of their own.
   */
  async function startApp(
    staffEmail = 'lead@company.test',
    logLines?: Record<string, unknown>[],
  ): Promise<{ app: FastifyInstance; staff: Headers }> {
    const config = testConfig({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_RETRY_BASE_MS: String(RETRY_BASE_MS),
      TEAM_NOTIFICATION_EMAIL: 'recruiting@company.test',
      BRAND_NAME: 'Northstar Careers',
      ...(logLines && { LOG_LEVEL: 'warn' }),
    });
    const app = await buildApp({
      config,
      webDist: path.join(dataDir, 'no-web'),
      logStream: logLines && { write: (line: string) => logLines.push(JSON.parse(line)) },
    });
    apps.push(app);
    await app.ready();
    const staff = (await signInForTest(app, staffEmail)).authHeader;
    return { app, staff };
  }

  /** The Message-IDs the SMTP server accepted in this test, in order, repeats included. */
  const deliveredIds = () =>
    smtp.received.map((mail: ReceivedMail) => parseMime(mail.raw).headers['message-id']);

  async function stopApp(app: FastifyInstance): Promise<void> {
    apps.splice(apps.indexOf(app), 1);
    await app.close();
  }

  const admin = (app: FastifyInstance, staff: Headers, action: string, email = 'ada@example.com') =>
    app.inject({
      method: 'POST',
      url: '/api/admin/user-email-management',
      headers: staff,
      payload: { email, action },
    });

  /** The client's messages, found the way staff do: the client's id from a lookup by e-mail. */
  async function outbox(app: FastifyInstance, staff: Headers, email = 'ada@example.com') {
    const { client } = (await admin(app, staff, 'fetch', email)).json();
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/outbox?client_id=${client.id}`,
      headers: staff,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      id: string;
      status: string;
      attempts: number;
      last_error: string | null;
    }[];
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = mkdtempSync(path.join(tmpdir(), 'mail-test-'));
    smtp = await createTestSmtpServer();
    const { app } = await startApp();
    await onboardClient(app, 'ada@example.com', { resume: RESUME, coverLetter: COVER_LETTER });
    await onboardClient(app, 'linus@example.com', { resume: RESUME });
    for (const email of [
      'grace@example.com',
      'margaret@example.com',
      'barbara@example.com',
      'hedy@example.com',
      'radia@example.com',
      'katherine@example.com',
      'mary@example.com',
      'dorothy@example.com',
      'frances@example.com',
    ]) {
      await onboardClient(app, email);
    }
    await stopApp(app);
  });

  afterEach(async () => {
    for (const app of [...apps]) await stopApp(app);
    await smtp.stop();
    smtp.refuseMessages(null);
    smtp.received.length = 0;
  });

  afterAll(async () => {
    await database.drop();
  });

  it('delivers the welcome e-mail with the expected subject and content, and says it was sent', async () => {
    await smtp.start();
    const { app, staff } = await startApp();

    const response = await admin(app, staff, 'send');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Welcome email sent to ada@example.com');
    expect(response.json().status).toBe('sent');

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['ada@example.com']);
    expect(mail?.from).toBe('team@company.test');
    const message = parseMime(mail!.raw);
    expect(message.headers.subject).toBe('Welcome to Northstar Careers: your next steps');
    const html = bodyOf(message, 'text/html');
    expect(html).toContain('Welcome to Northstar Careers, Ada!');
    expect(html).toContain('Within 24 hours');
    expect(html).toContain('our onboarding SLA is 72 hours');
    expect(html).toContain('resume consultation for $50');
    expect(html).toContain('not part of your plan');
    expect(bodyOf(message, 'text/plain')).toContain('Within 72 hours');

    const [stored] = await outbox(app, staff);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it("sends the team notification with the client's resume and cover letter, byte for byte", async () => {
    await smtp.start();
    const { app, staff } = await startApp();

    const response = await admin(app, staff, 'send_team');
    expect(response.json()).toEqual({
      client: { id: expect.any(String), kind: 'user', email: 'ada@example.com' },
      matched: 'sign_in_email',
      message: 'Team notification sent to recruiting@company.test',
      attachments_included: ['Ada_CV.pdf', 'Ada_Cover.docx'],
      status: 'sent',
    });

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['recruiting@company.test']);
    const message = parseMime(smtp.received[0]!.raw);
    expect(message.headers.subject).toBe('New client onboarded: Ada Lovelace (ada@example.com)');
    const attachments = attachmentsOf(message);
    expect(attachments.map((attachment) => attachment.filename)).toEqual(['Ada_CV.pdf', 'Ada_Cover.docx']);
    expect(attachments[0]?.content.equals(RESUME.bytes)).toBe(true);
    expect(attachments[1]?.content.equals(COVER_LETTER.bytes)).toBe(true);
  });

  it('keeps the message queued while SMTP is down, retries it, and delivers it once when SMTP returns', async () => {
    const { app, staff } = await startApp();

    const response = await admin(app, staff, 'send', 'grace@example.com');
    expect(response.json().status).toBe('queued');
    expect(response.json().message).toMatch(
      /^Welcome email to grace@example\.com is queued and will be retried \(last attempt failed: .+\)$/,
    );
    const [queued] = await waitFor(
      () => outbox(app, staff, 'grace@example.com'),
      ([message]) => message?.status === 'queued' && message.attempts >= 3,
      'two retries',
    );
    expect(queued?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    const [sent] = await waitFor(
      () => outbox(app, staff, 'grace@example.com'),
      ([message]) => message?.status === 'sent',
      'sent status',
    );
    expect(sent?.last_error).toBeNull();
    await pause(RETRY_BASE_MS * 10);
    expect(deliveredIds()).toEqual([messageIdOf(sent!.id)]);
  });

  it('delivers a message queued before a restart exactly once, from the new instance', async () => {
    const first = await startApp();
    expect((await admin(first.app, first.staff, 'send_team', 'linus@example.com')).json().status).toBe(
      'queued',
    );
    await stopApp(first.app);

    await smtp.start();
    const second = await startApp();
    const [sent] = await waitFor(
      () => outbox(second.app, second.staff, 'linus@example.com'),
      ([message]) => message?.status === 'sent',
      'sent status after restart',
    );
    await pause(RETRY_BASE_MS * 10);
    expect(deliveredIds()).toEqual([messageIdOf(sent!.id)]);
    const attachments = attachmentsOf(parseMime(smtp.received[0]!.raw));
    expect(attachments.map((attachment) => attachment.content.equals(RESUME.bytes))).toEqual([true]);
  });

  it('sends again, once, a message that a stopped instance left mid-send', async () => {
    const { app, staff } = await startApp();
    expect((await admin(app, staff, 'send', 'margaret@example.com')).json().status).toBe('queued');
    const [queued] = await outbox(app, staff, 'margaret@example.com');
    await stopApp(app);
    // As if an instance had claimed it an hour ago and died before finishing.
    const db = openDatabase(testConfig({ DATABASE_URL: database.url }).database);
    await db.kysely
      .updateTable('mail_outbox')
      .set({ status: 'sending', updated_at: new Date(Date.now() - 60 * 60 * 1000).toISOString() })
      .where('id', '=', queued!.id)
      .execute();
    await db.close();

    await smtp.start();
    const restarted = await startApp();
    await waitFor(
      () => outbox(restarted.app, restarted.staff, 'margaret@example.com'),
      ([message]) => message?.status === 'sent',
      'recovered delivery',
    );
    await pause(RETRY_BASE_MS * 10);
    expect(deliveredIds()).toEqual([messageIdOf(queued!.id)]);
  });

  it('delivers each queued message once when two instances share the database', async () => {
    const first = await startApp();
    for (let i = 0; i < 6; i++) {
      expect((await admin(first.app, first.staff, 'send', 'barbara@example.com')).json().status).toBe(
        'queued',
      );
    }
    await stopApp(first.app);

    await smtp.start();
    const one = await startApp();
    await startApp();
    const messages = await waitFor(
      () => outbox(one.app, one.staff, 'barbara@example.com'),
      (list) => list.length === 6 && list.every((message) => message.status === 'sent'),
      'every message sent',
    );
    await pause(RETRY_BASE_MS * 10);
    expect(deliveredIds().sort()).toEqual(messages.map((message) => messageIdOf(message.id)).sort());
  });

  it('sends a batch of welcome e-mails from the outbox: the call waits on nobody, each goes out once', async () => {
    await smtp.start();
    const { app, staff } = await startApp('batches@company.test');
    const clients = ['hedy@example.com', 'radia@example.com'];
    const ids: string[] = [];
    for (const email of clients) ids.push((await admin(app, staff, 'fetch', email)).json().client.id);

    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/welcome-emails',
      headers: staff,
      payload: { client_ids: ids },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual(
      clients.map((email, index) => ({
        client_id: ids[index],
        outcome: 'queued',
        message: `Welcome email to ${email} is in the outbox and will be sent shortly`,
      })),
    );

    const sent = [];
    for (const email of clients) {
      const [message] = await waitFor(
        () => outbox(app, staff, email),
        ([latest]) => latest?.status === 'sent',
        `the welcome e-mail to ${email}`,
      );
      sent.push(message!);
    }
    await pause(RETRY_BASE_MS * 10);
    expect(deliveredIds().sort()).toEqual(sent.map((message) => messageIdOf(message.id)).sort());
  });

  it('answers sent for a message SMTP accepted while the database would not record it, records it later, and sends it once', async () => {
    await smtp.start();
    const { app, staff } = await startApp('records@company.test');
    const allowSent = await refuseUpdates(app, kind, 'mail_outbox', { column: 'status', value: 'sent' });

    const response = await admin(app, staff, 'send', 'katherine@example.com');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('sent');
    const [unrecorded] = await outbox(app, staff, 'katherine@example.com');
    expect(unrecorded?.status).toBe('sending');
    const { client } = (await admin(app, staff, 'fetch', 'katherine@example.com')).json();
    const activity = await app.inject({
      method: 'GET',
      url: `/api/admin/activity?client_id=${client.id}`,
      headers: staff,
    });
    expect(activity.json().data).toContainEqual(
      expect.objectContaining({
        action: 'email.sent',
        detail: expect.objectContaining({ outbox_id: unrecorded!.id, status: 'sent' }),
      }),
    );

    // Once the database takes it again, the message is recorded as sent in the background.
    await pause(RETRY_BASE_MS * 10);
    expect((await outbox(app, staff, 'katherine@example.com'))[0]?.status).toBe('sending');
    await allowSent();
    await waitFor(
      async () => (await outbox(app, staff, 'katherine@example.com'))[0]?.status,
      (status) => status === 'sent',
      'the message recorded as sent',
    );
    await stopApp(app);

    const db = openDatabase(testConfig({ DATABASE_URL: database.url }).database);
    const stored = await db.kysely
      .selectFrom('mail_outbox')
      .select('status')
      .where('id', '=', unrecorded!.id)
      .executeTakeFirstOrThrow();
    await db.close();
    expect(stored.status).toBe('sent');
    expect(deliveredIds()).toEqual([messageIdOf(unrecorded!.id)]);
  });

  it('answers sent for messages SMTP accepted while the activity log would not take their line, and logs them later', async () => {
    await smtp.start();
    const { app, staff } = await startApp('unlogged@company.test');
    const { client } = (await admin(app, staff, 'fetch', 'dorothy@example.com')).json();
    const allowLines = await refuseInserts(app, kind, 'activity_log', {
      column: 'action',
      value: 'email.sent',
    });

    const welcome = await admin(app, staff, 'send', 'dorothy@example.com');
    expect(welcome.statusCode, welcome.body).toBe(200);
    expect(welcome.json()).toMatchObject({
      status: 'sent',
      message: 'Welcome email sent to dorothy@example.com',
    });
    expect(smtp.received).toHaveLength(1);
    const team = await admin(app, staff, 'send_team', 'dorothy@example.com');
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().status).toBe('sent');
    expect(smtp.received).toHaveLength(2);
    const messages = await outbox(app, staff, 'dorothy@example.com');
    expect(messages.map((message) => message.status)).toEqual(['sent', 'sent']);
    expect(deliveredIds().sort()).toEqual(messages.map((message) => messageIdOf(message.id)).sort());

    // Once the database takes them again, both lines are written in the background.
    await allowLines();
    const lines = await waitFor(
      async () => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/admin/activity?client_id=${client.id}`,
          headers: staff,
        });
        return (response.json().data as { action: string; detail: Record<string, unknown> }[]).filter(
          (entry) => entry.action === 'email.sent',
        );
      },
      (found) => found.length === 2,
      'both activity lines',
    );
    expect(lines.map((line) => line.detail.outbox_id).sort()).toEqual(
      messages.map((message) => message.id).sort(),
    );
    expect(lines.every((line) => line.detail.status === 'sent')).toBe(true);
  });

  it('answers queued for a message SMTP could not take while the database would not record the failure', async () => {
    const { app, staff } = await startApp('unsettled@company.test');
    const allowQueued = await refuseUpdates(app, kind, 'mail_outbox', { column: 'status', value: 'queued' });

    const response = await admin(app, staff, 'send', 'frances@example.com');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('queued');
    expect(response.json().message).toMatch(
      /^Welcome email to frances@example\.com is queued and will be retried \(last attempt failed: .+\)$/,
    );
    const [unsettled] = await outbox(app, staff, 'frances@example.com');
    expect(unsettled?.status).toBe('sending');

    // The failure is recorded once the database takes it, and the message goes out once SMTP is back.
    await allowQueued();
    await smtp.start();
    const [sent] = await waitFor(
      () => outbox(app, staff, 'frances@example.com'),
      ([message]) => message?.status === 'sent',
      'the message sent after its failure was recorded',
    );
    await pause(RETRY_BASE_MS * 10);
    expect(deliveredIds()).toEqual([messageIdOf(sent!.id)]);
  });

  it('logs a refusal without the address the mail server repeats, which staff still read on the message', async () => {
    await smtp.start();
    const lines: Record<string, unknown>[] = [];
    const { app, staff } = await startApp('log-reader@company.test', lines);
    smtp.refuseMessages({ code: 550, message: '5.1.1 <dorothy@example.com>: Recipient address rejected' });
    expect((await admin(app, staff, 'send', 'dorothy@example.com')).json().status).toBe('failed');
    const notSent = lines.filter((line) => line.msg === 'e-mail not sent');
    expect(notSent).toHaveLength(1);
    expect(notSent[0]?.reason).toMatch(/550 5\.1\.1 <<address>>: Recipient address rejected/);
    expect(JSON.stringify(lines)).not.toContain('dorothy@example.com');
    const [message] = await outbox(app, staff, 'dorothy@example.com');
    expect(message?.last_error).toContain('<dorothy@example.com>');
    smtp.refuseMessages(null);
  });

  it('retries a message the server refuses after DATA for now, and gives up one it refuses for good', async () => {
    await smtp.start();
    const { app, staff } = await startApp('refusals@company.test');
    smtp.refuseMessages({ code: 451, message: 'Mailbox busy, try again later' });
    expect((await admin(app, staff, 'send', 'mary@example.com')).json().status).toBe('queued');

    smtp.refuseMessages({ code: 554, message: 'Message rejected as spam' });
    const refused = await admin(app, staff, 'send', 'mary@example.com');
    expect(refused.json()).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(
        /^Welcome email to mary@example\.com was refused by the mail server and will not be retried: .*554/,
      ),
    });
    // The message refused for now meets the same refusal at its next try, and is given up too.
    const messages = await waitFor(
      () => outbox(app, staff, 'mary@example.com'),
      (list) => list.length === 2 && list.every((message) => message.status === 'failed'),
      'both messages given up',
    );
    smtp.refuseMessages(null);
    await pause(RETRY_BASE_MS * 10);
    expect(await outbox(app, staff, 'mary@example.com')).toEqual(messages);
    expect(smtp.received).toHaveLength(0);
  });
});
