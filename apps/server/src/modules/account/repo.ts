import { type AlsoInTransaction, type Db, lockUserUntilCommit } from '../../db/database.ts';

/**
 * Everything held about one person, read and erased in one place (decision 037). Account deletion
 * must leave no row with the person's id anywhere, in one transaction, so this repo is the one
 * place that reaches into every area's tables; adding a table that holds a user or client id means
 * adding it here (the deletion test finds any table it misses).
 */
export function accountRepo({ kysely: db }: Db) {
  return {
    async user(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name', 'time_zone', 'weekly_summary', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async documents(userId: string) {
      return db
        .selectFrom('documents')
        .select(['path', 'original_name', 'size', 'content_type', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    async emails(userId: string) {
      return db
        .selectFrom('mail_outbox')
        .select(['kind', 'recipient', 'subject', 'status', 'created_at', 'sent_at'])
        .where('client_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    async feedback(userId: string) {
      return db.selectFrom('onboarding_feedback').selectAll().where('user_id', '=', userId).execute();
    },

    /**
     * Deletes every row that names the person and runs `also` in the same transaction, given the
     * storage keys of their documents (to queue the files for deletion, and the activity line);
     * answers those keys, so the caller can delete the files once the transaction has committed.
     */
    async erase(userId: string, also: AlsoInTransaction<string[]>): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        // An upload takes the user's row before storing its document (the quota check): taking it
        // first on PostgreSQL means an upload either finished before the paths below are read, or
        // waits and then finds no user, so no stored file is left without a row that names it.
        // SQLite runs one write transaction at a time.
        await lockUserUntilCommit(trx, userId);
        const documents = await trx
          .selectFrom('documents')
          .select('path')
          .where('user_id', '=', userId)
          .execute();
        const sessions = trx.selectFrom('sessions').select('id').where('user_id', '=', userId);
        await trx.deleteFrom('refresh_tokens').where('session_id', 'in', sessions).execute();
        for (const table of ['sessions', 'identities', 'staff_mfa', 'mfa_recovery_codes'] as const) {
          await trx.deleteFrom(table).where('user_id', '=', userId).execute();
        }
        for (const table of ['onboarding_submissions', 'onboarding_feedback', 'documents'] as const) {
          await trx.deleteFrom(table).where('user_id', '=', userId).execute();
        }
        await trx.deleteFrom('weekly_summary_claims').where('user_id', '=', userId).execute();
        // What was assigned to the e-mail before the person signed in moved to them when they did;
        // rows still under such a pending id are theirs all the same.
        const claimed = await trx
          .selectFrom('pending_clients')
          .select('id')
          .where('claimed_by_user_id', '=', userId)
          .execute();
        const clientIds = [userId, ...claimed.map((pending) => pending.id)];
        for (const table of [
          'job_events',
          'jobs',
          'job_list_versions',
          'job_search_filters',
          'mail_outbox',
          'avoided_companies',
          'client_board_stats',
        ] as const) {
          await trx.deleteFrom(table).where('client_id', 'in', clientIds).execute();
        }
        // The e-mail the person was invited by before they signed in names them too.
        await trx.deleteFrom('pending_clients').where('claimed_by_user_id', '=', userId).execute();
        await trx
          .deleteFrom('activity_log')
          .where((eb) => eb.or([eb('client_id', 'in', clientIds), eb('actor_user_id', '=', userId)]))
          .execute();
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        const paths = documents.map((document) => document.path);
        await also(trx, paths);
        return paths;
      });
    },
  };
}
