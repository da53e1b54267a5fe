/**
 * A change and its activity line are stored together or not at all: with the log refusing every
 * line, each change a client or staff member can make fails and leaves the data as it was (its
 * history, list version and filters included).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../../testing/auth.ts';
import { onboardClient } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { importJobsFor } from '../../testing/jobs.ts';
import { refuseInserts } from '../../testing/refuse-inserts.ts';

type Headers = Record<string, string>;
const CLIENT_EMAIL = 'ivy@example.com';

describe.each(databaseKinds)('a change and its activity line on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;
  let client: Headers;
  let clientId: string;
  let jobs: string[];
  let filterId: string;
  let draft: unknown[];
  /** A client with a finished onboarding and no filters yet. */
  let juneId: string;

  /** Everything the changes below could touch of this client, as it stands. */
  async function snapshot(clientId: string) {
    const db = app.db.kysely;
    return {
      jobs: await db
        .selectFrom('jobs')
        .select(['id', 'client_approval', 'client_notes', 'applied_for_job', 'outcome', 'analyst_notes'])
        .where('client_id', '=', clientId)
        .orderBy('id')
        .execute(),
      history: await db.selectFrom('job_events').select('id').where('client_id', '=', clientId).execute(),
      versions: await db
        .selectFrom('job_list_versions')
        .selectAll()
        .where('client_id', '=', clientId)
        .execute(),
      filters: await db
        .selectFrom('job_search_filters')
        .select(['id', 'name', 'query', 'filters'])
        .where('client_id', '=', clientId)
        .orderBy('id')
        .execute(),
      account: await db.selectFrom('users').select('id').where('id', '=', clientId).execute(),
      outbox: await db.selectFrom('mail_outbox').select('id').where('client_id', '=', clientId).execute(),
      log: await db.selectFrom('activity_log').select('id').execute(),
    };
  }

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    staff = (await signInForTest(app, 'analyst@company.test')).authHeader;
    const onboarded = await onboardClient(app, CLIENT_EMAIL, { record: { top_job_titles: 'Data Engineer' } });
    client = onboarded.headers;
    clientId = onboarded.userId;
    await importJobsFor(app, staff, { client_id: clientId }, [
      { job_uid: 'ivy-1', data_job_title: 'Data Engineer', data_company: 'Acme' },
      { job_uid: 'ivy-2', data_job_title: 'ML Engineer', data_company: 'Initech', applied_for_job: true },
    ]);
    jobs = (
      await app.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('client_id', '=', clientId)
        .orderBy('job_uid')
        .execute()
    ).map((job) => job.id);
    juneId = (await onboardClient(app, 'june@example.com', { record: { top_job_titles: 'Designer' } }))
      .userId;
    const admin = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/admin/user-email-management', headers: staff, payload });
    draft = (await admin({ client_id: clientId, action: 'generate_filters' })).json().formatted_data;
    const saved = await admin({ client_id: clientId, action: 'save_filters', formatted_data: draft });
    filterId = saved.json().filter_ids[0];
  });
  afterAll(async () => close());

  it('fails every change whose line cannot be written, keeps the data as it was, and makes it once the log can be written', async () => {
    const [open, applied] = jobs as [string, string];
    const admin = (payload: Record<string, unknown>): InjectOptions => ({
      method: 'POST',
      url: '/api/admin/user-email-management',
      headers: staff,
      payload,
    });
    const changes: [string, InjectOptions, string?][] = [
      [
        'a decision',
        {
          method: 'PUT',
          url: `/api/my-jobs/${open}/approval`,
          headers: client,
          payload: { client_approval: 'rejected' },
        },
      ],
      [
        'notes',
        {
          method: 'PUT',
          url: `/api/my-jobs/${open}/notes`,
          headers: client,
          payload: { client_notes: 'Too far' },
        },
      ],
      [
        'decisions in bulk',
        {
          method: 'PUT',
          url: '/api/my-jobs/approval',
          headers: client,
          payload: { job_ids: [open, applied], client_approval: 'rejected' },
        },
      ],
      [
        "the client's outcome",
        {
          method: 'PUT',
          url: `/api/my-jobs/${applied}/outcome`,
          headers: client,
          payload: { outcome: 'interview', outcome_date: '2026-11-02' },
        },
      ],
      [
        "staff's outcome",
        {
          method: 'PUT',
          url: `/api/admin/jobs/${applied}/outcome`,
          headers: staff,
          payload: { outcome: 'offer', outcome_date: '2026-11-03' },
        },
      ],
      [
        'applied and analyst notes',
        {
          method: 'PATCH',
          url: `/api/admin/clients/${clientId}/jobs/${open}`,
          headers: staff,
          payload: { applied_for_job: true, analyst_notes: 'Referred', analyst_notes_before: null },
        },
      ],
      [
        'applied in bulk',
        {
          method: 'PUT',
          url: `/api/admin/clients/${clientId}/jobs/applied`,
          headers: staff,
          payload: { job_ids: [open], applied_for_job: true },
        },
      ],
      [
        'a job taken back',
        { method: 'DELETE', url: `/api/admin/clients/${clientId}/jobs/${open}`, headers: staff },
      ],
      [
        'an import',
        {
          method: 'POST',
          url: '/api/admin/jobs/import',
          headers: staff,
          payload: { client_id: clientId, format: 'json', content: JSON.stringify([{ job_uid: 'ivy-3' }]) },
        },
      ],
      [
        'a filter edited',
        {
          method: 'PUT',
          url: `/api/job-search-filters/${filterId}`,
          headers: staff,
          payload: { version: 1, name: 'Renamed' },
        },
      ],
      ['a filter deleted', { method: 'DELETE', url: `/api/job-search-filters/${filterId}`, headers: staff }],
      [
        'filters replaced',
        {
          method: 'PUT',
          url: `/api/admin/clients/${clientId}/filters`,
          headers: staff,
          payload: { formatted_data: draft },
        },
      ],
      ['filters saved', admin({ client_id: juneId, action: 'save_filters', formatted_data: draft }), 'june'],
      // With no filters saved yet, the welcome e-mail saves the generated ones first.
      ['filters saved with the welcome e-mail', admin({ client_id: juneId, action: 'send' }), 'june'],
      // Last: once made, it leaves no client to change.
      [
        'the account deleted',
        { method: 'DELETE', url: '/api/account', headers: client, payload: { email: CLIENT_EMAIL } },
      ],
    ];

    const whose = (client?: string) => (client === 'june' ? juneId : clientId);
    const restore = await refuseInserts(app, kind, 'activity_log');
    try {
      for (const [change, request, client] of changes) {
        const before = await snapshot(whose(client));
        const response = await app.inject(request);
        expect(response.statusCode, `${change}: ${response.body}`).toBe(500);
        expect(await snapshot(whose(client)), change).toEqual(before);
      }
    } finally {
      await restore();
    }
    // Each request was one the server takes: with the log writable again, each makes its change.
    // The client's own requests work again too: the refused deletion signed nobody out.
    // The data itself changes, not only the log.
    const data = async (client?: string) => {
      const { log: _log, ...rest } = await snapshot(whose(client));
      return rest;
    };
    for (const [change, request, client] of changes) {
      const before = await data(client);
      const response = await app.inject(request);
      expect(response.statusCode, `${change}: ${response.body}`).toBeLessThan(300);
      expect(await data(client), change).not.toEqual(before);
    }
  });
});
