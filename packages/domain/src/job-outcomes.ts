import { z } from 'zod';

/**
 * What came of an application, as the client (or staff) records it on an applied job. Stored as
 * the key; people read the label.
 */
export const JOB_OUTCOMES = [
  'no_response',
  'response',
  'interview',
  'offer',
  'rejected_by_employer',
] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];
export const jobOutcomeSchema = z.enum(JOB_OUTCOMES);

export const JOB_OUTCOME_LABELS: Record<JobOutcome, string> = {
  no_response: 'No response',
  response: 'Response',
  interview: 'Interview',
  offer: 'Offer',
  rejected_by_employer: 'Rejected by employer',
};

export const OUTCOME_NOT_APPLIED_MESSAGE = 'An outcome can only be recorded for a job we applied to.';
export const OUTCOME_DATE_REQUIRED_MESSAGE = 'Give the date it happened.';
export const OUTCOME_DATE_IN_FUTURE_MESSAGE = 'The date cannot be in the future.';

/**
 * The latest day a person anywhere may call "today" when it is `now` here: a client east of UTC
 * is already a day ahead, so the day after the UTC day is still allowed.
 */
export function latestOutcomeDay(now: Date): string {
  const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  return tomorrow.toISOString().slice(0, 10);
}

/** Outcomes that mean the employer answered: a rejection is an answer too. */
const RESPONDED: ReadonlySet<JobOutcome> = new Set([
  'response',
  'interview',
  'offer',
  'rejected_by_employer',
]);
const INTERVIEWED: ReadonlySet<JobOutcome> = new Set(['interview', 'offer']);

export interface OutcomeFunnel {
  applied: number;
  responses: number;
  interviews: number;
  offers: number;
}

/**
 * The funnel of /job-stats: of the applied jobs, how many got an answer, an interview, an offer.
 * Each stage counts the jobs whose current outcome reached it (an offer had an interview first).
 */
export function outcomeFunnel(
  jobs: readonly { applied_for_job: boolean; outcome?: string | null }[],
): OutcomeFunnel {
  const funnel: OutcomeFunnel = { applied: 0, responses: 0, interviews: 0, offers: 0 };
  for (const job of jobs) {
    if (!job.applied_for_job) continue;
    funnel.applied += 1;
    const outcome = job.outcome as JobOutcome | null | undefined;
    if (!outcome) continue;
    if (RESPONDED.has(outcome)) funnel.responses += 1;
    if (INTERVIEWED.has(outcome)) funnel.interviews += 1;
    if (outcome === 'offer') funnel.offers += 1;
  }
  return funnel;
}
