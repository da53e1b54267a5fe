import type { JobListItem } from '@app/domain/jobs';
import { type JobListResponse, jobListItems, type OutcomeBody, type StaffJob } from '@app/domain/jobs-api';
import {
  BULK_APPLIED_MAX_JOBS,
  type BulkAppliedResult,
  type StaffJobPatch,
} from '@app/domain/staff-jobs-api';
import { type ApiResult, apiFetch, apiFetchData, dataOrThrow } from '../../../lib/api.ts';
import { GENERIC_ERROR } from '../admin-messages.ts';

/**
 * The recruiter's calls for one client's jobs (docs/api.md, Staff jobs). Each result passes the
 * staff guard (a 403 gives the page to the server's words) and a failure throws with the server's
 * message, so queries and mutations see it as their error.
 */
type Guard = <T>(result: ApiResult<T>) => ApiResult<T>;

const jobsPath = (clientId: string) => `/admin/clients/${encodeURIComponent(clientId)}/jobs`;

export function clientJobsApi(clientId: string, guard: Guard) {
  const call = async <T>(answer: Promise<ApiResult<T>>): Promise<T> =>
    dataOrThrow(guard(await answer), GENERIC_ERROR);

  return {
    /** Every job of the client; the browser's HTTP cache sends the ETag back, so an unchanged list is a 304. */
    async list(): Promise<JobListItem[]> {
      return jobListItems(await call(apiFetch<JobListResponse>(jobsPath(clientId))));
    },

    async update(id: string, patch: StaffJobPatch): Promise<JobListItem> {
      const path = `${jobsPath(clientId)}/${encodeURIComponent(id)}`;
      return call(apiFetchData<JobListItem>(path, { method: 'PATCH', json: patch }));
    },

    /** Records (or clears) what came of an applied job, as the client can. */
    async setOutcome(id: string, body: OutcomeBody): Promise<StaffJob> {
      const path = `/admin/jobs/${encodeURIComponent(id)}/outcome`;
      return call(apiFetchData<StaffJob>(path, { method: 'PUT', json: body }));
    },

    /** In requests of at most the server's limit; answers every id that changed, already was so, or was not found. */
    async markApplied(ids: readonly string[], applied: boolean): Promise<BulkAppliedResult> {
      const result: BulkAppliedResult = { updated_ids: [], unchanged_ids: [], not_found_job_ids: [] };
      for (let start = 0; start < ids.length; start += BULK_APPLIED_MAX_JOBS) {
        const job_ids = ids.slice(start, start + BULK_APPLIED_MAX_JOBS);
        const data = await call(
          apiFetchData<BulkAppliedResult>(`${jobsPath(clientId)}/applied`, {
            method: 'PUT',
            json: { job_ids, applied_for_job: applied },
          }),
        );
        result.updated_ids.push(...data.updated_ids);
        result.unchanged_ids.push(...data.unchanged_ids);
        result.not_found_job_ids.push(...data.not_found_job_ids);
      }
      return result;
    },

    async remove(id: string): Promise<void> {
      await call(apiFetch<null>(`${jobsPath(clientId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }));
    },
  };
}
