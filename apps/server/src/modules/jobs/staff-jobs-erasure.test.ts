import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GONE_MEANWHILE_MESSAGE } from '../../errors.ts';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { importJobsFor } from '../../testing/jobs.ts';
import { rowsHolding } from '../../testing/rows-holding.ts';
import { accountRepo } from '../account/repo.ts';

type Headers = Record<string, string>;

// Only PostgreSQL runs two writes at once. On SQLite a change to the table runs wholly before or
// after an erasure.
describe.skipIf(!databaseKinds.includes('postgres'))(
  "the recruiter's job table racing an account erasure on postgres",
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

    /**
     * A client with one job, whose erasure (every row deleted and the user's row taken) is held
     * open while `change` is sent about them, then committed: answers the change's response.
     */
    async function changeDuringErasure(
      email: string,
      change: (clientId: string, jobId: string) => InjectOptions,
    ) {
      const { userId } = await signInForTest(app, email);
      await importJobsFor(app, staff, { client_id: userId }, [
        { job_uid: 'e-1', data_job_title: 'Platform Engineer', data_company: 'Northwind' },
      ]);
      const jobId = await firstJobId(userId);
      const erasing = Promise.withResolvers<void>();
      const release = Promise.withResolvers<void>();
      const erasure = accountRepo(app.db).erase(userId, async () => {
        erasing.resolve();
        await release.promise;
      });
      await erasing.promise;
      const changing = app.inject(change(userId, jobId));
      // The change finds the client (the erasure has not committed), then waits on their row.
      await expect.poll(waitingOnLocks, { timeout: 10_000 }).toBeGreaterThan(0);
      release.resolve();
      await erasure;
      return { response: await changing, userId };
    }

    /** Queries of this database waiting for a row another transaction holds. */
    async function waitingOnLocks(): Promise<number> {
      const { rows } = await sql<{ waiting: number }>`select count(*) as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(app.db.kysely);
      return Number(rows[0]?.waiting ?? 0);
    }

    async function firstJobId(clientId: string): Promise<string> {
      const job = await app.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      return job.id;
    }

    it.each<[string, (clientId: string, jobId: string) => InjectOptions]>([
      [
        'a job marked applied',
        (clientId: string, jobId: string) => ({
          method: 'PATCH',
          url: `/api/admin/clients/${clientId}/jobs/${jobId}`,
          headers: staff,
          payload: { applied_for_job: true },
        }),
      ],
      [
        'jobs marked applied in bulk',
        (clientId: string, jobId: string) => ({
          method: 'PUT',
          url: `/api/admin/clients/${clientId}/jobs/applied`,
          headers: staff,
          payload: { job_ids: [jobId], applied_for_job: true },
        }),
      ],
      [
        'a job deleted',
        (clientId: string, jobId: string) => ({
          method: 'DELETE',
          url: `/api/admin/clients/${clientId}/jobs/${jobId}`,
          headers: staff,
        }),
      ],
    ])(
      '%s as the client erases their account answers 404, gone meanwhile, and leaves nothing under their id',
      async (_name, change) => {
        const { response, userId } = await changeDuringErasure(
          `erased-${Math.random().toString(36).slice(2, 8)}@example.com`,
          change,
        );
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual({ error: GONE_MEANWHILE_MESSAGE });
        // No job history and no activity line outlive the client.
        expect(await rowsHolding(app.db, userId)).toEqual([]);
      },
    );
  },
);
