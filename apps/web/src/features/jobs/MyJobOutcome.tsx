import type { Job } from '@app/domain/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  OutcomeControl,
  type OutcomeJob,
  type OutcomeSaving,
} from '../../components/jobs/OutcomeControl.tsx';
import { showSavedOutcome, updateOutcome } from './outcome-api.ts';

/** The client's own outcome control: saves through /api/my-jobs and shows the result in the list and pop-up. */
export function MyJobOutcome({ job, size }: { job: OutcomeJob; size?: 'sm' | 'md' }) {
  const queryClient = useQueryClient();
  const saving = useMemo<OutcomeSaving<Job>>(
    () => ({ save: updateOutcome, onSaved: (saved) => showSavedOutcome(queryClient, saved) }),
    [queryClient],
  );
  return <OutcomeControl job={job} saving={saving} size={size} />;
}
