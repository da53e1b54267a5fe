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
