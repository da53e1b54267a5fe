import { randomUUID } from 'node:crypto';
import { NOT_STARTED_MESSAGE } from '@app/domain/client-page';
import { type BoardRow, WELCOME_ERROR_MESSAGE, type WelcomeBatchResult } from '@app/domain/clients-board';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpListVersion } from '../../db/job-list-versions.ts';
import { signInForTest } from '../../testing/auth.ts';
import { onboardClient } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { refuseInserts } from '../../testing/refuse-inserts.ts';

type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;
const STAFF_DENIED = 'Access denied. This feature is only available to @company.test users.';

describe.each(databaseKinds)('clients board on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;
  let alice: { userId: string; headers: Headers };
  let bobId: string;
  let carolId: string;
  const daveId = randomUUID();

  const board = async (query = '') => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/board${query}`, headers: staff });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: BoardRow[]; total: number; page: number; page_size: number };
  };
  const emails = (rows: BoardRow[]) => rows.map((row) => row.email);

  async function addJobs(clientId: string, jobs: { applied?: number | null }[]) {
    const now = new Date().toISOString();
    await app.db.kysely
      .insertInto('jobs')
      .values(
        jobs.map((job, index) => ({
          id: randomUUID(),
          client_id: clientId,
          job_uid: `${clientId}-${index}-${randomUUID()}`,
          data_job_title: 'Engineer',
          applied_for_job: job.applied != null,
          applied_at: job.applied != null ? new Date(Date.now() - job.applied * DAY).toISOString() : null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await bumpListVersion(app.db.kysely, clientId);
  }

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    staff = (await signInForTest(app, 'analyst@company.test')).authHeader;
    const onboarded = await onboardClient(app, 'alice@example.com', {
      record: { first_name: 'Alice', last_name: 'Archer', top_job_titles: 'Staff Engineer, CTO' },
    });
    alice = { userId: onboarded.userId, headers: onboarded.headers };
    bobId = (
      await onboardClient(app, 'bob@example.com', {
        record: { first_name: 'Bob', last_name: 'Baker' },
        resume: null,
      })
    ).userId;
    carolId = (await signInForTest(app, 'carol@example.com', { firstName: 'Carol', lastName: 'Cole' }))
      .userId;
    await app.db.kysely
      .insertInto('pending_clients')
      .values({
        id: daveId,
        email: 'dave@example.com',
        created_at: new Date().toISOString(),
        claimed_by_user_id: null,
        claimed_at: null,
      })
      .execute();
    await addJobs(alice.userId, [{ applied: 1 }, { applied: 2 }, { applied: 10 }, {}]);
    await addJobs(bobId, [{}]);
    await addJobs(daveId, [{}, {}]);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/admin/user-email-management',
      headers: staff,
      payload: { email: 'alice@example.com', action: 'send' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });
  afterAll(async () => close());

  it('has one row per client and pending client, never staff, with every column', async () => {
    const { data, total } = await board('?sort=client&dir=asc');
    expect(total).toBe(4);
    expect(emails(data)).toEqual([
      'alice@example.com',
      'bob@example.com',
      'carol@example.com',
      'dave@example.com',
    ]);
    const [a, b, c, d] = data as [BoardRow, BoardRow, BoardRow, BoardRow];
    expect(a).toMatchObject({
      id: alice.userId,
      kind: 'user',
      name: 'Alice Archer',
      onboarding: { state: 'complete', step: null, at: expect.any(String) },
      welcome: { state: 'queued', at: expect.any(String) },
      filters: 2,
      jobs: 4,
      applied_recent: 2,
      last_active: expect.any(String),
    });
    // No resume: the wizard would reopen at step 6, employment.
    expect(b).toMatchObject({
      id: bobId,
      onboarding: { state: 'in_progress', step: 6 },
      welcome: { state: 'not_sent', at: null },
      filters: 0,
      jobs: 1,
      applied_recent: 0,
    });
    expect(c).toMatchObject({
      id: carolId,
      name: 'Carol Cole',
      onboarding: { state: 'not_started', at: null },
    });
    expect(d).toMatchObject({
      id: daveId,
      kind: 'pending',
      name: '',
      onboarding: { state: 'not_started' },
      jobs: 2,
      last_active: null,
    });
  });

  it('narrows to the saved views', async () => {
    expect(emails((await board('?view=incomplete_onboarding&sort=client&dir=asc')).data)).toEqual([
      'bob@example.com',
      'carol@example.com',
      'dave@example.com',
    ]);
    expect(emails((await board('?view=waiting_for_welcome')).data)).toEqual(['alice@example.com']);
    const idle = await board('?view=no_recent_applications&sort=client&dir=asc');
    expect(emails(idle.data)).toEqual(['bob@example.com', 'carol@example.com', 'dave@example.com']);
    expect(idle.total).toBe(3);
  });

  it('searches names and e-mails as typed, case aside, with wildcards taken literally', async () => {
    expect(emails((await board('?q=ARCH')).data)).toEqual(['alice@example.com']);
    expect(emails((await board('?q=dave@')).data)).toEqual(['dave@example.com']);
    expect((await board('?q=%25')).total).toBe(0);
    expect((await board('?q=_')).total).toBe(0);
  });

  it('sorts by every column, both ways', async () => {
    expect(emails((await board('?sort=jobs&dir=desc')).data).slice(0, 2)).toEqual([
      'alice@example.com',
      'dave@example.com',
    ]);
    expect(emails((await board('?sort=applied_recent&dir=desc')).data)[0]).toBe('alice@example.com');
    expect(emails((await board('?sort=filters&dir=desc')).data)[0]).toBe('alice@example.com');
    expect(emails((await board('?sort=welcome&dir=desc')).data)[0]).toBe('alice@example.com');
    expect(emails((await board('?sort=onboarding&dir=desc')).data).slice(0, 2)).toEqual([
      'alice@example.com',
      'bob@example.com',
    ]);
    expect(emails((await board('?sort=client&dir=desc')).data)).toEqual([
      'dave@example.com',
      'carol@example.com',
      'bob@example.com',
      'alice@example.com',
    ]);
    // Never active (a pending client) is last whichever way.
    for (const dir of ['asc', 'desc']) {
      expect(emails((await board(`?sort=last_active&dir=${dir}`)).data).at(-1)).toBe('dave@example.com');
    }
  });

  it('pages on the server without overlap', async () => {
    const first = await board('?sort=client&dir=asc&page_size=3');
    const second = await board('?sort=client&dir=asc&page_size=3&page=2');
    expect(first).toMatchObject({ total: 4, page: 1, page_size: 3 });
    expect(emails(first.data)).toHaveLength(3);
    expect(emails(second.data)).toEqual(['dave@example.com']);
  });

  it('still counts every client on a page past the end', async () => {
    expect(await board('?sort=client&dir=asc&page_size=3&page=3')).toMatchObject({
      data: [],
      total: 4,
      page: 3,
    });
    expect(await board('?q=nobody-matches')).toMatchObject({ data: [], total: 0 });
    const idle = (await board('?view=no_recent_applications')).total;
    expect(await board('?view=no_recent_applications&page=9')).toMatchObject({ data: [], total: idle });
  });

  it('counts again after jobs change', async () => {
    const job = await app.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('client_id', '=', bobId)
      .executeTakeFirstOrThrow();
    await app.db.kysely
      .updateTable('jobs')
      .set({ applied_for_job: true, applied_at: new Date().toISOString() })
      .where('id', '=', job.id)
      .execute();
    await bumpListVersion(app.db.kysely, bobId);
    const bob = (await board('?q=bob')).data[0];
    expect(bob).toMatchObject({ jobs: 1, applied_recent: 1 });
  });

  it('sends the welcome e-mail to several clients at once, answering each', async () => {
    const unknownId = randomUUID();
    const sendToEach = (client_ids: unknown, headers = staff) =>
      app.inject({ method: 'POST', url: '/api/admin/welcome-emails', headers, payload: { client_ids } });

    const response = await sendToEach([bobId, carolId, bobId, daveId, unknownId]);
    expect(response.statusCode, response.body).toBe(200);
    const results = (response.json() as { data: WelcomeBatchResult[] }).data;
    // In the order given, a repeated id once; one client's refusal stops nobody else's.
    expect(results).toEqual([
      {
        client_id: bobId,
        outcome: 'kept',
        message: 'Welcome email to bob@example.com saved to the outbox, not sent (SMTP not configured)',
      },
      { client_id: carolId, outcome: 'not_sent', message: NOT_STARTED_MESSAGE },
      { client_id: daveId, outcome: 'not_sent', message: NOT_STARTED_MESSAGE },
      { client_id: unknownId, outcome: 'not_sent', message: 'No client has that id' },
    ]);

    // Bob got exactly what the client page sends: the unfinished-onboarding version, once, logged.
    const outbox = await app.db.kysely
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'subject'])
      .where('client_id', 'in', [bobId, carolId, daveId, unknownId])
      .execute();
    expect(outbox).toEqual([{ kind: 'welcome', recipient: 'bob@example.com', subject: expect.any(String) }]);
    const activity = await app.inject({
      method: 'GET',
      url: `/api/admin/activity?client_id=${bobId}`,
      headers: staff,
    });
    const actions = (activity.json() as { data: { action: string; detail: Record<string, unknown> }[] }).data;
    expect(actions.find((entry) => entry.action === 'email.sent')?.detail).toMatchObject({
      kind: 'welcome',
      onboarding_complete: false,
    });
    expect((await board('?q=bob')).data[0]?.welcome.state).toBe('queued');

    const none = await sendToEach([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Invalid request: body/client_ids Choose at least one client.');
    const tooMany = await sendToEach(Array.from({ length: 101 }, () => randomUUID()));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('Invalid request: body/client_ids Choose at most 100 clients at once.');
    const byClient = await sendToEach([alice.userId], alice.headers);
    expect(byClient.statusCode).toBe(403);
    expect(byClient.json()).toEqual({ error: STAFF_DENIED });
  });

  it("answers for the others when one client's e-mail cannot be written", async () => {
    // The database refuses Alice's message, as a failing disk or a lost connection would.
    const restore = await refuseInserts(app, kind, 'mail_outbox', {
      column: 'recipient',
      value: 'alice@example.com',
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/welcome-emails',
        headers: staff,
        payload: { client_ids: [alice.userId, bobId] },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { data: WelcomeBatchResult[] }).data).toEqual([
        { client_id: alice.userId, outcome: 'error', message: WELCOME_ERROR_MESSAGE },
        {
          client_id: bobId,
          outcome: 'kept',
          message: 'Welcome email to bob@example.com saved to the outbox, not sent (SMTP not configured)',
        },
      ]);
    } finally {
      await restore();
    }
  });

  it('reads chosen clients again by id, wherever they are on the board, with the other narrowings', async () => {
    const { data, total } = await board(`?ids=${bobId},${daveId},${randomUUID()}&sort=client&dir=asc`);
    expect(total).toBe(2);
    expect(data.map((row) => row.id)).toEqual([bobId, daveId]);
    expect(data[0]).toMatchObject({ email: 'bob@example.com', onboarding: { state: 'in_progress' } });
    // A search or a view narrows them further.
    expect(emails((await board(`?ids=${alice.userId},${bobId}&q=alice`)).data)).toEqual([
      'alice@example.com',
    ]);
    for (const ids of ['', ',', Array.from({ length: 101 }, () => randomUUID()).join(',')]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/board?ids=${ids}`,
        headers: staff,
      });
      expect(response.statusCode, ids).toBe(400);
    }
  });

  it('is for staff only', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/board', headers: alice.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: STAFF_DENIED });
  });

  it('answers a bad query with 400, not 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/board?sort=nope', headers: staff });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(expect.any(String));
  });

  // Last: it adds clients the tests above do not count.
  it('never lets a cancelled welcome e-mail hide one that was sent, nor count a client sent one as waiting', async () => {
    const erinId = (await onboardClient(app, 'erin@example.com')).userId;
    const fredId = (await onboardClient(app, 'fred@example.com')).userId;
    const sendWelcome = async (email: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/user-email-management',
        headers: staff,
        payload: { email, action: 'send' },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const newestWelcome = async (clientId: string) =>
      (
        await app.db.kysely
          .selectFrom('mail_outbox')
          .select(['id', 'status'])
          .where('client_id', '=', clientId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).id;
    const cancel = async (id: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/admin/outbox/${id}/cancel`,
        headers: staff,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const welcomeOf = async (q: string) => (await board(`?q=${q}`)).data[0]?.welcome;
    const waiting = async () => emails((await board('?view=waiting_for_welcome&sort=client&dir=asc')).data);

    // Erin's welcome e-mail went (as the sender records a delivery); a second one, queued while
    // SMTP was down, waits.
    await sendWelcome('erin@example.com');
    const sentAt = new Date(Date.now() - DAY).toISOString();
    await app.db.kysely
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: sentAt, last_error: null })
      .where('id', '=', await newestWelcome(erinId))
      .execute();
    expect(await welcomeOf('erin')).toEqual({ state: 'sent', at: sentAt, ever_sent: true });
    await sendWelcome('erin@example.com');
    expect(await welcomeOf('erin')).toEqual({ state: 'queued', at: expect.any(String), ever_sent: true });
    expect(await waiting()).not.toContain('erin@example.com');

    // Staff cancel the second: the board shows the one that went, and Erin is not waiting.
    await cancel(await newestWelcome(erinId));
    expect(await welcomeOf('erin')).toEqual({ state: 'sent', at: sentAt, ever_sent: true });
    expect(await waiting()).not.toContain('erin@example.com');

    // Fred's only welcome e-mail was cancelled: he has none, and waits for one.
    await sendWelcome('fred@example.com');
    await cancel(await newestWelcome(fredId));
    expect(await welcomeOf('fred')).toEqual({ state: 'not_sent', at: null, ever_sent: false });
    expect(await waiting()).toContain('fred@example.com');
    const sorted = emails((await board('?sort=welcome&dir=desc')).data);
    expect(sorted.indexOf('erin@example.com')).toBeLessThan(sorted.indexOf('fred@example.com'));
  });
});

describe.each(databaseKinds)('clients board beyond ASCII on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;

  const names = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/board${query}`, headers: staff });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: BoardRow[] }).data.map((row) => row.name);
  };

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    staff = (await signInForTest(app, 'analyst@company.test')).authHeader;
    await signInForTest(app, 'elodie@example.com', { firstName: 'Élodie', lastName: 'Dupont' });
    await signInForTest(app, 'eva@example.com', { firstName: 'Éva', lastName: 'Martin' });
    // Typed all in lower case: sorted with the others by letter, not apart from them.
    await signInForTest(app, 'elise@example.com', { firstName: 'élise', lastName: 'roy' });
  });
  afterAll(async () => close());

  it('finds a name with accents typed in another case', async () => {
    expect(await names(`?q=${encodeURIComponent('élodie')}`)).toEqual(['Élodie Dupont']);
    expect(await names(`?q=${encodeURIComponent('ÉLODIE DU')}`)).toEqual(['Élodie Dupont']);
    expect(await names(`?q=${encodeURIComponent('ÉVA')}`)).toEqual(['Éva Martin']);
  });

  it('sorts names by their letters, case aside', async () => {
    expect(await names('?sort=client&dir=asc')).toEqual(['élise roy', 'Élodie Dupont', 'Éva Martin']);
  });
});

describe.each(databaseKinds)('clients board searched by the name given in onboarding on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;

  const found = async (q: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/board?q=${encodeURIComponent(q)}`,
      headers: staff,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: BoardRow[] }).data.map((row) => row.email);
  };

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    staff = (await signInForTest(app, 'analyst@company.test')).authHeader;
    // Google says Bob; onboarding, the client page and the team notification say Robert.
    const signedIn = await signInForTest(app, 'rs@example.com', { firstName: 'Bob', lastName: 'Smith' });
    await onboardClient(app, 'rs@example.com', {
      signedIn,
      record: { first_name: 'Robert', last_name: 'Smith' },
    });
    await signInForTest(app, 'other@example.com', { firstName: 'Ann', lastName: 'Other' });
    await signInForTest(app, 'jose@example.com', { firstName: 'José', lastName: 'Núñez' });
    const zoe = await signInForTest(app, 'zm@example.com', { firstName: 'Zoe', lastName: 'M' });
    await onboardClient(app, 'zm@example.com', {
      signedIn: zoe,
      record: { first_name: 'ZOË', last_name: 'Müller' },
    });
  });
  afterAll(async () => close());

  it('finds a name with or without its marks, in either case', async () => {
    expect(await found('jose nunez')).toEqual(['jose@example.com']);
    expect(await found('JOSÉ')).toEqual(['jose@example.com']);
    expect(await found('zoë müller')).toEqual(['zm@example.com']);
    expect(await found('zoe muller')).toEqual(['zm@example.com']);
    expect(await found('ÑÚ')).toEqual(['jose@example.com']);
  });

  it('finds a client by the name given in onboarding as well as by the one from sign-in', async () => {
    expect(await found('robert')).toEqual(['rs@example.com']);
    expect(await found('ROBERT SMITH')).toEqual(['rs@example.com']);
    expect(await found('bob smith')).toEqual(['rs@example.com']);
    expect(await found('roberta')).toEqual([]);
  });
});
