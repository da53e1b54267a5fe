import type { ClientApproval, Job, JobListItem } from '@app/domain/jobs';
import {
  BULK_APPROVAL_MAX_JOBS,
  type BulkApprovalResult,
  type JobListResponse,
  jobListItems,
} from '@app/domain/jobs-api';
import { type ApiResult, apiFetch } from '../../lib/api.ts';

/**
 * The client's jobs endpoints (docs/api.md, Jobs). A failed call throws a `JobsApiError` with the
 * server's message, so that queries and mutations see it as their error.
 */

/** The list both job pages share: decisions and notes written on one show on the other. */
export const myJobsQueryKey = ['my-jobs'] as const;
/** Whole jobs, one query per job, as the details pop-up shows them. */
export const myJobDetailsQueryKey = ['my-jobs', 'job'] as const;
export const myJobQueryKey = (id: string) => [...myJobDetailsQueryKey, id] as const;

export class JobsApiError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

async function answerOf<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const { data, error, status } = await call;
  if (data === null) throw new JobsApiError(error ?? '', status);
  return data;
}

/**
 * Every job, unfiltered: the pages filter on the client. The browser's HTTP cache sends the list's
 * ETag back, so an unchanged list costs a 304.
 */
export async function fetchMyJobs(): Promise<JobListItem[]> {
  return jobListItems(await answerOf(apiFetch<JobListResponse>('/my-jobs')));
}

export async function fetchJob(id: string): Promise<Job> {
  return (await answerOf(apiFetch<{ data: Job }>(`/my-jobs/${encodeURIComponent(id)}`))).data;
}

export async function updateApproval(id: string, approval: ClientApproval): Promise<Job> {
  const answer = apiFetch<{ data: Job }>(`/my-jobs/${encodeURIComponent(id)}/approval`, {
    method: 'PUT',
    json: { client_approval: approval },
  });
  return (await answerOf(answer)).data;
}

export async function updateNotes(id: string, notes: string): Promise<Job> {
  const answer = apiFetch<{ data: Job }>(`/my-jobs/${encodeURIComponent(id)}/notes`, {
    method: 'PUT',
    json: { client_notes: notes },
  });
  return (await answerOf(answer)).data;
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
    const { data, error } = await apiFetch<{ data: BulkApprovalResult }>('/my-jobs/approval', {
      method: 'PUT',
      json: { job_ids: batch, client_approval: approval },
    });
    if (data) {
      outcome.notFound.push(...data.data.not_found_job_ids);
    } else {
      outcome.failed.push(...batch);
      outcome.error ??= error;
    }
  }
  return outcome;
}
