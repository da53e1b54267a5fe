import { randomUUID } from 'node:crypto';
import { type FeedbackEntry, feedbackProblem } from '@app/domain/feedback';
import { type Db, nowIso } from '../../db/database.ts';
import { Invalid } from '../../errors.ts';
import { createFeedbackRepo } from './repo.ts';

/** The feedback card after onboarding: clients write, staff read. */
export function createFeedbackService(db: Db) {
  const repo = createFeedbackRepo(db);
  return {
    async add(userId: string, text: string): Promise<{ id: string; text: string; createdAt: string }> {
      const problem = feedbackProblem(text);
      if (problem) throw Invalid(problem);
      const entry = { id: randomUUID(), userId, text: text.trim(), createdAt: nowIso() };
      await repo.insert(entry);
      return { id: entry.id, text: entry.text, createdAt: entry.createdAt };
    },

    list(limit: number): Promise<FeedbackEntry[]> {
      return repo.listNewest(limit);
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
