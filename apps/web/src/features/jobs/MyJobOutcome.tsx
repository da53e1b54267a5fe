import type { Job } from '@app/domain/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  OutcomeControl,
  type OutcomeJob,
  type OutcomeSaving,
} from '../../components/jobs/OutcomeControl.tsx';
import { showSavedOutcome, updateOutcome } from './outcome-api.ts';
import { resumeJobFetches, stopJobFetches } from './use-my-jobs.ts';

/** Saving an outcome is a change to the jobs, as decisions and notes are (use-my-jobs.ts). */
const OUTCOME_MUTATION_KEY = ['my-jobs', 'outcome'] as const;

/**
 * The client's own outcome control: saves through /api/my-jobs and shows the result in the list and
 * pop-up. A read of the list in flight as the save begins is stopped and made again once it is
 * answered, so an answer from before the save never lands over the saved outcome.
 */
export function MyJobOutcome({ job, size }: { job: OutcomeJob; size?: 'sm' | 'md' }) {
  const queryClient = useQueryClient();
  const saving = useMemo<OutcomeSaving<Job>>(
    () => ({
      save: updateOutcome,
      onSaved: (saved) => showSavedOutcome(queryClient, saved),
      mutationKey: OUTCOME_MUTATION_KEY,
      onBegin: () => stopJobFetches(queryClient),
      onSettled: () => resumeJobFetches(queryClient),
    }),
    [queryClient],
  );
  return <OutcomeControl job={job} saving={saving} size={size} />;
}
