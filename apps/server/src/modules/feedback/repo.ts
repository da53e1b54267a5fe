import type { FeedbackEntry } from '@app/domain/feedback';
import type { Db } from '../../db/database.ts';

export function createFeedbackRepo(db: Db) {
  return {
    async insert(entry: { id: string; userId: string; text: string; createdAt: string }): Promise<void> {
      await db.kysely
        .insertInto('onboarding_feedback')
        .values({ id: entry.id, user_id: entry.userId, text: entry.text, created_at: entry.createdAt })
        .execute();
    },

    /** Newest first, with the author's e-mail for the staff page. */
    async listNewest(limit: number): Promise<FeedbackEntry[]> {
      const rows = await db.kysely
        .selectFrom('onboarding_feedback')
        .innerJoin('users', 'users.id', 'onboarding_feedback.user_id')
        .select([
          'onboarding_feedback.id',
          'onboarding_feedback.user_id',
          'users.email',
          'onboarding_feedback.text',
          'onboarding_feedback.created_at',
        ])
        .orderBy('onboarding_feedback.created_at', 'desc')
        .orderBy('onboarding_feedback.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        email: row.email,
        text: row.text,
        createdAt: row.created_at,
      }));
    },
  };
}
