import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestClock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { signInForTest } from '../../testing/auth.ts';
import { createTestDatabase, databaseKinds, type TestDatabase, testConfig } from '../../testing/databases.ts';
import { importJobsFor } from '../../testing/jobs.ts';
import { refuseInserts } from '../../testing/refuse-inserts.ts';
import { bodyOf, createTestSmtpServer, parseMime, type TestSmtpServer } from '../../testing/smtp.ts';
import { BAD_UNSUBSCRIBE_LINK_MESSAGE, UNSUBSCRIBED_MESSAGE } from './routes.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
// Wednesday 18 November 2026, noon UTC.
const START = Date.parse('2026-11-18T12:00:00Z');

type Headers = Record<string, string>;

/** Local weekday and hour of an instant in a zone, e.g. 'Mon 09'. */
const localTime = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', hourCycle: 'h23' }).format(
    ms,
  );

describe.each(databaseKinds)('weekly summary on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let config: Config;
  const clock = createTestClock(START);
  let app: FastifyInstance;
  let twin: FastifyInstance;
  let staff: Headers;

  const build = (db?: Db) => buildApp({ config, clock, db, webDist: path.join(config.dataDir, 'no-web') });

  async function newClient(email: string, timeZone: string | null, applied: string[]) {
    // Tokens follow the moved clock: sign staff in again at its time.
    staff = { authorization: `Bearer ${(await signInForTest(app, 'lead@company.test')).accessToken}` };
    const signedIn = await signInForTest(app, email, { firstName: 'Hana', lastName: 'K' });
    const headers = { authorization: `Bearer ${signedIn.accessToken}` };
    if (timeZone) {
      const zone = await app.inject({
        method: 'PUT',
        url: '/api/account/time-zone',
        headers,
        payload: { time_zone: timeZone },
      });
      expect(zone.json()).toEqual({ time_zone: timeZone });
    }
    const rows = [
      ...applied.map((title, index) => ({
        job_uid: `${email}-${index}`,
        data_job_title: title,
        data_company: 'Initech',
        applied_for_job: true,
      })),
      { job_uid: `${email}-open`, data_job_title: 'Not applied', data_company: 'Hooli' },
    ];
    await importJobsFor(app, staff, { client_id: signedIn.userId }, rows);
    return { id: signedIn.userId, headers };
  }

  const summariesTo = (email: string) =>
    smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => parseMime(mail.raw));
  /** The outbox's sender delivers a queued summary within moments. */
  const deliveredTo = async (email: string, count: number) => {
    await expect.poll(() => summariesTo(email).length).toBe(count);
    return summariesTo(email);
  };

  /** The client's weekly summaries in the outbox, oldest first. */
  const summaryRows = async (clientId: string) =>
    (
      await app.db.kysely
        .selectFrom('mail_outbox')
        .select(['status', 'attempts', 'html'])
        .where('kind', '=', 'weekly_summary')
        .where('client_id', '=', clientId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => ({ status: row.status, attempts: Number(row.attempts), html: row.html }));

  beforeAll(async () => {
    smtp = await createTestSmtpServer();
    await smtp.start();
    database = await createTestDatabase(kind);
    config = testConfig({
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      // The outbox's sender looks for due messages this often, so a queued summary goes out at once.
      MAIL_RETRY_BASE_MS: '50',
      PUBLIC_URL: 'https://app.example.com',
      // The second factor's codes follow the real time; this suite moves the app's clock.
      STAFF_MFA: 'off',
    });
    app = await build();
    // Another instance, sharing the app's database handle: two SQLite connections in one process
    // cannot take turns (a writer waiting for the other's transaction blocks the process that would
    // end it); separate processes, like PostgreSQL's pool, can.
    twin = await build(app.db);
  });

  afterAll(async () => {
    await twin.close();
    await app.close();
    await smtp.stop();
    await database.drop();
  });

  it("queues once, on Monday at 09:00 in the client's time zone, only the newly applied jobs", async () => {
    const hana = 'hana@example.com';
    await newClient(hana, 'America/New_York', ['Backend Engineer', 'Data Engineer']);
    const queuedAt: number[] = [];
    // A moved clock, an hour at a time, through eight days: one e-mail, at the first due hour.
    for (let hour = 0; hour < 8 * 24; hour += 1) {
      if ((await app.weeklySummary.runDue()) > 0) queuedAt.push(clock.now());
      clock.advance(HOUR);
    }
    expect(queuedAt.map((ms) => localTime(ms, 'America/New_York'))).toEqual(['Mon, 09']);
    const [mail] = await deliveredTo(hana, 1);
    expect(mail!.headers.subject).toBe('Apply Ahead: we applied to 2 jobs for you this week');
    const text = bodyOf(mail!, 'text/plain');
    expect(text).toContain('Backend Engineer at Initech');
    expect(text).toContain('Data Engineer at Initech');
    expect(text).not.toContain('Not applied');
    expect(text).toContain('https://app.example.com/myjobs');
  });

  it('sends nothing in a week with nothing newly applied', async () => {
    const before = smtp.received.length;
    for (let hour = 0; hour < 8 * 24; hour += 6) {
      await app.weeklySummary.runDue();
      clock.advance(6 * HOUR);
    }
    expect(smtp.received.length).toBe(before);
  });

  it('two instances racing for the same week send one e-mail', async () => {
    const ivo = 'ivo@example.com';
    await newClient(ivo, null, ['Platform Engineer']);
    // A week on (a Friday), that week is due in UTC, the zone of a client whose browser never said.
    clock.advance(7 * 24 * HOUR);
    const [first, second] = await Promise.all([app.weeklySummary.runDue(), twin.weeklySummary.runDue()]);
    expect(first + second).toBe(1);
    await deliveredTo(ivo, 1);
    const rows = await app.db.kysely
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'weekly_summary')
      .where('recipient', '=', ivo)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('carries one-click unsubscribe headers whose link switches the summary off without signing in', async () => {
    const [mail] = summariesTo('ivo@example.com');
    const listUnsubscribe = mail!.headers['list-unsubscribe'];
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https:\/\/app\.example\.com\/api\/weekly-summary\/unsubscribe\?token=[\w.-]+)>$/.exec(
      listUnsubscribe ?? '',
    )?.[1];
    expect(url, listUnsubscribe).toBeDefined();
    // The same link is in the body, for people.
    expect(bodyOf(mail!, 'text/html')).toContain(
      url!.replace('https://app.example.com', '').replace(/&/g, '&amp;'),
    );
    const target = url!.replace('https://app.example.com', '');

    const forged = await app.inject({
      method: 'POST',
      url: `${target}x`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(BAD_UNSUBSCRIBE_LINK_MESSAGE);
    // A link that reaches the page mangled gets the same page, not the API's JSON.
    for (const mangled of [
      '/api/weekly-summary/unsubscribe',
      '/api/weekly-summary/unsubscribe?token=a&token=b',
      `/api/weekly-summary/unsubscribe?token=${'x'.repeat(401)}`,
    ]) {
      const answer = await app.inject({ method: 'GET', url: mangled });
      expect(answer.statusCode, mangled).toBe(400);
      expect(answer.headers['content-type'], mangled).toBe('text/html; charset=utf-8');
      expect(answer.body, mangled).toContain(`<p>${BAD_UNSUBSCRIBE_LINK_MESSAGE}</p>`);
    }

    const opened = await app.inject({ method: 'GET', url: target });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<button type="submit">Unsubscribe</button>');

    const oneClick = await app.inject({
      method: 'POST',
      url: target,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain(UNSUBSCRIBED_MESSAGE);
    const ivo = await app.db.kysely
      .selectFrom('users')
      .select('weekly_summary')
      .where('email', '=', 'ivo@example.com')
      .executeTakeFirstOrThrow();
    expect(Boolean(ivo.weekly_summary)).toBe(false);
  });

  it('sends nothing to a client who unsubscribed, nor to staff, whatever was applied', async () => {
    const ivo = await app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ivo@example.com')
      .executeTakeFirstOrThrow();
    // Signed in at the moved clock's time; staff's own jobs stand in for anything applied to them.
    const lead = await signInForTest(app, 'lead@company.test');
    const leadHeaders = { authorization: `Bearer ${lead.accessToken}` };
    for (const [id, uid] of [
      [ivo.id, 'ivo-later'],
      [lead.userId, 'lead-own'],
    ] as const) {
      await importJobsFor(app, leadHeaders, { client_id: id }, [
        { job_uid: uid, data_job_title: 'Applied later', data_company: 'Initech', applied_for_job: true },
      ]);
    }
    const before = smtp.received.length;
    for (let hour = 0; hour < 8 * 24; hour += 6) {
      await app.weeklySummary.runDue();
      clock.advance(6 * HOUR);
    }
    expect(smtp.received.length).toBe(before);
  });

  it('the preferences switch reads and sets the summary', async () => {
    const signedIn = await signInForTest(app, 'ivo@example.com');
    const headers = { authorization: `Bearer ${signedIn.accessToken}` };
    expect((await app.inject({ method: 'GET', url: '/api/weekly-summary', headers })).json()).toEqual({
      subscribed: false,
    });
    const on = await app.inject({
      method: 'PUT',
      url: '/api/weekly-summary',
      headers,
      payload: { subscribed: true },
    });
    expect(on.json()).toEqual({ subscribed: true });
    expect((await app.inject({ method: 'GET', url: '/api/weekly-summary', headers })).json()).toEqual({
      subscribed: true,
    });
    const unknownZone = await app.inject({
      method: 'PUT',
      url: '/api/account/time-zone',
      headers,
      payload: { time_zone: 'Mars/Olympus' },
    });
    expect(unknownZone.json()).toEqual({ time_zone: null });
  });

  it('leaves a week it could not queue unclaimed, and queues it at the next run', async () => {
    const mia = 'mia@example.com';
    const { id } = await newClient(mia, null, ['Site Reliability Engineer']);
    clock.advance(7 * 24 * HOUR);
    const claims = () =>
      app.db.kysely
        .selectFrom('weekly_summary_claims')
        .select('outbox_id')
        .where('user_id', '=', id)
        .execute();
    const allow = await refuseInserts(app, kind, 'mail_outbox', { column: 'kind', value: 'weekly_summary' });
    expect(await app.weeklySummary.runDue()).toBe(0);
    expect(await claims()).toEqual([]);
    await allow();

    // The next run, a minute later.
    clock.advance(MINUTE);
    expect(await app.weeklySummary.runDue()).toBe(1);
    const [claim] = await claims();
    expect(claim?.outbox_id).toEqual(expect.any(String));
    await deliveredTo(mia, 1);
  });

  it('never sends a summary waiting for SMTP once the client turned it off, by the switch or the link', async () => {
    const emails = ['lea@example.com', 'max@example.com', 'kai@example.com'];
    // SMTP answers "try later" to every message, as a full mailbox or a greylisting server would.
    smtp.refuseMessages({ code: 451, message: 'Try again later' });
    const clients: { id: string }[] = [];
    try {
      for (const email of emails) clients.push(await newClient(email, null, ['QA Engineer']));
      clock.advance(7 * 24 * HOUR);
      expect(await app.weeklySummary.runDue()).toBe(3);
      // The sender tried each one, SMTP refused it for now, and it waits in the outbox.
      for (const client of clients) {
        await expect
          .poll(async () =>
            (await summaryRows(client.id)).map(({ status, attempts }) => ({ status, attempts })),
          )
          .toEqual([{ status: 'queued', attempts: 1 }]);
      }
      const [leaClient, maxClient] = clients;
      // Léa switches it off in her preferences (signed in again at the moved clock's time).
      const signedIn = await signInForTest(app, emails[0]!);
      const off = await app.inject({
        method: 'PUT',
        url: '/api/weekly-summary',
        headers: { authorization: `Bearer ${signedIn.accessToken}` },
        payload: { subscribed: false },
      });
      expect(off.json()).toEqual({ subscribed: false });
      // Max uses the link in the summary that is waiting.
      const [waiting] = await summaryRows(maxClient!.id);
      const link = /https:\/\/app\.example\.com(\/api\/weekly-summary\/unsubscribe\?token=[\w.-]+)/.exec(
        waiting!.html,
      )?.[1];
      expect(link).toBeDefined();
      const oneClick = await app.inject({
        method: 'POST',
        url: link!,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(oneClick.statusCode).toBe(200);
      for (const client of [leaClient!, maxClient!]) {
        expect((await summaryRows(client.id)).map(({ status }) => status)).toEqual(['cancelled']);
      }
    } finally {
      smtp.refuseMessages(null);
    }

    // SMTP is back and the retries are due: Kai, still subscribed, gets his; the others get nothing.
    clock.advance(HOUR);
    await deliveredTo(emails[2]!, 1);
    expect(summariesTo(emails[0]!)).toEqual([]);
    expect(summariesTo(emails[1]!)).toEqual([]);
  });

  it('tries a summary that keeps failing at the next two runs, then only after 4 minutes', async () => {
    const noa = 'noa@example.com';
    await newClient(noa, null, ['Platform Engineer']);
    clock.advance(7 * 24 * HOUR);
    const allow = await refuseInserts(app, kind, 'mail_outbox', { column: 'kind', value: 'weekly_summary' });
    // A passing failure costs a run: the next two runs try again, and here fail again.
    for (let run = 0; run < 3; run++) {
      expect(await app.weeklySummary.runDue()).toBe(0);
      clock.advance(MINUTE);
    }
    await allow();
    // Three failures in a row: this instance waits four minutes, though the summary would go now.
    expect(await app.weeklySummary.runDue()).toBe(0);
    clock.advance(3 * MINUTE);
    expect(await app.weeklySummary.runDue()).toBe(1);
    await deliveredTo(noa, 1);
  });
});

describe.each(databaseKinds)('weekly summary while SMTP is not set, on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const clock = createTestClock(START);
  let apps: FastifyInstance[] = [];

  const configWith = (env: Record<string, string>) =>
    testConfig({
      DATABASE_URL: database.url,
      MAIL_RETRY_BASE_MS: '50',
      PUBLIC_URL: 'https://app.example.com',
      STAFF_MFA: 'off',
      ...env,
    });
  const start = async (config: Config) => {
    const app = await buildApp({ config, clock, webDist: path.join(config.dataDir, 'no-web') });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    smtp = await createTestSmtpServer();
    await smtp.start();
    database = await createTestDatabase(kind);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    apps = [];
    await smtp.stop();
    await database.drop();
  });

  it('keeps only the newest week waiting, so setting SMTP sends one summary, not a backlog', async () => {
    const app = await start(configWith({}));
    const ola = await signInForTest(app, 'ola@example.com', { firstName: 'Ola', lastName: 'N' });
    const summaries = () =>
      app.db.kysely
        .selectFrom('mail_outbox')
        .select(['status', 'subject'])
        .where('kind', '=', 'weekly_summary')
        .where('client_id', '=', ola.userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    // Three weeks in a row with something applied, and no SMTP_URL: each week's summary is queued.
    for (const week of [1, 2, 3]) {
      const lead = await signInForTest(app, 'lead@company.test');
      await importJobsFor(app, { authorization: `Bearer ${lead.accessToken}` }, { client_id: ola.userId }, [
        ...Array.from({ length: week }, (_, index) => ({
          job_uid: `ola-${week}-${index}`,
          data_job_title: `Week ${week} job ${index + 1}`,
          data_company: 'Initech',
          applied_for_job: true,
        })),
      ]);
      clock.advance(7 * 24 * HOUR);
      expect(await app.weeklySummary.runDue()).toBe(1);
    }
    // Each week's summary took the place of the one before it.
    expect((await summaries()).map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'queued']);
    await app.close();
    apps = apps.filter((open) => open !== app);

    // SMTP_URL is set and the app restarts: the newest week alone goes out.
    const withSmtp = await start(configWith({ SMTP_URL: smtp.url }));
    await withSmtp.ready();
    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = parseMime(smtp.received[0]!.raw);
    expect(mail.headers.subject).toBe('Apply Ahead: we applied to 3 jobs for you this week');
    expect(bodyOf(mail, 'text/plain')).toContain('Week 3 job 3 at Initech');
    const statuses = async () =>
      (
        await withSmtp.db.kysely
          .selectFrom('mail_outbox')
          .select('status')
          .where('kind', '=', 'weekly_summary')
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      ).map((row) => row.status);
    await expect.poll(statuses).toEqual(['cancelled', 'cancelled', 'sent']);
    expect(smtp.received).toHaveLength(1);
  });
});
