/**
 * The feedback card after onboarding (spec 1, section 2): what a client may send, and what staff
 * read back. The browser keeps the box within the limit; the server refuses what is outside it.
 */
import { z } from 'zod';

export const MAX_FEEDBACK_LENGTH = 5000;
export const EMPTY_FEEDBACK_MESSAGE = 'Please write your feedback before sending it';
export const LONG_FEEDBACK_MESSAGE = `Feedback must be at most ${MAX_FEEDBACK_LENGTH} characters`;

/**
 * What keeps feedback as typed from being sent, or null when it may go: it is trimmed first, then
 * must not be empty or longer than the limit. The browser holds Send with it; the server refuses.
 */
export function feedbackProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return EMPTY_FEEDBACK_MESSAGE;
  if (trimmed.length > MAX_FEEDBACK_LENGTH) return LONG_FEEDBACK_MESSAGE;
  return null;
}

/** The text as typed; `feedbackProblem` says whether it may be kept. */
export const feedbackBodySchema = z.object({ text: z.string() });

/** The answer to a client's send: what was kept, trimmed. */
export const sentFeedbackSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string().describe('ISO 8601'),
});

/** One piece of feedback on the staff list, with its author. */
export const feedbackEntrySchema = sentFeedbackSchema.extend({
  userId: z.string(),
  email: z.string(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;
