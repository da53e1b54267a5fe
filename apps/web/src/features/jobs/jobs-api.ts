import type { ClientApproval, Job, JobListItem } from '@app/domain/jobs';
import {
  BULK_APPROVAL_MAX_JOBS,
  type BulkApprovalResult,
  type JobListResponse,
  jobListItems,
} from '@app/domain/jobs-api';
import { apiFetch, apiFetchData, dataOrThrow } from '../../lib/api.ts';

/**
 * The client's jobs endpoints (docs/api.md, Jobs). A failed call throws an `ApiError` with the
 * server's message, so that queries and mutations see it as their error.
 */

/** The list both job pages share: decisions and notes written on one show on the other. */
export const myJobsQueryKey = ['my-jobs'] as const;
/** Whole jobs, one query per job, as the details pop-up shows them. */
export const myJobDetailsQueryKey = ['my-jobs', 'job'] as const;
export const myJobQueryKey = (id: string) => [...myJobDetailsQueryKey, id] as const;

/**
 * Every job, unfiltered: the pages filter on the client. The browser's HTTP cache sends the list's
 * ETag back, so an unchanged list costs a 304.
 */
export async function fetchMyJobs(): Promise<JobListItem[]> {
  return jobListItems(dataOrThrow(await apiFetch<JobListResponse>('/my-jobs')));
}

export async function fetchJob(id: string): Promise<Job> {
  return dataOrThrow(await apiFetchData<Job>(`/my-jobs/${encodeURIComponent(id)}`));
}

export async function updateApproval(id: string, approval: ClientApproval): Promise<Job> {
  const answer = apiFetchData<Job>(`/my-jobs/${encodeURIComponent(id)}/approval`, {
    method: 'PUT',
    json: { client_approval: approval },
  });
  return dataOrThrow(await answer);
}

/**
 * `before`: the saved notes the writing began from (null for none); the server refuses (409) when
 * they have changed since, in another tab or on another device.
 */
export async function updateNotes(id: string, notes: string, before: string | null): Promise<Job> {
  const answer = apiFetchData<Job>(`/my-jobs/${encodeURIComponent(id)}/notes`, {
    method: 'PUT',
    json: { client_notes: notes, client_notes_before: before },
  });
  return dataOrThrow(await answer);
}

/** The outcome of a bulk decision: ids the server did not find, and ids whose request failed. */
export interface BulkApprovalOutcome {
  notFound: string[];
  failed: string[];
  /** The server's message for the first failed request. */
  error: string | null;
}

/** Sets the decision on many jobs, in requests of at most the server's limit each. */
export async function updateApprovalMany(
  ids: readonly string[],
  approval: ClientApproval,
): Promise<BulkApprovalOutcome> {
  const outcome: BulkApprovalOutcome = { notFound: [], failed: [], error: null };
  for (let start = 0; start < ids.length; start += BULK_APPROVAL_MAX_JOBS) {
    const batch = ids.slice(start, start + BULK_APPROVAL_MAX_JOBS);
    const { data, error } = await apiFetchData<BulkApprovalResult>('/my-jobs/approval', {
      method: 'PUT',
      json: { job_ids: batch, client_approval: approval },
    });
    if (data) {
      outcome.notFound.push(...data.not_found_job_ids);
    } else {
      outcome.failed.push(...batch);
      outcome.error ??= error;
    }
  }
  return outcome;
}
