import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso, onPostgres } from '../../db/database.ts';
import { bumpListVersion, lockClientJobs } from '../../db/job-list-versions.ts';
import type { Database } from '../../db/schema.ts';

export interface AccountRow {
  id: string;
  email: string;
}

export interface PendingClientRow {
  id: string;
  email: string;
  claimed_by_user_id: string | null;
}

/** Users as clients, and pending clients; e-mails are passed in lowercased. */
export function createClientsRepo(db: Kysely<Database>) {
  const pendingColumns = ['id', 'email', 'claimed_by_user_id'] as const;
  // Read FOR SHARE on PostgreSQL: in a transaction that adds work for the pending client (an import),
  // a claim under way is waited for and seen, and a claim that starts later waits until that work
  // is in, so it moves the work with everything else instead of leaving it under a claimed id.
  const findPendingByEmail = (email: string): Promise<PendingClientRow | undefined> =>
    db
      .selectFrom('pending_clients')
      .select(pendingColumns)
      .where('email', '=', email)
      .$if(onPostgres(db), (query) => query.forShare())
      .executeTakeFirst();

  return {
    findUser(id: string): Promise<AccountRow | undefined> {
      return db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
    },

    findUserBySignInEmail(email: string): Promise<AccountRow | undefined> {
      return db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
    },

    findPending(id: string): Promise<PendingClientRow | undefined> {
      return db.selectFrom('pending_clients').select(pendingColumns).where('id', '=', id).executeTakeFirst();
    },

    findPendingByEmail,

    /** The pending client for the e-mail, created if there is none (two racing creations make one). */
    async findOrCreatePending(email: string): Promise<{ row: PendingClientRow; created: boolean }> {
      const id = randomUUID();
      await db
        .insertInto('pending_clients')
        .values({ id, email, created_at: nowIso(), claimed_by_user_id: null, claimed_at: null })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const row = await findPendingByEmail(email);
      if (!row) throw new Error(`The pending client for ${email} was neither made nor found`);
      return { row, created: row.id === id };
    },

    /**
     * Hands everything of the pending client to the user, in one transaction, once: false when it was
     * already claimed. A job the user already has under the same job_uid stays as the user has it.
     */
    claimPending(pendingId: string, userId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('pending_clients')
          .set({ claimed_by_user_id: userId, claimed_at: nowIso() })
          .where('id', '=', pendingId)
          .where('claimed_by_user_id', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        await lockClientJobs(trx, userId);
        const dropped = await trx
          .selectFrom('jobs')
          .select('id')
          .where('client_id', '=', pendingId)
          .where('job_uid', 'in', (eb) =>
            eb.selectFrom('jobs as own').select('own.job_uid').where('own.client_id', '=', userId),
          )
          .execute();
        const droppedIds = dropped.map((job) => job.id);
        if (droppedIds.length > 0) {
          await trx.deleteFrom('job_events').where('job_id', 'in', droppedIds).execute();
          await trx.deleteFrom('jobs').where('id', 'in', droppedIds).execute();
        }
        // Everything else the pending client had is the user's from now on, its history and the
        // team's log of it included: one id owns it all, and deleting the account finds it all.
        for (const table of [
          'jobs',
          'job_events',
          'job_search_filters',
          'mail_outbox',
          'activity_log',
        ] as const) {
          await trx
            .updateTable(table)
            .set({ client_id: userId })
            .where('client_id', '=', pendingId)
            .execute();
        }
        await trx.deleteFrom('job_list_versions').where('client_id', '=', pendingId).execute();
        await trx.deleteFrom('client_board_stats').where('client_id', '=', pendingId).execute();
        await bumpListVersion(trx, userId);
        return true;
      });
    },
  };
}
