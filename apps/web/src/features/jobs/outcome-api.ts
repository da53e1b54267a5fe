import type { JobEvent } from '@app/domain/job-history';
import type { Job, JobListItem } from '@app/domain/jobs';
import type { OutcomeBody } from '@app/domain/jobs-api';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetchData, dataOrThrow } from '../../lib/api.ts';
import { myJobQueryKey, myJobsQueryKey } from './jobs-api.ts';

/** A job's history, fetched each time the details pop-up opens (others may have added to it). */
export const jobHistoryQueryKey = (id: string) => ['job-history', id] as const;

export async function fetchJobHistory(id: string): Promise<JobEvent[]> {
  return dataOrThrow(await apiFetchData<JobEvent[]>(`/my-jobs/${encodeURIComponent(id)}/history`));
}

export async function updateOutcome(id: string, body: OutcomeBody): Promise<Job> {
  const answer = apiFetchData<Job>(`/my-jobs/${encodeURIComponent(id)}/outcome`, {
    method: 'PUT',
    json: body,
  });
  return dataOrThrow(await answer);
}

/** Writes a saved outcome into the cached list, the cached whole job, and refreshes its history. */
export function showSavedOutcome(queryClient: QueryClient, saved: Job): void {
  const change = { outcome: saved.outcome, outcome_date: saved.outcome_date };
  queryClient.setQueryData<JobListItem[]>(myJobsQueryKey, (jobs) =>
    jobs?.map((job) => (job.id === saved.id ? { ...job, ...change } : job)),
  );
  if (queryClient.getQueryData(myJobQueryKey(saved.id)))
    queryClient.setQueryData(myJobQueryKey(saved.id), saved);
  void queryClient.invalidateQueries({ queryKey: jobHistoryQueryKey(saved.id) });
}
