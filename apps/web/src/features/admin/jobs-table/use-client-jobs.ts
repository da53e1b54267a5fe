import type { JobListItem } from '@app/domain/jobs';
import type { StaffJob } from '@app/domain/jobs-api';
import { jobName } from '@app/domain/jobs-format';
import { BULK_APPLIED_MAX_JOBS } from '@app/domain/staff-jobs-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import type { OutcomeSaving } from '../../../components/jobs/OutcomeControl.tsx';
import { ApiError, failureMessage } from '../../../lib/api.ts';
import { GENERIC_ERROR } from '../admin-messages.ts';
import { adminQueryKeys } from '../query-keys.ts';
import { useStaffGuard } from '../staff-access.tsx';
import { clientJobsApi } from './client-jobs-api.ts';
import { markedAppliedMessage } from './jobs-table-messages.ts';

/** New jobs imported by a colleague or the CLI show up within this time, or when the page is focused again. */
export const CLIENT_JOBS_REFRESH_MS = 30_000;

type Changes = ReadonlyMap<string, Partial<JobListItem>>;

/** Jobs a bulk change named that the client no longer has (taken back meanwhile). */
export function goneJobsMessage(count: number): string {
  return count === 1
    ? '1 job was no longer assigned to this client and leaves the list.'
    : `${count} jobs were no longer assigned to this client and leave the list.`;
}

/**
 * One client's jobs for the recruiter's table, and what the table does to them. Applied changes are
 * optimistic: the box changes at once, and a failure puts back only the jobs that failed (unless a
 * later click on them is still waiting, whose wish stands; the list is then read back once the
 * clicks are done; a bulk change sent in several requests is read back too, as its first requests
 * may have been saved). A list fetch in flight is cancelled first so it cannot land over the change.
 */
export function useClientJobs(clientId: string) {
  const guard = useStaffGuard();
  const queryClient = useQueryClient();
  const api = useMemo(() => clientJobsApi(clientId, guard), [clientId, guard]);
  const queryKey = adminQueryKeys.jobs(clientId);
  const burstFailed = useRef(false);

  const jobs = useQuery({
    queryKey,
    queryFn: api.list,
    // Imports by anyone (a colleague, the CLI) appear without a reload; an unchanged list is a 304.
    refetchOnWindowFocus: true,
    refetchInterval: CLIENT_JOBS_REFRESH_MS,
  });

  const patch = useCallback(
    (changes: Changes) =>
      queryClient.setQueryData<JobListItem[]>(adminQueryKeys.jobs(clientId), (list) =>
        list?.map((job) => {
          const change = changes.get(job.id);
          return change ? { ...job, ...change } : job;
        }),
      ),
    [queryClient, clientId],
  );

  /** Writes the change into the list, and answers what to write to undo it. */
  async function applyOptimistically(ids: readonly string[], applied: boolean): Promise<Changes> {
    await queryClient.cancelQueries({ queryKey, exact: true });
    const before = new Map(
      (queryClient.getQueryData<JobListItem[]>(queryKey) ?? []).map((job) => [job.id, job.applied_for_job]),
    );
    const undo = new Map(ids.map((id) => [id, { applied_for_job: before.get(id) ?? !applied }]));
    patch(new Map(ids.map((id) => [id, { applied_for_job: applied }])));
    return undo;
  }

  /**
   * Every change to the jobs adds activity lines (the client page's Activity card lists them) and
   * changes the clients board's job counts.
   */
  const reloadActivity = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allActivity });
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allBoards });
  }, [queryClient]);

  const appliedKey = adminQueryKeys.appliedClicks(clientId);
  /** Applied clicks being saved or waiting their turn (on one job, when named), the caller's included. */
  const appliedInFlight = (jobId?: string) =>
    queryClient.isMutating({
      mutationKey: appliedKey,
      predicate: (mutation) =>
        jobId === undefined || (mutation.state.variables as { job: JobListItem }).job.id === jobId,
    });
  const setApplied = useMutation({
    mutationKey: appliedKey,
    // One request at a time per client, in the order of the clicks, so the server ends where the
    // recruiter's last click left the box; each click still shows at once (onMutate is not queued).
    scope: { id: `applied:${clientId}` },
    mutationFn: ({ job, applied }: { job: JobListItem; applied: boolean }) =>
      api.update(job.id, { applied_for_job: applied }),
    onMutate: ({ job, applied }) => applyOptimistically([job.id], applied),
    // A quick second toggle may be answered after this one: the list keeps the newest wish.
    onSuccess: (saved, { applied }) => {
      const shown = queryClient.getQueryData<JobListItem[]>(queryKey)?.find((item) => item.id === saved.id);
      if (shown?.applied_for_job === applied) patch(new Map([[saved.id, saved]]));
    },
    onError: (error, { job }, undo) => {
      // Undone only when no later click on this job waits: its box shows a newer wish than the undo.
      if (undo && appliedInFlight(job.id) === 1) patch(undo);
      toast.error(`Failed to update ${jobName(job)}: ${failureMessage(error, GENERIC_ERROR)}`);
    },
    // The last click of a burst to settle lists the burst's activity and, after a failure in it,
    // reads the list back from the server.
    onSettled: (_saved, error) => {
      if (error) burstFailed.current = true;
      if (appliedInFlight() > 1) return;
      reloadActivity();
      if (!burstFailed.current) return;
      burstFailed.current = false;
      void queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });

  const markApplied = useMutation({
    mutationFn: ({ ids, applied }: { ids: readonly string[]; applied: boolean }) =>
      api.markApplied(ids, applied),
    onMutate: ({ ids, applied }) => applyOptimistically(ids, applied),
    onSuccess: (result, { applied }) => {
      // Not applied has no outcome: the server cleared those of the jobs it found (decision 036), and
      // the list says so at once, or marking them applied again would show the erased outcomes back.
      // Only the outcome: the boxes show the recruiter's latest wish already.
      if (!applied)
        patch(
          new Map(
            [...result.updated_ids, ...result.unchanged_ids].map((id) => [
              id,
              { outcome: null, outcome_date: null },
            ]),
          ),
        );
      const marked = markedAppliedMessage(result, applied);
      const gone = result.not_found_job_ids.length;
      if (gone === 0) {
        toast.success(marked);
        return;
      }
      // Jobs taken back meanwhile: said, not counted as marked, and the list reloads without them.
      toast.warning(`${marked} ${goneJobsMessage(gone)}`);
      void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    onError: (error, { ids }, undo) => {
      // Sent in several requests, those before the failure are saved: undoing them all would show
      // saved jobs as not changed, so the list is read back from the server instead.
      if (ids.length > BULK_APPLIED_MAX_JOBS) void queryClient.invalidateQueries({ queryKey, exact: true });
      else if (undo) patch(undo);
      toast.error(failureMessage(error, GENERIC_ERROR));
    },
    onSettled: reloadActivity,
  });

  const saveNotes = useMutation({
    /** `before`: the notes as they were when the writing began; the server refuses if they changed. */
    mutationFn: ({ job, notes, before }: { job: JobListItem; notes: string; before: string | null }) =>
      api.update(job.id, { analyst_notes: notes.trim() === '' ? null : notes, analyst_notes_before: before }),
    onSuccess: (saved) => {
      patch(new Map([[saved.id, saved]]));
      toast.success('Analyst notes saved');
    },
    onError: (error) => {
      toast.error(failureMessage(error, GENERIC_ERROR));
      // A colleague's notes came first: the list reads them, for the row and the editor (readNotes).
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    onSettled: reloadActivity,
  });

  /**
   * A job's analyst notes as the server holds them now, read with the list (which then shows them
   * too): after a save refused because a colleague's came first. Undefined when the list could not be
   * read or no longer has the job.
   */
  const readNotes = useCallback(
    async (id: string): Promise<string | null | undefined> => {
      try {
        const list = await queryClient.fetchQuery({
          queryKey: adminQueryKeys.jobs(clientId),
          queryFn: api.list,
          staleTime: 0,
        });
        const job = list.find((item) => item.id === id);
        return job ? job.analyst_notes : undefined;
      } catch {
        return undefined;
      }
    },
    [queryClient, clientId, api],
  );

  const remove = useMutation({
    mutationFn: (job: JobListItem) => api.remove(job.id),
    onSuccess: async (_nothing, job) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      queryClient.setQueryData<JobListItem[]>(queryKey, (list) => list?.filter((item) => item.id !== job.id));
      toast.success(`Deleted ${jobName(job)}`);
    },
    onError: (error) => {
      toast.error(failureMessage(error, GENERIC_ERROR));
      // The job may be gone already (a colleague deleted it) or changed: the list shows the server's.
      void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    onSettled: reloadActivity,
  });

  const outcomeSaving = useMemo<OutcomeSaving<StaffJob>>(
    () => ({
      save: api.setOutcome,
      onSaved: ({ id, outcome, outcome_date }) => {
        patch(new Map([[id, { outcome, outcome_date }]]));
        reloadActivity();
      },
    }),
    [api, patch, reloadActivity],
  );

  return { jobs, setApplied, markApplied, saveNotes, readNotes, remove, outcomeSaving };
}
