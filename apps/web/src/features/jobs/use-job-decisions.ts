import { type ClientApproval, decisionOf, type JobListItem } from '@app/domain/jobs';
import { type QueryClient, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { toast } from 'sonner';
import { ApiError, failureMessage } from '../../lib/api.ts';
import {
  BULK_FAILED_TITLE,
  bulkFailedMessage,
  bulkNotFoundMessage,
  UPDATE_FAILED_TITLE,
  updateFailedMessage,
} from './job-messages.ts';
import { myJobQueryKey, myJobsQueryKey, updateApproval, updateApprovalMany } from './jobs-api.ts';
import {
  patchCachedJobs,
  readJobsAgainWhenSettled,
  resumeJobFetches,
  stopJobFetches,
} from './use-my-jobs.ts';

/** Every decision in flight, one job or many, is a mutation under this key. */
const DECISION_MUTATION_KEY = ['my-jobs', 'decision'] as const;

interface Decision {
  ids: readonly string[];
  approval: ClientApproval;
}

interface OneDecision extends Decision {
  serialNumber: number;
  title: string;
}

interface ManyDecisions extends Decision {
  /** Positions in the list as shown when the change was asked for: the change may move jobs out of it. */
  serialNumbers: ReadonlyMap<string, number>;
}

const approvalChanges = (ids: Iterable<string>, approval: (id: string) => ClientApproval) =>
  new Map([...ids].map((id) => [id, { client_approval: approval(id) }]));

/** Shows the decision at once; answers what each job had before, to put back on failure. */
async function showDecision(queryClient: QueryClient, { ids, approval }: Decision) {
  await stopJobFetches(queryClient);
  const listed = new Map(
    (queryClient.getQueryData<JobListItem[]>(myJobsQueryKey) ?? []).map((job) => [job.id, job]),
  );
  const previous = new Map(ids.map((id) => [id, decisionOf(listed.get(id) ?? {})]));
  patchCachedJobs(
    queryClient,
    approvalChanges(ids, () => approval),
  );
  return { previous };
}

function putBack(
  queryClient: QueryClient,
  ids: readonly string[],
  previous: ReadonlyMap<string, ClientApproval>,
) {
  patchCachedJobs(
    queryClient,
    approvalChanges(ids, (id) => previous.get(id) ?? 'pending'),
  );
}

const decidedIds = (variables: unknown) => (variables as Decision | undefined)?.ids ?? [];

/** Asked of the mutation cache itself: two quick clicks land before a render. */
function anyInFlight(queryClient: QueryClient, ids: ReadonlySet<string>): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: DECISION_MUTATION_KEY, status: 'pending' })
    .some((mutation) => decidedIds(mutation.state.variables).some((id) => ids.has(id)));
}

/** Resolves once no decision naming any of `ids` is in flight. */
function decisionsSettled(queryClient: QueryClient, ids: ReadonlySet<string>): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => !anyInFlight(queryClient, ids);
    if (settled()) return resolve();
    const stop = queryClient.getMutationCache().subscribe(() => {
      if (!settled()) return;
      stop();
      resolve();
    });
  });
}

/**
 * Rejecting and restoring jobs (spec 2, section 4), optimistically: the screen changes at once, and a
 * failure puts back what was there with the spec's toast. A job with an update in flight ignores
 * further clicks until the server has answered.
 */
export function useJobDecisions() {
  const queryClient = useQueryClient();

  const pendingIds = useMutationState({
    filters: { mutationKey: DECISION_MUTATION_KEY, status: 'pending' },
    select: (mutation) => decidedIds(mutation.state.variables),
  });
  const inFlight = useMemo<ReadonlySet<string>>(() => new Set(pendingIds.flat()), [pendingIds]);

  const one = useMutation({
    mutationKey: DECISION_MUTATION_KEY,
    mutationFn: ({ ids, approval }: OneDecision) => updateApproval(ids[0]!, approval),
    onMutate: (decision) => showDecision(queryClient, decision),
    onSuccess: (job) => {
      patchCachedJobs(
        queryClient,
        approvalChanges([job.id], () => job.client_approval),
      );
      queryClient.setQueryData(myJobQueryKey(job.id), job);
    },
    onError: (error, { ids, serialNumber, title }, context) => {
      if (context) putBack(queryClient, ids, context.previous);
      // Put back is only a guess at what the server has: staff may have removed the job (404), or
      // the connection dropped after the server saved (0). The list, read again, says which.
      if (error instanceof ApiError && (error.status === 404 || error.status === 0)) {
        readJobsAgainWhenSettled(queryClient);
      }
      toast.error(UPDATE_FAILED_TITLE, {
        // No server message (a dropped connection, an answer that is not JSON): the spec's 'Unknown error'.
        description: updateFailedMessage(serialNumber, title, failureMessage(error, '')),
      });
    },
    onSettled: () => resumeJobFetches(queryClient),
  });

  const many = useMutation({
    mutationKey: DECISION_MUTATION_KEY,
    mutationFn: ({ ids, approval }: ManyDecisions) => updateApprovalMany(ids, approval),
    onMutate: (decision) => showDecision(queryClient, decision),
    onSuccess: (outcome, { approval, serialNumbers }, context) => {
      // The jobs saved already show the decision: a read of the list answered meanwhile (a Refresh, a
      // reconnect) did not land over it (listToLand in use-my-jobs.ts).
      if (outcome.failed.length === 0 && outcome.notFound.length === 0) return;
      putBack(queryClient, outcome.failed, context.previous);
      // Jobs the server no longer has are not put back: the list is read again, without them. A
      // failed request is read again too: its connection may have dropped after the server saved,
      // and the outcome does not say whether it did.
      readJobsAgainWhenSettled(queryClient);
      const description =
        outcome.failed.length > 0
          ? bulkFailedMessage(approval, outcome.failed.length)
          : bulkNotFoundMessage(
              outcome.notFound
                .map((id) => serialNumbers.get(id))
                .filter((serial): serial is number => serial !== undefined)
                .sort((a, b) => a - b),
            );
      toast.error(BULK_FAILED_TITLE, { description });
    },
    onError: (_error, { ids, approval }, context) => {
      if (context) putBack(queryClient, ids, context.previous);
      toast.error(BULK_FAILED_TITLE, { description: bulkFailedMessage(approval, ids.length) });
    },
    onSettled: () => resumeJobFetches(queryClient),
  });
  const { mutate: decideOne } = one;
  const { mutateAsync: decideAll } = many;

  /** Reject a pending job, or restore a rejected one. */
  const toggleDecision = useCallback(
    (job: JobListItem, serialNumber: number) => {
      if (anyInFlight(queryClient, new Set([job.id]))) return;
      const approval: ClientApproval = decisionOf(job) === 'rejected' ? 'pending' : 'rejected';
      decideOne({ ids: [job.id], approval, serialNumber, title: job.data_job_title ?? '' });
    },
    [decideOne, queryClient],
  );

  /**
   * Sets one decision on several jobs. Jobs the server failed to update go back to what they were,
   * jobs it no longer has leave the list, and the spec's toast names them by `serialNumbers`; answers
   * true when every job was updated. A job whose own toggle is in flight gets this decision once
   * the toggle is answered, so that the later wish is the one that stays.
   */
  const decideMany = useCallback(
    async (
      jobs: readonly JobListItem[],
      approval: ClientApproval,
      serialNumbers: ReadonlyMap<string, number>,
    ): Promise<boolean> => {
      const ids = jobs.map((job) => job.id);
      await decisionsSettled(queryClient, new Set(ids));
      try {
        const outcome = await decideAll({ ids, approval, serialNumbers });
        return outcome.failed.length === 0 && outcome.notFound.length === 0;
      } catch {
        // Put back and told by the mutation.
        return false;
      }
    },
    [decideAll, queryClient],
  );

  return { inFlight, toggleDecision, decideMany, deciding: many.isPending };
}
