import path from 'node:path';
import { jobListItems } from '@app/domain/jobs-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signInForTest } from '../testing/auth.ts';
import { createTestApp, createTestDatabase, databaseKinds, testConfig } from '../testing/databases.ts';
import { freePort } from '../testing/ports.ts';
import { rowsHolding } from '../testing/rows-holding.ts';
import {
  type StandInPerson,
  type StandInProvider,
  startStandInProvider,
} from '../testing/stand-in-provider.ts';
import { TestBrowser } from './test-browser.ts';

const NOT_VERIFIED = '/?error=signin&reason=email_not_verified';

describe.each(databaseKinds)('who signs in, through a stand-in for Google, on %s', (kind) => {
  let provider: StandInProvider;
  let app: FastifyInstance;
  let appUrl: string;
  let close: () => Promise<void>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    provider = await startStandInProvider();
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    ({ app, close } = await createTestApp(kind, {
      PUBLIC_URL: appUrl,
      AUTH_GOOGLE_CLIENT_ID: provider.clientId,
      AUTH_GOOGLE_CLIENT_SECRET: provider.clientSecret,
      AUTH_GOOGLE_ISSUER: provider.issuer,
    }));
    await app.listen({ host: '127.0.0.1', port });
    staff = (await signInForTest(app, 'lead@company.test')).authHeader;
  });
  afterAll(async () => {
    await close();
    await provider.close();
  });

  /** Signs `person` in through /authorize, the provider and the callback; answers where it ended. */
  async function signIn(person: StandInPerson | 'decline') {
    if (person === 'decline') provider.declineNext();
    else provider.signInAs(person);
    const browser = new TestBrowser();
    const start = await browser.request(`${appUrl}/auth/v1/authorize?redirect_to=/myjobs`);
    const atProvider = await browser.request(start.headers.get('location')!);
    const callback = await browser.request(atProvider.headers.get('location')!);
    expect(callback.status).toBe(302);
    const location = callback.headers.get('location');
    if (location !== '/myjobs') return { location, user: undefined, accessToken: undefined };
    const refreshed = await browser.request(`${appUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
    });
    const session = await refreshed.json();
    return { location, user: session.user, accessToken: session.access_token as string };
  }

  const usersWithEmail = (email: string) =>
    app.db.kysely.selectFrom('users').selectAll().where('email', '=', email).execute();
  const identitiesOf = (subject: string) =>
    app.db.kysely.selectFrom('identities').selectAll().where('subject', '=', subject).execute();

  it('refuses a sign-in whose e-mail is not verified, or not said to be, and creates nothing', async () => {
    for (const email_verified of [false, undefined]) {
      const subject = `unverified-${String(email_verified)}`;
      const refused = await signIn({ sub: subject, email: 'newcomer@example.com', email_verified });
      expect(refused.location).toBe(NOT_VERIFIED);
      expect(await identitiesOf(subject)).toEqual([]);
    }
    expect(await usersWithEmail('newcomer@example.com')).toEqual([]);

    // A company address is no exception: no account, so no staff role either.
    const posing = await signIn({ sub: 'fake-staff', email: 'boss@company.test', email_verified: false });
    expect(posing.location).toBe(NOT_VERIFIED);
    expect(await usersWithEmail('boss@company.test')).toEqual([]);
  });

  it('says why when the provider shares no e-mail, or the person declines there', async () => {
    expect((await signIn({ sub: 'no-email', email_verified: true })).location).toBe(
      '/?error=signin&reason=no_email',
    );
    expect((await signIn('decline')).location).toBe('/?error=signin&reason=access_denied');
  });

  it('signs an identity in to its user, links a new verified identity by e-mail, and never an unverified one', async () => {
    const first = await signIn({
      sub: 'ada-google-1',
      email: 'Ada@Example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    expect(first.user).toMatchObject({ email: 'ada@example.com', first_name: 'Ada', role: 'client' });
    const [stored] = await usersWithEmail('ada@example.com');

    // Someone else asserting Ada's e-mail, unverified, from another account: refused, Ada unchanged.
    const intruder = await signIn({
      sub: 'intruder',
      email: 'ada@example.com',
      email_verified: false,
      given_name: 'Mallory',
    });
    expect(intruder.location).toBe(NOT_VERIFIED);
    expect(await identitiesOf('intruder')).toEqual([]);
    // Ada's own identity, now unverified at the provider: refused too, and nothing changes.
    const lapsed = await signIn({
      sub: 'ada-google-1',
      email: 'ada@example.com',
      email_verified: false,
      given_name: 'Changed',
    });
    expect(lapsed.location).toBe(NOT_VERIFIED);
    expect(await usersWithEmail('ada@example.com')).toEqual([stored]);

    // A second account of Ada's with the same e-mail, verified: the same user, names kept.
    const second = await signIn({ sub: 'ada-google-2', email: 'ada@example.com', email_verified: true });
    expect(second.user).toMatchObject({ id: first.user.id, first_name: 'Ada', last_name: 'Lovelace' });
    expect((await identitiesOf('ada-google-2')).map((identity) => identity.user_id)).toEqual([first.user.id]);
  });

  it('refuses a staff address from a Google account the company does not manage, and creates nothing', async () => {
    const email = 'former@company.test';
    for (const hd of [undefined, 'gmail.com', 'evilcompany.test']) {
      const refused = await signIn({ sub: `former-${hd}`, email, email_verified: true, ...(hd && { hd }) });
      expect(refused.location, hd).toBe('/?error=signin&reason=not_company_account');
    }
    const users = await app.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toEqual([]);
    const managed = await signIn({ sub: 'former-managed', email, email_verified: true, hd: 'Company.test' });
    expect(managed.user).toMatchObject({ email, role: 'staff' });
  });

  it('follows the e-mail the provider now verifies for an identity, and the role with it', async () => {
    const asStaff = await signIn({
      sub: 'mover',
      email: 'mover@company.test',
      email_verified: true,
      hd: 'company.test',
    });
    expect(asStaff.user).toMatchObject({ email: 'mover@company.test', role: 'staff' });
    const moved = await signIn({ sub: 'mover', email: 'mover@example.com', email_verified: true });
    expect(moved.user).toMatchObject({ id: asStaff.user.id, email: 'mover@example.com', role: 'client' });
    // An address another user signs in with stays theirs.
    const taken = await signIn({ sub: 'mover', email: 'ada@example.com', email_verified: true });
    expect(taken.user).toMatchObject({ id: asStaff.user.id, email: 'mover@example.com' });
  });

  it('hands what staff assigned to an e-mail to its first verified sign-in, once, and nothing to an unverified one', async () => {
    const email = 'pat@example.com';
    const imported = await app.inject({
      method: 'POST',
      url: '/api/admin/jobs/import',
      headers: staff,
      payload: {
        email,
        format: 'json',
        content: JSON.stringify([{ job_uid: 'p-1', data_job_title: 'Pilot' }]),
      },
    });
    const pending = imported.json().data.client;
    expect(pending).toEqual({ id: expect.any(String), kind: 'pending', email });
    // Filters and e-mails saved for the pending client go along with the jobs.
    const now = new Date().toISOString();
    await app.db.kysely
      .insertInto('job_search_filters')
      .values({
        id: 'pending-filter',
        client_id: pending.id,
        client_email: email,
        name: 'Pilot',
        query: 'Pilot',
        filters: JSON.stringify({
          data_job_description: [],
          exclude_job_description: [],
          is_remote: true,
          min_salary: null,
        }),
        date_saved: now,
        position: 0,
        updated_at: now,
        version: 1,
      })
      .execute();
    await app.db.kysely
      .insertInto('mail_outbox')
      .values({
        id: 'pending-mail',
        kind: 'welcome',
        client_id: pending.id,
        client_email: email,
        recipient: email,
        subject: 'Welcome',
        html: '<p>Welcome</p>',
        text: 'Welcome',
        attachments: '[]',
        status: 'queued',
        attempts: 0,
        last_error: null,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
        sent_at: null,
      })
      .execute();

    expect((await signIn({ sub: 'pat-unverified', email, email_verified: false })).location).toBe(
      NOT_VERIFIED,
    );
    const stillPending = await app.inject({
      method: 'GET',
      url: `/api/admin/clients/${pending.id}/jobs`,
      headers: staff,
    });
    expect(stillPending.json().total).toBe(1);

    const pat = await signIn({ sub: 'pat-verified', email: 'PAT@example.com', email_verified: true });
    const mine = await app.inject({
      method: 'GET',
      url: '/api/my-jobs',
      headers: { authorization: `Bearer ${pat.accessToken}` },
    });
    expect(jobListItems(mine.json()).map((job) => job.data_job_title)).toEqual(['Pilot']);
    const filters = await app.inject({
      method: 'GET',
      url: '/api/job-search-filters',
      headers: { authorization: `Bearer ${pat.accessToken}` },
    });
    expect(filters.json().data.map((filter: { id: string }) => filter.id)).toEqual(['pending-filter']);
    const outbox = await app.inject({
      method: 'GET',
      url: `/api/admin/outbox?client_id=${pat.user.id}`,
      headers: staff,
    });
    expect(outbox.json().data.map((message: { id: string }) => message.id)).toEqual(['pending-mail']);
    const claim = await app.db.kysely
      .selectFrom('pending_clients')
      .select(['claimed_by_user_id', 'claimed_at'])
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(claim.claimed_by_user_id).toBe(pat.user.id);
    // The job's history and the team's log of the import are Pat's too: only the claim itself still
    // names the pending id.
    expect(await rowsHolding(app.db, pending.id)).toEqual(['pending_clients.id']);
    // A link or an open page from before, by the pending id, leads to Pat.
    const patRef = { id: pat.user.id, kind: 'user', email: 'pat@example.com' };
    const lookedUp = await app.inject({ url: `/api/admin/clients?client_id=${pending.id}`, headers: staff });
    expect(lookedUp.json().data.client).toEqual(patRef);
    const page = await app.inject({ url: `/api/admin/clients/${pending.id}`, headers: staff });
    expect(page.json().data.client).toEqual(patRef);
    for (const clientId of [pat.user.id, pending.id]) {
      const log = await app.inject({ url: `/api/admin/activity?client_id=${clientId}`, headers: staff });
      expect(log.json().data.map((line: { action: string }) => line.action)).toContain('jobs.imported');
    }

    // Claimed once: later sign-ins, and a second verified account, change nothing of the claim.
    await signIn({ sub: 'pat-verified-2', email, email_verified: true });
    expect(
      await app.db.kysely
        .selectFrom('pending_clients')
        .select(['claimed_by_user_id', 'claimed_at'])
        .where('id', '=', pending.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(claim);
    const imported_later = await app.inject({
      method: 'POST',
      url: '/api/admin/jobs/import',
      headers: staff,
      payload: { email, format: 'json', content: '[{"job_uid":"p-2"}]' },
    });
    expect(imported_later.json().data).toMatchObject({
      client: { id: pat.user.id, kind: 'user' },
      matched: 'sign_in_email',
    });

    // Pat's provider now verifies another address: staff looking up the one the work was assigned
    // to still find Pat, as the import does.
    await signIn({ sub: 'pat-verified', email: 'pat.new@example.com', email_verified: true });
    const byAssignedEmail = await app.inject({ url: `/api/admin/clients?email=${email}`, headers: staff });
    expect(byAssignedEmail.statusCode, byAssignedEmail.body).toBe(200);
    expect(byAssignedEmail.json().data).toEqual({
      client: { id: pat.user.id, kind: 'user', email: 'pat.new@example.com' },
      matched: 'pending_client',
    });
  });

  it("gives a client who typed someone else's e-mail into the form nothing of theirs", async () => {
    const owner = await signIn({ sub: 'owner', email: 'owner@example.com', email_verified: true });
    await app.inject({
      method: 'POST',
      url: '/api/admin/jobs/import',
      headers: staff,
      payload: { email: 'owner@example.com', format: 'json', content: '[{"job_uid":"o-1"}]' },
    });
    const eve = await signIn({ sub: 'eve', email: 'eve@example.com', email_verified: true });
    const eveHeaders = { authorization: `Bearer ${eve.accessToken}` };
    const typed = await app.inject({
      method: 'POST',
      url: '/api/onboarding-submissions',
      headers: eveHeaders,
      payload: { email_address: 'owner@example.com', first_name: 'Eve' },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const mine = await app.inject({ method: 'GET', url: '/api/my-jobs', headers: eveHeaders });
    expect(mine.json()).toMatchObject({ data: [], total: 0 });
    const ownerJobs = await app.inject({
      method: 'GET',
      url: '/api/my-jobs',
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(ownerJobs.json().total).toBe(1);
  });
});

describe('a refused sign-in in the log', () => {
  it('is one structured warning with the reason and the request id, and no e-mail address', async () => {
    const provider = await startStandInProvider();
    const lines: Record<string, unknown>[] = [];
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const database = await createTestDatabase('sqlite');
    const config = testConfig({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: appUrl,
      AUTH_GOOGLE_CLIENT_ID: provider.clientId,
      AUTH_GOOGLE_CLIENT_SECRET: provider.clientSecret,
      AUTH_GOOGLE_ISSUER: provider.issuer,
    });
    const app = await buildApp({
      config,
      webDist: path.join(config.dataDir, 'no-web'),
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    try {
      await app.listen({ host: '127.0.0.1', port });
      provider.signInAs({ sub: 'unverified', email: 'hidden@example.com', email_verified: false });
      const browser = new TestBrowser();
      const start = await browser.request(`${appUrl}/auth/v1/authorize`);
      const atProvider = await browser.request(start.headers.get('location')!);
      const callback = await browser.request(atProvider.headers.get('location')!);
      expect(callback.headers.get('location')).toBe(NOT_VERIFIED);
      const events = lines.filter((line) => line.event === 'sign_in_refused');
      expect(events).toEqual([
        expect.objectContaining({
          level: 40,
          event: 'sign_in_refused',
          reason: 'email_not_verified',
          userId: null,
          reqId: callback.headers.get('x-request-id'),
        }),
      ]);
      expect(JSON.stringify(events)).not.toContain('hidden@example.com');
    } finally {
      await app.close();
      await provider.close();
      await database.drop();
    }
  });
});
