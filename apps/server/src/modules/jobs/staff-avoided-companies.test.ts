import type { ActivityEntry } from '@app/domain/activity';
import type { JobListItem } from '@app/domain/jobs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { importJobsFor, myJobs } from '../../testing/jobs.ts';
import { waitingOnLocks } from '../../testing/transactions.ts';
import { addingUncommitted } from '../companies-to-avoid/testing.ts';

type Headers = Record<string, string>;
/**
 * Companies to avoid (decision 037) against the recruiter's job table: a job assigned before the
 * client listed its company stays in the table, and staff cannot mark it applied, one by one or in
 * bulk; they can always mark jobs not applied.
 */
describe.each(databaseKinds)("companies to avoid in the recruiter's job table on %s", (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;
  let client: Headers;
  let clientId: string;
  const jobIds = new Map<string, string>();

  const url = (rest = '') => `/api/admin/clients/${clientId}/jobs${rest}`;
  const patch = (title: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: url(`/${id(title)}`), headers: staff, payload });
  const bulk = (titles: string[], applied: boolean) =>
    app.inject({
      method: 'PUT',
      url: url('/applied'),
      headers: staff,
      payload: { job_ids: titles.map(id), applied_for_job: applied },
    });
  const avoid = async (name: string) => {
    const added = await app.inject({
      method: 'POST',
      url: '/api/companies-to-avoid',
      headers: client,
      payload: { name },
    });
    expect(added.statusCode, added.body).toBe(201);
  };

  function id(title: string): string {
    const found = jobIds.get(title);
    if (!found) throw new Error(`no job ${title}`);
    return found;
  }
  const job = async (title: string): Promise<JobListItem | undefined> =>
    (await myJobs(app, client)).find((item) => item.data_job_title === title);
  const appliedTitles = async () =>
    (await myJobs(app, client))
      .filter((item) => item.applied_for_job)
      .map((item) => item.data_job_title)
      .sort();
  const timeline = async (): Promise<ActivityEntry[]> =>
    (
      await app.inject({ method: 'GET', url: `/api/admin/activity?client_id=${clientId}`, headers: staff })
    ).json().data;
  const history = (title: string) =>
    app.db.kysely.selectFrom('job_events').select('kind').where('job_id', '=', id(title)).execute();

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    staff = (await signInForTest(app, 'lead@company.test')).authHeader;
    const signedIn = await signInForTest(app, 'carol@example.com');
    client = signedIn.authHeader;
    clientId = signedIn.userId;
    // Assigned before the client listed any company.
    await importJobsFor(app, staff, { client_id: clientId }, [
      { job_uid: 'j-1', data_job_title: 'Backend Engineer', data_company: 'ACME Inc.' },
      { job_uid: 'j-2', data_job_title: 'Data Analyst', data_company: 'Globex' },
      { job_uid: 'j-3', data_job_title: 'Designer', data_company: 'Initech' },
      { job_uid: 'j-4', data_job_title: 'Platform Engineer', data_company: 'Acme' },
      { job_uid: 'j-5', data_job_title: 'Applied Before', data_company: 'Hooli', applied_for_job: true },
      { job_uid: 'j-6', data_job_title: 'Race', data_company: 'Umbrella' },
    ]);
    for (const item of await myJobs(app, client)) jobIds.set(item.data_job_title ?? '', item.id);
    await avoid('Acme');
    await avoid('globex llc');
    await avoid('Hooli');
  });
  afterAll(async () => close());

  it('refuses to mark one job applied at a listed company (409), and nothing changes', async () => {
    const linesBefore = (await timeline()).length;
    const response = await patch('Backend Engineer', { applied_for_job: true });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      error: 'The client asked us never to apply to ACME Inc.; this job was not marked applied.',
    });
    // With notes in the same request, the notes are not written either.
    const withNotes = await patch('Backend Engineer', {
      applied_for_job: true,
      analyst_notes: 'Sent',
      analyst_notes_before: null,
    });
    expect(withNotes.statusCode).toBe(409);
    expect(await job('Backend Engineer')).toMatchObject({ applied_for_job: false, analyst_notes: null });
    expect(await history('Backend Engineer')).toEqual([{ kind: 'assigned' }]);
    expect((await timeline()).length).toBe(linesBefore);
  });

  it('refuses a bulk change that includes jobs at listed companies (409 naming them), marking none', async () => {
    const linesBefore = (await timeline()).length;
    const response = await bulk(['Designer', 'Backend Engineer', 'Data Analyst', 'Platform Engineer'], true);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      error:
        'The client asked us never to apply to ACME Inc. or Globex; none of these jobs was marked applied.',
    });
    expect(await appliedTitles()).toEqual(['Applied Before']);
    expect(await history('Designer')).toEqual([{ kind: 'assigned' }]);
    expect((await timeline()).length).toBe(linesBefore);

    const one = await bulk(['Data Analyst'], true);
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({
      error: 'The client asked us never to apply to Globex; this job was not marked applied.',
    });

    // Without them, the rest are marked as before.
    const rest = await bulk(['Designer'], true);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toEqual({
      data: { updated_ids: [id('Designer')], unchanged_ids: [], not_found_job_ids: [] },
    });
  });

  it('always lets staff mark jobs not applied, and leaves a job applied before the company was listed as it is', async () => {
    // Applied before Hooli was listed: marking it applied again changes nothing and is not refused.
    const again = await patch('Applied Before', { applied_for_job: true });
    expect(again.statusCode, again.body).toBe(200);
    const againInBulk = await bulk(['Applied Before'], true);
    expect(againInBulk.json()).toEqual({
      data: { updated_ids: [], unchanged_ids: [id('Applied Before')], not_found_job_ids: [] },
    });

    const one = await patch('Applied Before', { applied_for_job: false });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ applied_for_job: false });
    const many = await bulk(['Backend Engineer', 'Data Analyst', 'Designer'], false);
    expect(many.statusCode, many.body).toBe(200);
    // Only Designer was applied (the others were refused above): the rest were not applied already.
    expect(many.json().data).toEqual({
      updated_ids: [id('Designer')],
      unchanged_ids: [id('Backend Engineer'), id('Data Analyst')],
      not_found_job_ids: [],
    });
    expect(await appliedTitles()).toEqual([]);
    // Once not applied, it is refused like the others.
    expect((await patch('Applied Before', { applied_for_job: true })).statusCode).toBe(409);
  });

  // Only PostgreSQL runs two writes at once: on SQLite the add and the mark run one after the other.
  if (kind === 'postgres')
    it('a job marked applied while the client adds its company waits for the add, then is refused', async () => {
      const adding = await addingUncommitted(app, clientId, 'Umbrella');
      const marking = patch('Race', { applied_for_job: true });
      await expect.poll(() => waitingOnLocks(app.db), { timeout: 10_000 }).toBe(1);
      await adding.release();
      const response = await marking;
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({
        error: 'The client asked us never to apply to Umbrella; this job was not marked applied.',
      });
      expect(await job('Race')).toMatchObject({ applied_for_job: false });
    });
});
