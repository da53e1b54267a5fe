import { z } from 'zod';
import { clientIdSchema, resolvedClientShape } from './clients-api.ts';
import { normalizeEmail } from './email-address.ts';
import { IMPORT_FORMATS, IMPORT_MAX_CHARACTERS } from './import-format.ts';
import { jobOutcomeSchema, OUTCOME_DATE_REQUIRED_MESSAGE } from './job-outcomes.ts';
import {
  clientApprovalSchema,
  DATE_RANGE_ORDER_MESSAGE,
  isCalendarDate,
  isOrderedDateRange,
  JOB_LIST_FIELDS,
  JOB_NOTES_MAX_LENGTH,
  type JobListField,
  type JobListItem,
  jobListItemSchema,
  jobSchema,
} from './jobs.ts';

/** Requests and answers of the jobs endpoints, shared by the server (validation, OpenAPI) and the browser. */

const calendarDate = z.string().refine(isCalendarDate, 'must be a date such as 2024-11-03');

export const myJobsQuerySchema = z
  .object({
    applied: z.enum(['true', 'false']).optional(),
    approval: z.enum(['rejected', 'not_rejected']).optional(),
    /** Inclusive; jobs without a refresh date are always listed. */
    refreshed_from: calendarDate.optional(),
    refreshed_to: calendarDate.optional(),
  })
  .refine((query) => isOrderedDateRange(query.refreshed_from, query.refreshed_to), {
    message: DATE_RANGE_ORDER_MESSAGE,
    path: ['refreshed_to'],
  });
export type MyJobsQuery = z.infer<typeof myJobsQuerySchema>;

export const jobIdParamsSchema = z.object({ id: z.string().min(1) });

/** The schema of each value, position by position. */
type RowSchemas<Fields extends readonly JobListField[]> = {
  -readonly [I in keyof Fields]: (typeof jobListItemSchema.shape)[Fields[I] & JobListField];
};
/**
 * One job of the list as an array of its values, in the order of the answer's `fields`: the names
 * travel once per list instead of once per job, which keeps a job near 250 bytes.
 */
const jobListRowSchema = z
  .tuple(
    JOB_LIST_FIELDS.map((field) => jobListItemSchema.shape[field]) as unknown as RowSchemas<
      typeof JOB_LIST_FIELDS
    >,
  )
  .describe('One job: its values in the order of `fields`');
type JobListRow = z.infer<typeof jobListRowSchema>;

export const jobListResponseSchema = z.object({
  fields: z.array(z.enum(JOB_LIST_FIELDS)).describe('The name of each value of a row, in order'),
  data: z.array(jobListRowSchema),
  total: z.number().int(),
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

/** The list's answer for these jobs. */
export function jobListResponse(jobs: readonly JobListItem[]): JobListResponse {
  return {
    fields: [...JOB_LIST_FIELDS],
    data: jobs.map((job) => JOB_LIST_FIELDS.map((field) => job[field]) as JobListRow),
    total: jobs.length,
  };
}

/** The jobs of a list answer, each named by the answer's own `fields`. */
export function jobListItems(answer: Pick<JobListResponse, 'fields' | 'data'>): JobListItem[] {
  const { fields } = answer;
  return answer.data.map((row) => {
    const job: Record<string, unknown> = {};
    for (let index = 0; index < fields.length; index += 1) job[fields[index]!] = row[index];
    return job as JobListItem;
  });
}

export const jobResponseSchema = z.object({ data: jobSchema });

export const approvalBodySchema = z.object({ client_approval: clientApprovalSchema });

export const JOB_NOTES_TOO_LONG = `Notes must be at most ${JOB_NOTES_MAX_LENGTH} characters`;
/** A job's notes, the client's or the analyst's: the rule the browser says before the server holds to it. */
export const jobNotesTextSchema = z.string().max(JOB_NOTES_MAX_LENGTH, JOB_NOTES_TOO_LONG);
export const notesBodySchema = z.object({
  client_notes: jobNotesTextSchema.nullable(),
  /**
   * The notes as they were when the client began writing (blank is none). When given and the notes
   * have changed since (another tab, the phone), the write is refused (409) instead of undoing that
   * change; left out, the notes are written whatever they are now (clients before this field).
   */
  client_notes_before: z.string().max(JOB_NOTES_MAX_LENGTH).nullable().optional(),
});
export type NotesBody = z.infer<typeof notesBodySchema>;

/** Client notes written over ones changed elsewhere since the writing began (409). */
export const CLIENT_NOTES_CHANGED_MESSAGE =
  'These notes were changed elsewhere (another tab or device) while you were writing, so yours were not saved. Your text is still in the box: copy what you need, then Cancel to see the newer notes.';

/**
 * Records (or, with `outcome: null`, clears) what came of an applied job. The date is a calendar
 * day and comes with every outcome; whether it lies in the future is checked against the server's
 * clock (`latestOutcomeDay`).
 */
export const outcomeBodySchema = z
  .object({
    outcome: jobOutcomeSchema.nullable(),
    outcome_date: calendarDate.nullable().optional(),
  })
  .refine((body) => body.outcome === null || Boolean(body.outcome_date), {
    path: ['outcome_date'],
    message: OUTCOME_DATE_REQUIRED_MESSAGE,
  });
export type OutcomeBody = z.infer<typeof outcomeBodySchema>;

export const BULK_APPROVAL_MAX_JOBS = 1000;
export const bulkApprovalBodySchema = z.object({
  job_ids: z
    .array(z.string().min(1))
    .min(1, 'must name at least one job')
    .max(BULK_APPROVAL_MAX_JOBS, `must name at most ${BULK_APPROVAL_MAX_JOBS} jobs`),
  client_approval: clientApprovalSchema,
});
export const bulkApprovalResponseSchema = z.object({
  data: z.object({ updated_ids: z.array(z.string()), not_found_job_ids: z.array(z.string()) }),
});
export type BulkApprovalResult = z.infer<typeof bulkApprovalResponseSchema>['data'];

// ---- staff --------------------------------------------------------------------------------------

const clientEmail = z.email({ message: 'must be an e-mail address' }).transform(normalizeEmail);

/** What staff see of a job: the client's view plus whose it is (a client id) and when it changed. */
export const staffJobSchema = jobSchema.extend({
  client_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffJob = z.infer<typeof staffJobSchema>;

const clientId = clientIdSchema.min(1);
export const NAME_ONE_CLIENT_MESSAGE = 'must name the client by exactly one of client_id and email';

/**
 * The client is named by `client_id` (a user or a pending client), or by `email`: a user's sign-in
 * e-mail first, then a pending client's, else a new pending client is made for it.
 */
const importErrorSchema = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});

export const importJobsBodySchema = z
  .object({
    client_id: clientId.optional(),
    email: clientEmail.optional(),
    format: z.enum(IMPORT_FORMATS),
    content: z.string().max(IMPORT_MAX_CHARACTERS, 'must be at most 5 MB; split the file'),
  })
  .refine((body) => (body.client_id === undefined) !== (body.email === undefined), {
    path: ['client_id'],
    message: NAME_ONE_CLIENT_MESSAGE,
  });
export const importJobsResponseSchema = z.object({
  data: z.object({
    imported: z.number().int().describe('New jobs added'),
    updated: z.number().int().describe('Jobs the client had with the same job_uid, updated'),
    merged: z
      .number()
      .int()
      .describe(
        'Rows that repeated a job (same apply link, or title and company within 30 days) and updated it',
      ),
    refused: z
      .array(importErrorSchema)
      .describe("Rows not added because the company is on the client's list of companies to avoid"),
    ...resolvedClientShape,
  }),
});
export const importJobsErrorSchema = z.object({ error: z.string(), errors: z.array(importErrorSchema) });

export const staffJobResponseSchema = z.object({ data: staffJobSchema });

/**
 * Whether notes begun on `before` meet notes written meanwhile by someone else, the job holding
 * `stored` now: not when those are still `before`, nor when they already hold what is `sent` (this
 * save's own, sent again after its answer was lost). The client's notes and the recruiter's alike.
 */
export function notesChangedMeanwhile(
  stored: string | null,
  before: string | null,
  sent: string | null | undefined,
): boolean {
  return stored !== before && stored !== sent;
}
