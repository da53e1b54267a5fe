import { type ClientApproval, decisionOf, type JobListItem } from '@app/domain/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  BULK_FAILED_TITLE,
  bulkFailedMessage,
  bulkNotFoundMessage,
  UPDATE_FAILED_TITLE,
  updateFailedMessage,
} from './job-messages.ts';
import { updateApproval, updateApprovalMany } from './jobs-api.ts';
import { patchCachedJobs } from './use-my-jobs.ts';

const approvalChanges = (ids: Iterable<string>, approval: (id: string) => ClientApproval) =>
  new Map([...ids].map((id) => [id, { client_approval: approval(id) }]));

/**
 * Rejecting and restoring jobs (spec 2, section 4), optimistically: the screen changes at once, and a
 * failure puts back what was there with the spec's toast. A job with an update in flight ignores
 * further clicks until the server has answered.
 */
export function useJobDecisions() {
  const queryClient = useQueryClient();
  // The ref answers "is it in flight?" synchronously (two quick clicks land before a render);
  // the state shows it.
  const inFlightRef = useRef(new Set<string>());
  const [inFlight, setInFlight] = useState<ReadonlySet<string>>(new Set());

  const track = useCallback((ids: readonly string[], busy: boolean) => {
    for (const id of ids) {
      if (busy) inFlightRef.current.add(id);
      else inFlightRef.current.delete(id);
    }
    setInFlight(new Set(inFlightRef.current));
  }, []);

  /** Reject a pending job, or restore a rejected one. */
  const toggleDecision = useCallback(
    async (job: JobListItem, serialNumber: number) => {
      if (inFlightRef.current.has(job.id)) return;
      const previous = decisionOf(job);
      const next: ClientApproval = previous === 'rejected' ? 'pending' : 'rejected';
      track([job.id], true);
      patchCachedJobs(
        queryClient,
        approvalChanges([job.id], () => next),
      );
      const { error } = await updateApproval(job.id, next);
      track([job.id], false);
      if (error === null) return;
      patchCachedJobs(
        queryClient,
        approvalChanges([job.id], () => previous),
      );
      toast.error(UPDATE_FAILED_TITLE, {
        description: updateFailedMessage(serialNumber, job.data_job_title ?? '', error),
      });
    },
    [queryClient, track],
  );

  /**
   * Sets one decision on several jobs. Jobs the server did not update go back to what they were and
   * the spec's toast names them; answers true when every job was updated.
   */
  const decideMany = useCallback(
    async (
      jobs: readonly JobListItem[],
      approval: ClientApproval,
      serialNumberOf: (id: string) => number | undefined,
    ): Promise<boolean> => {
      const idle = jobs.filter((job) => !inFlightRef.current.has(job.id));
      if (idle.length === 0) return false;
      const ids = idle.map((job) => job.id);
      const previous = new Map(idle.map((job) => [job.id, decisionOf(job)]));
      track(ids, true);
      patchCachedJobs(
        queryClient,
        approvalChanges(ids, () => approval),
      );
      const outcome = await updateApprovalMany(ids, approval);
      track(ids, false);
      const reverted = [...outcome.failed, ...outcome.notFound];
      if (reverted.length === 0) return true;
      patchCachedJobs(
        queryClient,
        approvalChanges(reverted, (id) => previous.get(id) ?? 'pending'),
      );
      const description =
        outcome.failed.length > 0
          ? bulkFailedMessage(approval, outcome.failed.length)
          : bulkNotFoundMessage(
              outcome.notFound
                .map(serialNumberOf)
                .filter((serial): serial is number => serial !== undefined)
                .sort((a, b) => a - b),
            );
      toast.error(BULK_FAILED_TITLE, { description });
      return false;
    },
    [queryClient, track],
  );

  return { inFlight, toggleDecision, decideMany };
}
