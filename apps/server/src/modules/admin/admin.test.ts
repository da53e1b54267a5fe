import { FILTERS_CHANGED_MESSAGE, NOT_STARTED_MESSAGE } from '@app/domain/client-page';
import type { SavedFilter } from '@app/domain/job-filters';
import { allAcknowledged } from '@app/domain/onboarding-testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../clock.ts';
import { signInForTest } from '../../testing/auth.ts';
import { onboardClient } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { docxBytes, pdfBytes } from '../../testing/documents.ts';
import { outboxBody } from '../../testing/outbox.ts';

const STAFF_DENIED = 'Access denied. This feature is only available to @company.test users.';

type Headers = Record<string, string>;

/** Every staff-only route of the admin and mail modules, with a request that would otherwise succeed. */
const STAFF_ROUTES = [
  {
    method: 'POST' as const,
    url: '/api/admin/user-email-management',
    payload: { email: 'ada@example.com', action: 'fetch' },
  },
  { method: 'GET' as const, url: '/api/admin/outbox?client_id=some-client', payload: undefined },
];

describe.each(databaseKinds)('admin e-mail management on %s (no SMTP configured)', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;
  let adaId: string;

  const call = (payload: Record<string, unknown>, headers: Headers = staff) =>
    app.inject({ method: 'POST', url: '/api/admin/user-email-management', headers, payload });

  async function ok(payload: Record<string, unknown>) {
    const response = await call(payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind, { BRAND_NAME: 'Northstar Careers' }));
    staff = (await signInForTest(app, 'lead@company.test', { firstName: 'Lena', lastName: 'Lead' }))
      .authHeader;
    ({ userId: adaId } = await onboardClient(app, 'ada@example.com', {
      resume: { filename: 'Ada_CV.pdf', bytes: pdfBytes('Ada Lovelace') },
      coverLetter: { filename: 'Ada_Cover.docx', bytes: docxBytes('Dear team') },
    }));
  });

  const outboxOf = (clientId: string) =>
    app.inject({ method: 'GET', url: `/api/admin/outbox?client_id=${clientId}`, headers: staff });
  /** An outbox message's HTML, as staff opening it read it. */
  afterAll(async () => close());

  it.each(STAFF_ROUTES)(
    '$method $url answers 403, 403 and 401 to a client, a lookalike domain and no token',
    async (route) => {
      const client = (await signInForTest(app, 'someone@example.com')).authHeader;
      const lookalike = (await signInForTest(app, 'x@evilcompany.test')).authHeader;
      const subdomain = (await signInForTest(app, 'x@sub.company.test')).authHeader;
      for (const headers of [client, lookalike, subdomain]) {
        const response = await app.inject({
          method: route.method,
          url: route.url,
          headers,
          payload: route.payload,
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: STAFF_DENIED });
      }
      const anonymous = await app.inject({ method: route.method, url: route.url, payload: route.payload });
      expect(anonymous.statusCode).toBe(401);
      const asStaff = await app.inject({
        method: route.method,
        url: route.url,
        headers: staff,
        payload: route.payload,
      });
      expect(asStaff.statusCode, asStaff.body).toBe(200);
    },
  );

  it('fetch answers the admin record, without links, ids or the update time', async () => {
    const body = await ok({ email: 'ada@example.com', action: 'fetch' });
    expect(body.client).toEqual({ id: adaId, kind: 'user', email: 'ada@example.com' });
    expect(body.matched).toBe('sign_in_email');
    expect(body.filters_exist).toBe(false);
    expect(body.existing_filters).toEqual([]);
    expect(body.user_data).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email_address: 'ada@example.com',
      phone_number: '(555) 123-4567',
      experience_level: 'senior',
      salary_expectation: '$150,000',
      has_whatsapp: 'Yes',
      job_type: ['full-time', 'contract'],
      work_location_type: ['Remote', 'Hybrid'],
      onboarding_completed: true,
      signature: 'Ada King Lovelace',
      ...allAcknowledged(),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      resume_name: 'Ada_CV.pdf',
      cover_letter_name: 'Ada_Cover.docx',
    });
    expect(JSON.stringify(body)).not.toMatch(/resumes\/|cover-letters\/|user_id|updated_at/);
  });

  it('finds the client whatever the case or spacing of the e-mail', async () => {
    const body = await ok({ email: '  ADA@Example.COM ', action: 'fetch' });
    expect(body.user_data.first_name).toBe('Ada');
    expect(body.client.id).toBe(adaId);
  });

  it('finds a client only by their sign-in e-mail, never by the e-mail typed into their form', async () => {
    // Mallory typed someone else's address into her form: an unknown one, and Ada's.
    await onboardClient(app, 'mallory@example.com', {
      record: { first_name: 'Mallory', email_address: 'unknown-typed@example.com' },
    });
    const typed = await call({ email: 'unknown-typed@example.com', action: 'fetch' });
    expect(typed.statusCode).toBe(404);
    expect(typed.json()).toEqual({ error: 'No client found with that email address' });

    const posing = await onboardClient(app, 'eve@example.com', {
      record: { first_name: 'Eve', email_address: 'ada@example.com' },
    });
    const ada = await ok({ email: 'ada@example.com', action: 'fetch' });
    expect(ada.client.id).toBe(adaId);
    expect(ada.client.id).not.toBe(posing.userId);
    expect(ada.user_data.first_name).toBe('Ada');
  });

  it('says a pending client, or one who signed in and has not started, has not started onboarding', async () => {
    const imported = await app.inject({
      method: 'POST',
      url: '/api/admin/jobs/import',
      headers: staff,
      payload: { email: 'invited@example.com', format: 'json', content: '[{"job_uid":"i-1"}]' },
    });
    expect(imported.json().data.matched).toBe('new_pending_client');
    const fetched = await call({ email: 'invited@example.com', action: 'fetch' });
    expect(fetched.statusCode).toBe(409);
    expect(fetched.json()).toEqual({ error: NOT_STARTED_MESSAGE });

    await signInForTest(app, 'signed-in-only@example.com');
    const notStarted = await call({ email: 'Signed-In-Only@example.com', action: 'fetch' });
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json()).toEqual({ error: NOT_STARTED_MESSAGE });
  });

  it('asks for an e-mail, names an unknown client and refuses an unknown action', async () => {
    for (const email of ['', '   ', undefined]) {
      const response = await call({ email, action: 'fetch' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Please enter an email address' });
    }
    const unknown = await call({ email: 'nobody@example.com', action: 'fetch' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No client found with that email address' });

    const badAction = await call({ email: 'ada@example.com', action: 'delete_everything' });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().error).toBe(
      'Unknown action. Use one of: fetch, send, send_team, generate_filters, save_filters, preview',
    );
  });

  it('generates filters from the record, saves one per query once, and shows them as existing', async () => {
    await onboardClient(app, 'grace@example.com', {
      record: {
        first_name: 'Grace',
        top_job_titles: 'Backend Engineer, Site Reliability Engineer',
        job_description_keywords: 'Go, Kubernetes',
        exclude_job_titles: 'Manager',
        exclude_job_description_keywords: 'clearance',
        salary_expectation: '$75,000',
        work_location_type: ['Remote'],
      },
    });

    const generated = await ok({ email: 'grace@example.com', action: 'generate_filters' });
    expect(generated.filters_already_exist).toBe(false);
    expect(generated.job_filters).toEqual({
      queries: ['Backend Engineer', 'Site Reliability Engineer'],
      inclusion_filters: { data_job_description: ['Go', 'Kubernetes'] },
      exclusion_filters: { data_job_description: ['clearance', 'Manager'] },
      min_salary: 75000,
      is_remote: true,
    });
    expect(generated.formatted_data.map((filter: { name: string }) => filter.name)).toEqual([
      'Backend Engineer',
      'Site Reliability Engineer',
    ]);

    const saved = await ok({
      email: 'grace@example.com',
      action: 'save_filters',
      formatted_data: generated.formatted_data,
    });
    expect(saved.filter_ids).toHaveLength(2);
    expect(saved.document_id).toBe(saved.filter_ids[0]);

    const fetched = await ok({ email: 'grace@example.com', action: 'fetch' });
    expect(fetched.filters_exist).toBe(true);
    expect(fetched.existing_filters).toEqual([
      {
        id: saved.filter_ids[0],
        client_email: 'grace@example.com',
        name: 'Backend Engineer',
        query: 'Backend Engineer',
        date_saved: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        version: 1,
        filters: {
          data_job_description: ['Go', 'Kubernetes'],
          exclude_job_description: ['clearance', 'Manager'],
          is_remote: true,
          min_salary: 75000,
        },
      },
      expect.objectContaining({ id: saved.filter_ids[1], query: 'Site Reliability Engineer' }),
    ]);
    expect((await ok({ email: 'grace@example.com', action: 'generate_filters' })).filters_already_exist).toBe(
      true,
    );

    const again = await call({
      email: 'grace@example.com',
      action: 'save_filters',
      formatted_data: generated.formatted_data,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Job filters already exist for this client' });
  });

  it('generates, saves and shows filters of a client whose answers are longer than a filter holds', async () => {
    const keywords = Array.from({ length: 250 }, (_, index) => `skill ${index}`);
    const overlongTitle = `Engineer ${'of many things '.repeat(15)}`;
    const client = await onboardClient(app, 'hedy@example.com', {
      record: {
        first_name: 'Hedy',
        top_job_titles: `${overlongTitle}, Radio Engineer`,
        job_description_keywords: keywords.join(', '),
      },
    });

    const generated = await ok({ email: 'hedy@example.com', action: 'generate_filters' });
    expect(generated.job_filters.queries).toEqual(['Radio Engineer']);
    expect(generated.job_filters.inclusion_filters.data_job_description).toEqual(keywords.slice(0, 200));

    expect((await ok({ email: 'hedy@example.com', action: 'send' })).filters_created).toBe(true);
    const fetched = await ok({ email: 'hedy@example.com', action: 'fetch' });
    expect(fetched.existing_filters).toEqual([
      expect.objectContaining({
        query: 'Radio Engineer',
        filters: expect.objectContaining({ data_job_description: keywords.slice(0, 200) }),
      }),
    ]);
    const page = await app.inject({ url: `/api/admin/clients/${client.userId}`, headers: staff });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.filters).toEqual(fetched.existing_filters);
    const own = await app.inject({ url: '/api/job-search-filters', headers: client.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ data: fetched.existing_filters });
  });

  it('keeps one set of filters when saves, welcome e-mails and replacements race', async () => {
    const { userId } = await onboardClient(app, 'kit@example.com', {
      record: { first_name: 'Kit', top_job_titles: 'Welder, Pipe Fitter' },
    });
    const filtersOfKit = async (): Promise<SavedFilter[]> =>
      (await ok({ email: 'kit@example.com', action: 'fetch' })).existing_filters;
    const { formatted_data } = await ok({ email: 'kit@example.com', action: 'generate_filters' });

    const saves = await Promise.all(
      [1, 2].map(() => call({ email: 'kit@example.com', action: 'save_filters', formatted_data })),
    );
    expect(saves.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(saves.find((response) => response.statusCode === 409)?.json()).toEqual({
      error: 'Job filters already exist for this client',
    });
    expect(await filtersOfKit()).toHaveLength(2);

    // Two recruiters replace the set they were both shown: the second finds it replaced already.
    const shown = (await filtersOfKit()).map(({ id, version }) => ({ id, version }));
    const replace = (replacing: { id: string; version: number }[]) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/clients/${userId}/filters`,
        headers: staff,
        payload: { formatted_data, replacing },
      });
    const replaced = await Promise.all([replace(shown), replace(shown)]);
    expect(replaced.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(replaced.find((response) => response.statusCode === 409)?.json()).toEqual({
      error: FILTERS_CHANGED_MESSAGE,
    });
    expect(await filtersOfKit()).toHaveLength(2);

    // A colleague edits one of the filters a recruiter was shown: replacing them is refused.
    const before = await filtersOfKit();
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/job-search-filters/${before[0]!.id}`,
      headers: staff,
      payload: { name: 'Welder (night shift)', version: before[0]!.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await replace(before.map(({ id, version }) => ({ id, version })));
    expect(stale.statusCode).toBe(409);
    expect((await filtersOfKit()).map((filter) => filter.name)).toContain('Welder (night shift)');

    await onboardClient(app, 'lin@example.com', {
      record: { first_name: 'Lin', top_job_titles: 'Welder, Pipe Fitter' },
    });
    const welcomes = await Promise.all([1, 2].map(() => ok({ email: 'lin@example.com', action: 'send' })));
    expect(welcomes.map((welcome) => welcome.filters_created).sort()).toEqual([false, true]);
    expect((await ok({ email: 'lin@example.com', action: 'fetch' })).existing_filters).toHaveLength(2);
  });

  it('refuses formatted_data that is missing, empty or malformed, and saves nothing', async () => {
    await onboardClient(app, 'linus@example.com', { record: { first_name: 'Linus' } });
    const cases: [unknown, string][] = [
      [undefined, 'Invalid formatted_data: Invalid input: expected array, received undefined'],
      [[], 'This client has no job titles to search for, so there are no filters to save'],
      [[{ name: 'X', query: ' ', filters: {} }], 'Invalid formatted_data.0.query: must not be blank'],
    ];
    for (const [formatted_data, error] of cases) {
      const response = await call({ email: 'linus@example.com', action: 'save_filters', formatted_data });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    expect((await ok({ email: 'linus@example.com', action: 'fetch' })).filters_exist).toBe(false);
  });

  it('previews both e-mails as they will be sent, with the brand and the promises', async () => {
    const { welcome, team } = await ok({ email: 'ada@example.com', action: 'preview' });
    expect(welcome.subject).toBe('Welcome to Northstar Careers: your next steps');
    expect(welcome.html).toContain('Welcome to Northstar Careers, Ada!');
    expect(welcome.html).toContain('Within 24 hours');
    expect(welcome.html).toContain('our onboarding SLA is 72 hours');
    expect(welcome.html).toContain('resume consultation for $50');
    expect(welcome.html).toContain('not part of your plan');
    expect(team.subject).toBe('New client onboarded: Ada Lovelace (ada@example.com)');
    expect(team.html).toContain('Ada_CV.pdf, Ada_Cover.docx');
    expect(team.html).toContain('Staff Engineer, Principal Engineer');
    expect(team.html).toContain('$150,000');
  });

  it('keeps e-mails in the outbox, says so, and shows them to staff when SMTP is not configured', async () => {
    const sent = await ok({ email: 'ada@example.com', action: 'send' });
    expect(sent).toEqual({
      client: { id: adaId, kind: 'user', email: 'ada@example.com' },
      matched: 'sign_in_email',
      message: 'Welcome email to ada@example.com saved to the outbox, not sent (SMTP not configured)',
      filters_created: true,
      status: 'queued',
    });
    // Sending the welcome e-mail saved the client's generated filters.
    expect((await ok({ email: 'ada@example.com', action: 'fetch' })).existing_filters).toHaveLength(2);
    expect((await ok({ email: 'ada@example.com', action: 'send' })).filters_created).toBe(false);

    const team = await ok({ email: 'ada@example.com', action: 'send_team' });
    expect(team).toEqual({
      client: { id: adaId, kind: 'user', email: 'ada@example.com' },
      matched: 'sign_in_email',
      message: 'Team notification to team@company.test saved to the outbox, not sent (SMTP not configured)',
      attachments_included: ['Ada_CV.pdf', 'Ada_Cover.docx'],
      status: 'queued',
    });

    const outbox = await outboxOf(adaId);
    expect(outbox.statusCode).toBe(200);
    const messages = outbox.json().data;
    expect(messages).toHaveLength(3);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      kind: 'team_notification',
      client_id: adaId,
      client_name: 'Ada Lovelace',
      client_email: 'ada@example.com',
      recipient: 'team@company.test',
      subject: 'New client onboarded: Ada Lovelace (ada@example.com)',
      status: 'queued',
      attempts: 0,
      last_error: 'SMTP not configured: kept in the outbox, not sent',
      attachments: [{ filename: 'Ada_CV.pdf' }, { filename: 'Ada_Cover.docx' }],
      created_at: expect.any(String),
      // Without SMTP nothing is ever tried, so there is no next try to show.
      next_attempt_at: null,
      sent_at: null,
    });
    expect(await outboxBody(app, staff, messages[0].id)).toContain('New client ready for onboarding');
    expect(
      messages
        .slice(1)
        .map((message: { kind: string; recipient: string }) => [message.kind, message.recipient]),
    ).toEqual([
      ['welcome', 'ada@example.com'],
      ['welcome', 'ada@example.com'],
    ]);

    const grace = await ok({ email: 'grace@example.com', action: 'fetch' });
    expect((await outboxOf(grace.client.id)).json().data).toEqual([]);
  });

  it("shows on the client's page the last e-mail of each kind that was not cancelled, as the board does", async () => {
    const { userId } = await onboardClient(app, 'hedy@example.com');
    const newest = async () =>
      (await outboxOf(userId)).json().data[0] as { id: string; kind: string; status: string };
    const cancelNewest = async () => {
      const cancelled = await app.inject({
        method: 'POST',
        url: `/api/admin/outbox/${(await newest()).id}/cancel`,
        headers: staff,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    };
    const lastEmails = async () =>
      (await app.inject({ method: 'GET', url: `/api/admin/clients/${userId}`, headers: staff })).json().data
        .last_emails;

    // The first welcome e-mail went (as the sender records a delivery); a second one is taken back.
    await ok({ client_id: userId, action: 'send' });
    const sentAt = new Date().toISOString();
    await app.db.kysely
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: sentAt, last_error: null })
      .where('id', '=', (await newest()).id)
      .execute();
    await ok({ client_id: userId, action: 'send' });
    await cancelNewest();
    // The only team notification is taken back too: none is shown, as none went.
    await ok({ client_id: userId, action: 'send_team' });
    await cancelNewest();

    expect(await lastEmails()).toEqual({
      welcome: { id: expect.any(String), status: 'sent', created_at: expect.any(String), sent_at: sentAt },
      team_notification: null,
    });
  });

  it('notifies the team without attachments when the client uploaded none', async () => {
    await onboardClient(app, 'margaret@example.com', { record: { first_name: 'Margaret' }, resume: null });
    const team = await ok({ email: 'margaret@example.com', action: 'send_team' });
    expect(team.attachments_included).toEqual([]);
    const { data } = (await outboxOf(team.client.id)).json();
    expect(await outboxBody(app, staff, data[0].id)).toContain('No documents were uploaded.');
  });
});

describe.each(databaseKinds)('the outbox order on %s', (kind) => {
  it('lists e-mails queued in the same millisecond in the order they were queued', async () => {
    // The clock stands still: every message is queued at the same instant.
    const { app, close } = await createTestApp(kind, {}, createTestClock());
    try {
      const staff = (await signInForTest(app, 'lead@company.test')).authHeader;
      const { userId } = await onboardClient(app, 'ida@example.com');
      const actions = Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? 'send' : 'send_team'));
      for (const action of actions) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/admin/user-email-management',
          headers: staff,
          payload: { email: 'ida@example.com', action },
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      const listed = await app.inject({ url: `/api/admin/outbox?client_id=${userId}`, headers: staff });
      const kinds = (listed.json().data as { kind: string; created_at: string }[]).map(
        (message) => message.kind,
      );
      expect(kinds).toEqual(
        actions.map((action) => (action === 'send' ? 'welcome' : 'team_notification')).reverse(),
      );
    } finally {
      await close();
    }
  });
});
