import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT, DEMO_JOB_COUNT, seedDemo } from '../../../../../scripts/seed-demo.ts';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';

/** Budget: the jobs list of the demo data averages at most 350 bytes a job, uncompressed. */
const MAX_BYTES_PER_JOB = 350;

describe.each(databaseKinds)('the jobs list of the demo data on %s', (kind) => {
  let test: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });

  afterAll(async () => {
    await test.close();
  });

  it(`averages at most ${MAX_BYTES_PER_JOB} bytes a job, uncompressed`, async () => {
    const { app, config } = test;
    const client = await signInForTest(app, DEMO_CLIENT.email);
    await seedDemo(app.db, config);
    const response = await app.inject({ url: '/api/my-jobs', headers: client.authHeader });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().total).toBe(DEMO_JOB_COUNT);
    expect(response.rawPayload.length / DEMO_JOB_COUNT).toBeLessThanOrEqual(MAX_BYTES_PER_JOB);
  });
});
