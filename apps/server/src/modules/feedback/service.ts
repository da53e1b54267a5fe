import { randomUUID } from 'node:crypto';
import {
  EMPTY_FEEDBACK_MESSAGE,
  type FeedbackEntry,
  LONG_FEEDBACK_MESSAGE,
  MAX_FEEDBACK_LENGTH,
} from '@app/domain/feedback';
import { type Db, nowIso } from '../../db/database.ts';
import { Invalid } from '../../errors.ts';
import { createFeedbackRepo } from './repo.ts';

/** The feedback card after onboarding: clients write, staff read. */
export function createFeedbackService(db: Db) {
  const repo = createFeedbackRepo(db);
  return {
    async add(userId: string, text: string): Promise<{ id: string; text: string; createdAt: string }> {
      const trimmed = text.trim();
      if (trimmed === '') throw Invalid(EMPTY_FEEDBACK_MESSAGE);
      if (trimmed.length > MAX_FEEDBACK_LENGTH) throw Invalid(LONG_FEEDBACK_MESSAGE);
      const entry = { id: randomUUID(), userId, text: trimmed, createdAt: nowIso() };
      await repo.insert(entry);
      return { id: entry.id, text: entry.text, createdAt: entry.createdAt };
    },

    list(limit: number): Promise<FeedbackEntry[]> {
      return repo.listNewest(limit);
    },
  };
}
