import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../../testing/auth.ts';
import { onboardClient } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';

type Headers = Record<string, string>;

describe.each(databaseKinds)('job-search filters on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: Headers;
  let ada: Headers;
  let grace: Headers;
  let adaFilterIds: string[];
  let graceFilterIds: string[];
  let graceId: string;

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
    ada = (await onboardClient(app, 'ada@example.com', { record: { top_job_titles: 'Staff Engineer, CTO' } }))
      .headers;
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

  it('lets a client change their own filter, keeping what they did not change', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/job-search-filters/${adaFilterIds[1]}`,
      headers: ada,
      payload: { name: 'Chief Technology Officer', filters: { min_salary: 250000, is_remote: false } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      id: adaFilterIds[1],
      client_email: 'ada@example.com',
      name: 'Chief Technology Officer',
      query: 'CTO',
      date_saved: expect.any(String),
      filters: {
        data_job_description: ['TypeScript', 'Postgres'],
        exclude_job_description: ['clearance', 'Manager'],
        is_remote: false,
        min_salary: 250000,
      },
    });
    const listed = (await list(ada)).json().data;
    expect(listed[1].name).toBe('Chief Technology Officer');
  });

  it("answers 404 to a client who changes or deletes someone else's filter, and changes nothing", async () => {
    const put = await app.inject({
      method: 'PUT',
      url: `/api/job-search-filters/${graceFilterIds[0]}`,
      headers: ada,
      payload: { name: 'Hijacked' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ error: 'Job search filter not found' });
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/job-search-filters/${graceFilterIds[0]}`,
      headers: ada,
    });
    expect(del.statusCode).toBe(404);
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/job-search-filters/no-such-id',
      headers: grace,
    });
    expect(missing.statusCode).toBe(404);
    expect((await list(grace)).json().data.map((filter: { name: string }) => filter.name)).toEqual([
      'Data Engineer',
    ]);
  });

  it('refuses an update that changes nothing or breaks the rules', async () => {
    const cases = [
      {},
      { name: '   ' },
      { filters: { min_salary: -5 } },
      { filters: { data_job_description: 'Go' } },
    ];
    for (const payload of cases) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/job-search-filters/${adaFilterIds[0]}`,
        headers: ada,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatch(/^Invalid request: /);
    }
  });

  it("lets staff change and delete any client's filter, and a client delete their own", async () => {
    const put = await app.inject({
      method: 'PUT',
      url: `/api/job-search-filters/${graceFilterIds[0]}`,
      headers: staff,
      payload: { query: 'Senior Data Engineer' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.query).toBe('Senior Data Engineer');

    const byStaff = await app.inject({
      method: 'DELETE',
      url: `/api/job-search-filters/${graceFilterIds[0]}`,
      headers: staff,
    });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json()).toEqual({ data: { id: graceFilterIds[0] } });
    expect((await list(grace)).json().data).toEqual([]);

    const byOwner = await app.inject({
      method: 'DELETE',
      url: `/api/job-search-filters/${adaFilterIds[0]}`,
      headers: ada,
    });
    expect(byOwner.statusCode).toBe(200);
    expect((await list(ada)).json().data.map((filter: { id: string }) => filter.id)).toEqual([
      adaFilterIds[1],
    ]);
  });
});
