import type { JobListItem } from '@app/domain/jobs';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { LOAD_ERROR_TITLE, LOAD_THROWN_MESSAGE, LOAD_THROWN_TITLE } from './job-messages.ts';
import { fetchMyJobs, myJobsQueryKey } from './jobs-api.ts';

/** A failed load, with the toast that explains it (spec 2, section 8). */
class JobsLoadError extends Error {
  readonly title: string;
  constructor(title: string, message: string) {
    super(message);
    this.title = title;
  }
}

async function loadJobs(): Promise<JobListItem[]> {
  const { data, error, status } = await fetchMyJobs();
  if (data) return data.data;
  // Status 0: the request itself failed, so there is no server message to show.
  if (status === 0) throw new JobsLoadError(LOAD_THROWN_TITLE, LOAD_THROWN_MESSAGE);
  throw new JobsLoadError(LOAD_ERROR_TITLE, error ?? LOAD_THROWN_MESSAGE);
}

/** The signed-in client's jobs, shared by both job pages; a failed load is toasted once. */
export function useMyJobs() {
  const query = useQuery({ queryKey: myJobsQueryKey, queryFn: loadJobs });
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    const title = error instanceof JobsLoadError ? error.title : LOAD_THROWN_TITLE;
    const description = error instanceof JobsLoadError ? error.message : LOAD_THROWN_MESSAGE;
    // The id keeps one toast when both a page and its parts report the same failure.
    toast.error(title, { id: 'jobs-load-error', description });
  }, [error]);
  return query;
}

/**
 * Writes changes to some jobs into the cached list. Untouched jobs keep their identity, so only the
 * rows that changed render again.
 */
export function patchCachedJobs(
  queryClient: QueryClient,
  changes: ReadonlyMap<string, Partial<JobListItem>>,
): void {
  if (changes.size === 0) return;
  queryClient.setQueryData<JobListItem[]>(myJobsQueryKey, (jobs) =>
    jobs?.map((job) => {
      const change = changes.get(job.id);
      return change ? { ...job, ...change } : job;
    }),
  );
}
