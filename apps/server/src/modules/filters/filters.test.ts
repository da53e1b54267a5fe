import { FILTER_CHANGED_MESSAGE } from '@app/domain/job-filters-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../../testing/auth.ts';
import { onboardClient } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { createFiltersRepo } from './repo.ts';

type Headers = Record<string, string>;
const STAFF_DENIED = 'Access denied. This feature is only available to @company.test users.';

describe.each(databaseKinds)('job-search filters on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;
  let ada: Headers;
  let grace: Headers;
  let adaFilterIds: string[];
  let graceFilterIds: string[];
  let graceId: string;
  let adaId: string;

  const list = (headers: Headers, query = '') =>
    app.inject({ method: 'GET', url: `/api/job-search-filters${query}`, headers });

  async function saveGenerated(email: string): Promise<string[]> {
    const generated = await app.inject({
      method: 'POST',
      url: '/api/admin/user-email-management',
      headers: staff,
      payload: { email, action: 'generate_filters' },
    });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/admin/user-email-management',
      headers: staff,
      payload: { email, action: 'save_filters', formatted_data: generated.json().formatted_data },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().filter_ids;
  }

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    staff = (await signInForTest(app, 'analyst@company.test')).authHeader;
    const adaClient = await onboardClient(app, 'ada@example.com', {
      record: { top_job_titles: 'Staff Engineer, CTO' },
    });
    ada = adaClient.headers;
    adaId = adaClient.userId;
    const graceClient = await onboardClient(app, 'grace@example.com', {
      record: { top_job_titles: 'Data Engineer' },
    });
    grace = graceClient.headers;
    graceId = graceClient.userId;
    adaFilterIds = await saveGenerated('ada@example.com');
    graceFilterIds = await saveGenerated('grace@example.com');
  });
  afterAll(async () => close());

  it('gives a client their own filters, whatever client they name', async () => {
    for (const query of ['', `?client_id=${graceId}`]) {
      const response = await list(ada, query);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((filter: { query: string }) => filter.query)).toEqual([
        'Staff Engineer',
        'CTO',
      ]);
    }
  });

  it("gives staff any client's filters, and asks for a token", async () => {
    const response = await list(staff, `?client_id=${graceId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: graceFilterIds[0],
        client_email: 'grace@example.com',
        name: 'Data Engineer',
        query: 'Data Engineer',
        date_saved: expect.any(String),
        version: 1,
        filters: {
          data_job_description: ['TypeScript', 'Postgres'],
          exclude_job_description: ['clearance', 'Manager'],
          is_remote: true,
          min_salary: 150000,
        },
      },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/job-search-filters' })).statusCode).toBe(401);
  });

  const activityOf = async (clientId: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/admin/activity?client_id=${clientId}`, headers: staff })
    ).json().data as { action: string; actor_email: string; detail: Record<string, unknown> }[];

  it('lets staff change a filter, keeping what they did not change, and logs what changed', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/job-search-filters/${adaFilterIds[1]}`,
      headers: staff,
      payload: {
        version: 1,
        name: 'Chief Technology Officer',
        filters: { min_salary: 250000, is_remote: false },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      id: adaFilterIds[1],
      client_email: 'ada@example.com',
      name: 'Chief Technology Officer',
      query: 'CTO',
      date_saved: expect.any(String),
      version: 2,
      filters: {
        data_job_description: ['TypeScript', 'Postgres'],
        exclude_job_description: ['clearance', 'Manager'],
        is_remote: false,
        min_salary: 250000,
      },
    });
    const listed = (await list(ada)).json().data;
    expect(listed[1].name).toBe('Chief Technology Officer');
    const [latest] = await activityOf(adaId);
    expect(latest).toMatchObject({
      action: 'filter.edited',
      actor_email: 'analyst@company.test',
      detail: {
        filter_id: adaFilterIds[1],
        summary: 'Chief Technology Officer',
        changes: {
          name: { from: 'CTO', to: 'Chief Technology Officer' },
          is_remote: { from: true, to: false },
          min_salary: { from: 150000, to: 250000 },
        },
      },
    });
  });

  it('logs the keywords added and removed, the first ten with their counts, however long the lists', async () => {
    // The longest lists a filter holds: 200 keywords of 200 characters, in both lists.
    const keywords = (prefix: string) =>
      Array.from({ length: 200 }, (_, index) => `${prefix}${index}`.padEnd(200, '.'));
    const edit = async (filters: Record<string, unknown>) => {
      const { version } = (await list(ada))
        .json()
        .data.find((filter: { id: string }) => filter.id === adaFilterIds[0]);
      const response = await app.inject({
        method: 'PUT',
        url: `/api/job-search-filters/${adaFilterIds[0]}`,
        headers: staff,
        payload: { version, filters },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    await edit({ data_job_description: keywords('a'), exclude_job_description: keywords('b') });
    const kept = keywords('a').slice(0, 150);
    const edited = await edit({
      data_job_description: [...kept, ...keywords('c').slice(0, 50)],
      exclude_job_description: keywords('d'),
    });
    expect(edited.filters.data_job_description).toEqual([...kept, ...keywords('c').slice(0, 50)]);

    const [latest] = await activityOf(adaId);
    expect(latest).toMatchObject({ action: 'filter.edited', detail: { filter_id: adaFilterIds[0] } });
    expect(latest?.detail.changes).toEqual({
      data_job_description: {
        added: keywords('c').slice(0, 10),
        removed: keywords('a').slice(150, 160),
        added_count: 50,
        removed_count: 50,
      },
      exclude_job_description: {
        added: keywords('d').slice(0, 10),
        removed: keywords('b').slice(0, 10),
        added_count: 200,
        removed_count: 200,
      },
    });
  });

  it('refuses a client who renames or deletes a filter, even their own, and changes nothing', async () => {
    const before = (await list(ada)).json().data;
    const put = await app.inject({
      method: 'PUT',
      url: `/api/job-search-filters/${adaFilterIds[0]}`,
      headers: ada,
      payload: { version: 1, name: 'Mine now' },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ error: STAFF_DENIED });
    for (const id of [adaFilterIds[0], graceFilterIds[0], 'no-such-id']) {
      const del = await app.inject({ method: 'DELETE', url: `/api/job-search-filters/${id}`, headers: ada });
      expect(del.statusCode).toBe(403);
      expect(del.json()).toEqual({ error: STAFF_DENIED });
    }
    expect((await list(ada)).json().data).toEqual(before);
  });

  it('refuses an update that changes nothing or breaks the rules, and a filter that is not there', async () => {
    const cases = [
      { version: 1 },
      { name: 'No version' },
      { version: 1, name: '   ' },
      { version: 1, filters: { min_salary: -5 } },
      { version: 1, filters: { data_job_description: 'Go' } },
    ];
    for (const payload of cases) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/job-search-filters/${adaFilterIds[0]}`,
        headers: staff,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatch(/^Invalid request: /);
    }
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/job-search-filters/no-such-id',
      headers: staff,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Job search filter not found' });
  });

  it('refuses a change made on a version someone else has changed since, and writes and logs nothing', async () => {
    const put = (version: number, name: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/job-search-filters/${adaFilterIds[1]}`,
        headers: staff,
        payload: { version, name },
      });
    const shown = async () =>
      (await list(ada)).json().data.find((filter: { id: string }) => filter.id === adaFilterIds[1]);
    const opened = await shown();
    // A colleague saves first, on the version both opened.
    const first = await put(opened.version, 'Saved first');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(opened.version + 1);
    const linesBefore = (await activityOf(adaId)).length;

    const late = await put(opened.version, 'Saved late');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: FILTER_CHANGED_MESSAGE });
    expect((await shown()).name).toBe('Saved first');
    expect(await activityOf(adaId)).toHaveLength(linesBefore);

    // Saving again on the version now shown replaces it, knowingly.
    const again = await put(opened.version + 1, 'Saved late');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ name: 'Saved late', version: opened.version + 2 });
  });

  it('writes nothing and logs nothing for a filter deleted since it was read', async () => {
    // The service reads a filter, then changes it: a colleague may have deleted it in between.
    const repo = createFiltersRepo(app.db);
    const calledFor: string[] = [];
    const changes = { name: 'Gone', query: 'Gone', filters: '{}', updated_at: new Date().toISOString() };
    expect(
      await repo.update('deleted-meanwhile', 1, changes, async () => calledFor.push('update')),
    ).toBeUndefined();
    expect(await repo.delete('deleted-meanwhile', async () => calledFor.push('delete'))).toBe(false);
    expect(calledFor).toEqual([]);
  });

  it("lets staff delete any client's filter, logged", async () => {
    const byStaff = await app.inject({
      method: 'DELETE',
      url: `/api/job-search-filters/${graceFilterIds[0]}`,
      headers: staff,
    });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json()).toEqual({ data: { id: graceFilterIds[0] } });
    expect((await list(grace)).json().data).toEqual([]);
    const [latest] = await activityOf(graceId);
    expect(latest).toMatchObject({
      action: 'filter.deleted',
      detail: { filter_id: graceFilterIds[0], query: 'Data Engineer', summary: 'Data Engineer' },
    });
  });

  it('lets staff replace the whole set with a new one, never with an empty one', async () => {
    const generated = await app.inject({
      method: 'POST',
      url: '/api/admin/user-email-management',
      headers: staff,
      payload: { client_id: adaId, action: 'generate_filters' },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json()).toMatchObject({ filters_already_exist: true, matched: 'client_id' });
    const draft = generated.json().formatted_data.slice(0, 1);
    const replace = (formatted_data: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/clients/${adaId}/filters`,
        headers: staff,
        payload: { formatted_data },
      });
    const empty = await replace([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'This client has no job titles to search for, so there are no filters to save',
    });
    const replaced = await replace(draft);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.map((filter: { query: string }) => filter.query)).toEqual(['Staff Engineer']);
    expect((await list(ada)).json().data.map((filter: { query: string }) => filter.query)).toEqual([
      'Staff Engineer',
    ]);
    const [latest, before] = await activityOf(adaId);
    expect(latest).toMatchObject({ action: 'filters.replaced', detail: { removed: 2, count: 1 } });
    expect(before).toMatchObject({ action: 'filters.generated', detail: { queries: 2 } });
    const asClient = await app.inject({
      method: 'PUT',
      url: `/api/admin/clients/${adaId}/filters`,
      headers: ada,
      payload: { formatted_data: draft },
    });
    expect(asClient.statusCode).toBe(403);
  });
});
