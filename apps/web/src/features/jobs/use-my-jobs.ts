import type { Job, JobListItem } from '@app/domain/jobs';
import { type QueryClient, type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { LOAD_ERROR_TITLE, LOAD_THROWN_MESSAGE, LOAD_THROWN_TITLE } from './job-messages.ts';
import { fetchMyJobs, myJobDetailsQueryKey, myJobsQueryKey } from './jobs-api.ts';

/** A failed load, with the toast that explains it (spec 2, section 8). */
class JobsLoadError extends Error {
  readonly title: string;
  constructor(title: string, message: string) {
    super(message);
    this.title = title;
  }
}

async function loadJobs({ client }: QueryFunctionContext): Promise<JobListItem[]> {
  let answer: JobListItem[];
  try {
    answer = await fetchMyJobs();
  } catch (error) {
    // Status 0: the request itself failed, so there is no server message to show.
    if (error instanceof ApiError && error.status !== 0) {
      throw new JobsLoadError(LOAD_ERROR_TITLE, failureMessage(error, LOAD_THROWN_MESSAGE));
    }
    throw new JobsLoadError(LOAD_THROWN_TITLE, LOAD_THROWN_MESSAGE);
  }
  return listToLand(client, answer);
}

/**
 * What a read of the list lands: its answer, unless a change is in flight. The server may have
 * answered before it saved the change, and the answer would show what the jobs had before until the
 * change is answered (a rejected row back to Pending while its toggle is locked). The cached list,
 * which shows the change, stays instead, and the list is owed a read once the changes settle. A
 * first load has nothing cached to keep: its answer lands, and is owed a read all the same.
 */
function listToLand(queryClient: QueryClient, answer: JobListItem[]): JobListItem[] {
  if (queryClient.isMutating({ mutationKey: myJobsQueryKey }) === 0) return answer;
  readJobsAgainWhenSettled(queryClient);
  return queryClient.getQueryData<JobListItem[]>(myJobsQueryKey) ?? answer;
}

/** The title of a failed load, in its toast and above its message on the page. */
export function loadFailureTitle(error: Error | null): string {
  return error instanceof JobsLoadError ? error.title : LOAD_THROWN_TITLE;
}

/** The signed-in client's jobs, shared by both job pages; a failed load is toasted once. */
export function useMyJobs() {
  const query = useQuery({ queryKey: myJobsQueryKey, queryFn: loadJobs });
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    const title = loadFailureTitle(error);
    // loadJobs words every failure (a JobsLoadError); the page shows the same words.
    const description = error.message;
    // The id keeps one toast when both a page and its parts report the same failure.
    toast.error(title, { id: 'jobs-load-error', description });
  }, [error]);
  return query;
}

/** What the client changes of a job: their decision and their notes. */
export type ClientChange = Partial<Pick<Job, 'client_approval' | 'client_notes'>>;

/**
 * Writes the client's changes to some jobs into the cached list and into the whole jobs the details
 * pop-up has loaded. Untouched jobs keep their identity, so only the rows that changed render again.
 */
export function patchCachedJobs(queryClient: QueryClient, changes: ReadonlyMap<string, ClientChange>): void {
  if (changes.size === 0) return;
  queryClient.setQueryData<JobListItem[]>(myJobsQueryKey, (jobs) =>
    jobs?.map((job) => {
      const change = changes.get(job.id);
      return change ? { ...job, ...change } : job;
    }),
  );
  // Only the jobs opened so far are cached whole; there are few of them.
  for (const query of queryClient.getQueryCache().findAll({ queryKey: myJobDetailsQueryKey })) {
    const id = query.queryKey[2];
    const change = typeof id === 'string' ? changes.get(id) : undefined;
    if (change) queryClient.setQueryData<Job>(query.queryKey, (job) => job && { ...job, ...change });
  }
}

/** Clients owed a fresh read of the list once their changes are settled. */
const readsOwed = new WeakSet<QueryClient>();

/**
 * Cancels a fetch of the list in flight as a change begins, and owes the list a fresh read instead:
 * its answer could not land while the change is in flight (listToLand) and may be older than the
 * change once it is settled, so it is not waited for. Whole jobs are left to load: the pop-up shows
 * the list's decision and notes over them anyway. Changes are mutations whose keys start with
 * `myJobsQueryKey`; each calls this as it begins and resumeJobFetches when it settles.
 */
export async function stopJobFetches(queryClient: QueryClient): Promise<void> {
  if (queryClient.isFetching({ queryKey: myJobsQueryKey, exact: true }) > 0) {
    readJobsAgainWhenSettled(queryClient);
  }
  await queryClient.cancelQueries({ queryKey: myJobsQueryKey, exact: true });
}

/** Asks for the list to be read again once the changes in flight are settled. */
export function readJobsAgainWhenSettled(queryClient: QueryClient): void {
  readsOwed.add(queryClient);
}

/**
 * Makes the read the list is owed (a Refresh that a change cut short, say) once the last change is
 * settled: the person asked for a fresh list and would otherwise never get it. Waiting for the last
 * change keeps the answer from landing over one still shown only on this screen.
 */
export function resumeJobFetches(queryClient: QueryClient): void {
  // A read started while the change was in flight (a Refresh, a reconnect) and still unanswered may
  // have been answered before the change was saved. listToLand cannot tell: the answer comes when no
  // change is in flight, and would land over the change. It is stopped and owed like one cut short,
  // and the read made instead is asked after the save.
  void stopJobFetches(queryClient);
  // The change that is settling still counts as in flight until its callbacks are done: a read made
  // now could be answered before then, and listToLand would not let it land.
  whenNoChangeInFlight(queryClient, () => {
    if (readsOwed.delete(queryClient))
      void queryClient.invalidateQueries({ queryKey: myJobsQueryKey, exact: true });
  });
}

/** Calls `then` once no change to the jobs is in flight, asked of the mutation cache as it changes. */
function whenNoChangeInFlight(queryClient: QueryClient, then: () => void): void {
  const settled = () => queryClient.isMutating({ mutationKey: myJobsQueryKey }) === 0;
  if (settled()) {
    then();
    return;
  }
  const stop = queryClient.getMutationCache().subscribe(() => {
    if (!settled()) return;
    stop();
    then();
  });
}
