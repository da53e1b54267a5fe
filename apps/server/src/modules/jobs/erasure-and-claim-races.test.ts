import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockClientJobs } from '../../db/job-list-versions.ts';
import { GONE_MEANWHILE_MESSAGE } from '../../errors.ts';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { importJobsFor } from '../../testing/jobs.ts';
import { rowsHolding } from '../../testing/rows-holding.ts';
import { holdOpen, waitingOnLocks } from '../../testing/transactions.ts';
import { accountRepo } from '../account/repo.ts';
import { jobsRepo } from './repo.ts';

type Headers = Record<string, string>;

// Only PostgreSQL runs two writes at once. On SQLite a write to a client's jobs (an import, a change
// in the recruiter's table, the client's own decisions and outcomes), which reads its client inside
// its transaction, runs wholly before or after an erasure or a claim.
if (databaseKinds.includes('postgres'))
  describe("writes to a client's jobs racing an account erasure or a sign-in on postgres", () => {
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

    /**
     * Sends `request` about the client while their erasure (every row deleted and the user's row
     * taken) is held open, commits the erasure once the request waits on that row, and answers the
     * request's response.
     */
    async function duringErasure(userId: string, request: InjectOptions) {
      const erasing = Promise.withResolvers<void>();
      const release = Promise.withResolvers<void>();
      const erasure = accountRepo(app.db).erase(userId, async () => {
        erasing.resolve();
        await release.promise;
      });
      await erasing.promise;
      const sending = app.inject(request);
      // The request finds the client (the erasure has not committed), then waits on their row.
      await expect.poll(() => waitingOnLocks(app.db), { timeout: 10_000 }).toBeGreaterThan(0);
      release.resolve();
      await erasure;
      return sending;
    }

    it('an import answers 404 and leaves no job, history or activity line under the erased id', async () => {
      const { userId } = await signInForTest(app, 'ada@example.com');
      const response = await duringErasure(userId, {
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
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ error: GONE_MEANWHILE_MESSAGE });
      expect(await rowsHolding(app.db, userId)).toEqual([]);
    });

    it.each<[string, (clientId: string, jobId: string) => InjectOptions]>([
      [
        'a job marked applied',
        (clientId, jobId) => ({
          method: 'PATCH',
          url: `/api/admin/clients/${clientId}/jobs/${jobId}`,
          headers: staff,
          payload: { applied_for_job: true },
        }),
      ],
      [
        'jobs marked applied in bulk',
        (clientId, jobId) => ({
          method: 'PUT',
          url: `/api/admin/clients/${clientId}/jobs/applied`,
          headers: staff,
          payload: { job_ids: [jobId], applied_for_job: true },
        }),
      ],
      [
        'a job deleted',
        (clientId, jobId) => ({
          method: 'DELETE',
          url: `/api/admin/clients/${clientId}/jobs/${jobId}`,
          headers: staff,
        }),
      ],
    ])(
      "%s in the recruiter's table answers 404, gone meanwhile, and leaves nothing under the erased id",
      async (_name, change) => {
        const { userId } = await signInForTest(
          app,
          `erased-${Math.random().toString(36).slice(2, 8)}@example.com`,
        );
        await importJobsFor(app, staff, { client_id: userId }, [
          { job_uid: 'e-1', data_job_title: 'Platform Engineer', data_company: 'Northwind' },
        ]);
        const { id: jobId } = await app.db.kysely
          .selectFrom('jobs')
          .select('id')
          .where('client_id', '=', userId)
          .executeTakeFirstOrThrow();
        const response = await duringErasure(userId, change(userId, jobId));
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual({ error: GONE_MEANWHILE_MESSAGE });
        // No job history and no activity line outlive the client.
        expect(await rowsHolding(app.db, userId)).toEqual([]);
      },
    );

    /** A signed-in client with one job, applied to so that it can take an outcome. */
    async function clientWithAJob() {
      const client = await signInForTest(app, `erased-${Math.random().toString(36).slice(2, 8)}@example.com`);
      await importJobsFor(app, staff, { client_id: client.userId }, [
        {
          job_uid: 'e-1',
          data_job_title: 'Platform Engineer',
          data_company: 'Northwind',
          applied_for_job: true,
        },
      ]);
      const { id: jobId } = await app.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('client_id', '=', client.userId)
        .executeTakeFirstOrThrow();
      return { ...client, jobId };
    }

    const outcome = { outcome: 'interview', outcome_date: '2024-11-03' } as const;

    it.each<[string, (jobId: string) => Omit<InjectOptions, 'headers'>]>([
      [
        'a decision',
        (jobId) => ({
          method: 'PUT',
          url: `/api/my-jobs/${jobId}/approval`,
          payload: { client_approval: 'rejected' },
        }),
      ],
      [
        'a decision on several jobs',
        (jobId) => ({
          method: 'PUT',
          url: '/api/my-jobs/approval',
          payload: { job_ids: [jobId], client_approval: 'rejected' },
        }),
      ],
      ['an outcome', (jobId) => ({ method: 'PUT', url: `/api/my-jobs/${jobId}/outcome`, payload: outcome })],
    ])(
      "the client's own %s sent during their erasure answers 404, gone meanwhile, and leaves nothing under the erased id",
      async (_name, change) => {
        const { userId, jobId, authHeader } = await clientWithAJob();
        const response = await duringErasure(userId, { ...change(jobId), headers: authHeader });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual({ error: GONE_MEANWHILE_MESSAGE });
        expect(await rowsHolding(app.db, userId)).toEqual([]);
      },
    );

    it('an outcome recorded by staff during the erasure answers 404, gone meanwhile, and leaves nothing', async () => {
      const { userId, jobId } = await clientWithAJob();
      const response = await duringErasure(userId, {
        method: 'PUT',
        url: `/api/admin/jobs/${jobId}/outcome`,
        headers: staff,
        payload: outcome,
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ error: GONE_MEANWHILE_MESSAGE });
      expect(await rowsHolding(app.db, userId)).toEqual([]);
    });

    it.each<[string, (clientId: string, jobId: string, hold: () => Promise<void>) => Promise<unknown>]>([
      [
        "the client's decision",
        (clientId, jobId, hold) =>
          jobsRepo(app.db.kysely).updateForClient(clientId, jobId, { client_approval: 'rejected' }, hold),
      ],
      [
        "the client's decision on several jobs",
        (clientId, jobId, hold) =>
          jobsRepo(app.db.kysely).setApprovalMany(clientId, [jobId], 'rejected', hold),
      ],
      [
        "the client's outcome",
        (clientId, jobId, hold) =>
          jobsRepo(app.db.kysely).setOutcome(clientId, jobId, outcome, 'client', hold),
      ],
      [
        "staff's outcome",
        (_clientId, jobId, hold) => jobsRepo(app.db.kysely).setOutcome(null, jobId, outcome, 'team', hold),
      ],
    ])(
      '%s under way when the erasure starts lands first, and the erasure leaves nothing of it',
      async (_name, write) => {
        const { userId, jobId } = await clientWithAJob();
        const written = Promise.withResolvers<void>();
        const release = Promise.withResolvers<void>();
        // Held open once it has written, before it commits.
        const writing = write(userId, jobId, async () => {
          written.resolve();
          await release.promise;
        });
        await written.promise;
        const erasure = accountRepo(app.db).erase(userId, async () => {});
        // The erasure waits for the write to commit (on the client's row), then deletes what it wrote.
        await expect.poll(() => waitingOnLocks(app.db), { timeout: 10_000 }).toBeGreaterThan(0);
        release.resolve();
        await writing;
        await erasure;
        expect(await rowsHolding(app.db, userId)).toEqual([]);
      },
    );

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
    const pendingClient = async (email: string): Promise<string> =>
      (await importJobsFor(app, staff, { email }, [{ job_uid: 'first', data_job_title: 'Analyst' }])).client
        .id;

    it('an import under way when its pending client signs in lands with the person who signed in', async () => {
      const pendingId = await pendingClient('pat@example.com');
      // The pending client's job list held, so the import stops after taking its client's row.
      const holding = await holdOpen(app.db, (trx) => lockClientJobs(trx, pendingId));
      const importing = importFor(pendingId, 'during-sign-in');
      await expect.poll(() => waitingOnLocks(app.db), { timeout: 10_000 }).toBe(1);
      // The claim waits for the import's hold on the pending client, then moves its job as well.
      const signingIn = signInForTest(app, 'pat@example.com');
      await expect.poll(() => waitingOnLocks(app.db), { timeout: 10_000 }).toBe(2);
      await holding.release();
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
      const claim = await holdOpen(app.db, async (trx) => {
        await trx
          .updateTable('pending_clients')
          .set({ claimed_by_user_id: userId, claimed_at: new Date().toISOString() })
          .where('id', '=', pendingId)
          .execute();
        await trx.updateTable('jobs').set({ client_id: userId }).where('client_id', '=', pendingId).execute();
      });
      // The import found the pending client unclaimed, then waits on its row.
      const importing = importFor(pendingId, 'after-claim');
      await expect.poll(() => waitingOnLocks(app.db), { timeout: 10_000 }).toBeGreaterThan(0);
      await claim.release();

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
  });
