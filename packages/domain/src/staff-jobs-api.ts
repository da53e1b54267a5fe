import { z } from 'zod';
import { clientIdSchema } from './clients-api.ts';
import { JOB_NOTES_MAX_LENGTH, jobListItemSchema } from './jobs.ts';
import { jobNotesTextSchema } from './jobs-api.ts';

/**
 * The recruiter's job table for one client (/admin/clients/{id}): every call names the client in the
 * path, and a job id only counts when the job is that client's. Shared by the server (validation,
 * OpenAPI) and the staff console.
 */

export const staffClientParamsSchema = z.object({ client_id: clientIdSchema.min(1) });
export const staffClientJobParamsSchema = staffClientParamsSchema.extend({ id: z.string().min(1).max(64) });

export const STAFF_JOB_PATCH_EMPTY_MESSAGE = 'Give applied_for_job, analyst_notes or both';
export const staffJobPatchSchema = z
  .object({
    applied_for_job: z.boolean().optional(),
    analyst_notes: jobNotesTextSchema.nullable().optional(),
    /**
     * The notes as they were when the recruiter began writing: sent with `analyst_notes`, and when a
     * colleague has changed them since, the write is refused (409) instead of undoing theirs.
     */
    analyst_notes_before: z.string().max(JOB_NOTES_MAX_LENGTH).nullable().optional(),
  })
  .refine(
    (patch) => patch.applied_for_job !== undefined || patch.analyst_notes !== undefined,
    STAFF_JOB_PATCH_EMPTY_MESSAGE,
  )
  .refine((patch) => (patch.analyst_notes === undefined) === (patch.analyst_notes_before === undefined), {
    message: 'send analyst_notes_before with analyst_notes, and only with it',
    path: ['analyst_notes_before'],
  });
export type StaffJobPatch = z.infer<typeof staffJobPatchSchema>;

/** Analyst notes written over ones a colleague changed since the writing began (409). */
export const ANALYST_NOTES_CHANGED_MESSAGE =
  'Someone else changed these analyst notes while you were writing, so yours were not saved. Your text is still in the box, their notes above it: Save again to replace them, or Cancel to keep theirs.';

/** One job as the table shows it after a change: the same fields as a row of the list. */
export const staffJobItemResponseSchema = z.object({ data: jobListItemSchema });

export const BULK_APPLIED_MAX_JOBS = 1000;
export const bulkAppliedBodySchema = z.object({
  job_ids: z
    .array(z.string().min(1).max(64))
    .min(1, 'must name at least one job')
    .max(BULK_APPLIED_MAX_JOBS, `must name at most ${BULK_APPLIED_MAX_JOBS} jobs`),
  applied_for_job: z.boolean(),
});
/**
 * Each id named, once, in one of three lists: `updated_ids`, the jobs whose applied flag changed;
 * `unchanged_ids`, the client's jobs that were already so; `not_found_job_ids`, ids that are not the
 * client's jobs. Each list keeps the order the ids were sent in.
 */
export const bulkAppliedResponseSchema = z.object({
  data: z.object({
    updated_ids: z.array(z.string()),
    unchanged_ids: z.array(z.string()),
    not_found_job_ids: z.array(z.string()),
  }),
});
export type BulkAppliedResult = z.infer<typeof bulkAppliedResponseSchema>['data'];
