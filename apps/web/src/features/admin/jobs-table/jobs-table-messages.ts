import { formatCount } from '@app/domain/jobs-format';
import type { BulkAppliedResult } from '@app/domain/staff-jobs-api';

/** Words of the recruiter's job table that are not the spec's, each marked so. */

/** '1 job', '1,200 jobs'. */
const jobs = (count: number) => `${formatCount(count)} ${count === 1 ? 'job' : 'jobs'}`;

/**
 * Not the spec's words: the jobs of a bulk change of applied that were so already, said apart from
 * those marked (counting them as marked would say more changed than did). `alone` when none changed.
 */
export function alreadyMessage(unchanged: number, applied: boolean, alone: boolean): string {
  const count = alone ? jobs(unchanged) : formatCount(unchanged);
  return `${count} ${unchanged === 1 ? 'was' : 'were'} already ${applied ? 'applied' : 'not applied'}.`;
}

/**
 * Not the spec's words: the question before marking not applied jobs with an outcome recorded, which
 * that erases (decision 036).
 */
export function eraseOutcomesTitle(withOutcome: number): string {
  return withOutcome === 1 ? 'Erase a recorded outcome?' : 'Erase recorded outcomes?';
}

/**
 * Not the spec's words: what marking not applied erases: one job's outcome (its name, and its outcome
 * as the table shows it), or those of `withOutcome` of the jobs chosen.
 */
export function eraseOutcomesMessage(withOutcome: number, job?: { name: string; outcome: string }): string {
  if (job) return `${job.name} has an outcome recorded (${job.outcome}). Marking it not applied erases it.`;
  const has = withOutcome === 1 ? 'has' : 'have';
  const those = withOutcome === 1 ? 'that outcome' : 'those outcomes';
  return `${formatCount(withOutcome)} of these jobs ${has} an outcome recorded (interview, offer...). Marking them not applied erases ${those}.`;
}

/**
 * Not the spec's words: above the analyst notes' box once a save was refused because a colleague's
 * notes came first (409): their notes as the server holds them, which the next save replaces.
 */
export const COLLEAGUE_NOTES_LABEL = 'A colleague saved these notes meanwhile:';
export const COLLEAGUE_NO_NOTES = 'No notes: they cleared them.';
export const SAVE_REPLACES_COLLEAGUE_NOTES = 'Save now replaces them with the text in the box.';

/** Not the spec's words: the jobs a bulk change marked, and apart from them those that were so already. */
export function markedAppliedMessage(
  { updated_ids, unchanged_ids }: BulkAppliedResult,
  applied: boolean,
): string {
  const changed = updated_ids.length;
  const already = unchanged_ids.length;
  if (already > 0 && changed === 0) return alreadyMessage(already, applied, true);
  const marked = `Marked ${jobs(changed)} ${applied ? 'applied' : 'not applied'}.`;
  return already > 0 ? `${marked} ${alreadyMessage(already, applied, false)}` : marked;
}
