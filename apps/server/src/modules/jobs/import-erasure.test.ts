import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockClientJobs } from '../../db/job-list-versions.ts';
import { GONE_MEANWHILE_MESSAGE } from '../../errors.ts';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { rowsHolding } from '../../testing/rows-holding.ts';
import { accountRepo } from '../account/repo.ts';

type Headers = Record<string, string>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Only PostgreSQL runs two writes at once. On SQLite the import, which reads its client inside its
// transaction, runs wholly before or after an erasure or a claim.
describe.skipIf(!databaseKinds.includes('postgres'))(
  'an import racing an account erasure or a sign-in on postgres',
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

    /** Imports one job for the client named by id. */
    const importFor = (clientId: string, jobUid: string) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/jobs/import',
        headers: staff,
        payload: {
          client_id: clientId,
          format: 'json',
          content: JSON.stringify([{ job_uid: jobUid, data_job_title: 'Platform Engineer' }]),
        },
      });

    /** A pending client: an e-mail the team has put work in front of, not yet signed in with. */
    async function pendingClient(email: string): Promise<string> {
      const invited = await app.inject({
        method: 'POST',
        url: '/api/admin/jobs/import',
        headers: staff,
        payload: {
          email,
          format: 'json',
          content: JSON.stringify([{ job_uid: 'first', data_job_title: 'Analyst' }]),
        },
      });
      expect(invited.statusCode, invited.body).toBe(200);
      return invited.json().data.client.id;
    }

    it('an import under way when its pending client signs in lands with the person who signed in', async () => {
      const pendingId = await pendingClient('pat@example.com');
      // The pending client's job list held, so the import stops after taking its client's row.
      const listHeld = Promise.withResolvers<void>();
      const releaseList = Promise.withResolvers<void>();
      const holding = app.db.kysely.transaction().execute(async (trx) => {
        await lockClientJobs(trx, pendingId);
        listHeld.resolve();
        await releaseList.promise;
      });
      await listHeld.promise;
      const importing = importFor(pendingId, 'during-sign-in');
      await pause(300);
      // The claim waits for the import's hold on the pending client, then moves its job as well.
      const signingIn = signInForTest(app, 'pat@example.com');
      await pause(300);
      releaseList.resolve();
      await holding;
      const response = await importing;
      const { userId } = await signingIn;

      expect(response.statusCode, response.body).toBe(200);
      const jobs = await app.db.kysely
        .selectFrom('jobs')
        .select(['job_uid', 'client_id'])
        .where('job_uid', 'in', ['first', 'during-sign-in'])
        .orderBy('job_uid')
        .execute();
      expect(jobs).toEqual([
        { job_uid: 'during-sign-in', client_id: userId },
        { job_uid: 'first', client_id: userId },
      ]);
      expect(await rowsHolding(app.db, pendingId)).toEqual(['pending_clients.id']);
    });

    it('an import that finds its pending client claimed meanwhile answers 404 and stores nothing', async () => {
      const pendingId = await pendingClient('quinn@example.com');
      // A claim held open once it has marked the pending client claimed and moved its jobs.
      const { userId } = await signInForTest(app, 'quinn.new@example.com');
      const claimed = Promise.withResolvers<void>();
      const releaseClaim = Promise.withResolvers<void>();
      const claim = app.db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('pending_clients')
          .set({ claimed_by_user_id: userId, claimed_at: new Date().toISOString() })
          .where('id', '=', pendingId)
          .execute();
        await trx.updateTable('jobs').set({ client_id: userId }).where('client_id', '=', pendingId).execute();
        claimed.resolve();
        await releaseClaim.promise;
      });
      await claimed.promise;
      // The import found the pending client unclaimed, then waits on its row.
      const importing = importFor(pendingId, 'after-claim');
      await pause(300);
      releaseClaim.resolve();
      await claim;

      const response = await importing;
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ error: GONE_MEANWHILE_MESSAGE });
      const imported = await app.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('job_uid', '=', 'after-claim')
        .execute();
      expect(imported).toEqual([]);
    });
  },
);
