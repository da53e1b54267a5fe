import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GONE_MEANWHILE_MESSAGE } from '../../errors.ts';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { rowsHolding } from '../../testing/rows-holding.ts';
import { accountRepo } from '../account/repo.ts';

type Headers = Record<string, string>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Only PostgreSQL runs two writes at once. On SQLite the import, which reads its client inside its
// transaction, runs wholly before or after an erasure.
describe.skipIf(!databaseKinds.includes('postgres'))(
  'an import racing an account erasure on postgres',
  () => {
    let app: FastifyInstance;
    let close: () => Promise<void>;
    let staff: Headers;

    beforeAll(async () => {
      ({ app, close } = await createTestApp('postgres'));
      staff = (await signInForTest(app, 'lead@company.test')).authHeader;
    });

    afterAll(async () => {
      await close();
    });

    it('answers 404 and leaves no job, history or activity line under the erased id', async () => {
      const { userId } = await signInForTest(app, 'ada@example.com');
      // The client's erasure, every row deleted and the user's row taken, held open.
      const erasing = Promise.withResolvers<void>();
      const release = Promise.withResolvers<void>();
      const erasure = accountRepo(app.db).erase(userId, async () => {
        erasing.resolve();
        await release.promise;
      });
      await erasing.promise;

      const importing = app.inject({
        method: 'POST',
        url: '/api/admin/jobs/import',
        headers: staff,
        payload: {
          client_id: userId,
          format: 'json',
          content: JSON.stringify([
            { job_uid: 'a-1', data_job_title: 'Platform Engineer', applied_for_job: true },
          ]),
        },
      });
      // The import finds the client (the erasure has not committed), then waits on their row.
      await pause(300);
      release.resolve();
      await erasure;

      const response = await importing;
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ error: GONE_MEANWHILE_MESSAGE });
      expect(await rowsHolding(app.db, userId)).toEqual([]);
    });
  },
);
