import { jobStatus } from '@app/domain/jobs';
import type { StaffJob } from '@app/domain/jobs-api';
import { formatShortDate } from '@app/domain/jobs-format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Label, Textarea } from '../../components/ui/Field.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { listClientJobs, updateClientJob } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { JobImportForm } from './JobImportForm.tsx';
import { adminQueryKeys } from './query-keys.ts';
import { useStaffGuard } from './staff-access.tsx';

/** The jobs put in front of the client: import a file of them, mark them applied, write notes. */
export function StaffJobsCard({ clientId }: { clientId: string }) {
  const guard = useStaffGuard();
  const jobs = useQuery({
    queryKey: adminQueryKeys.jobs(clientId),
    queryFn: async () => {
      return dataOrThrow(guard(await listClientJobs(clientId)), GENERIC_ERROR);
    },
  });

  return (
    <Card
      title="Client Jobs"
      aria-label="Client Jobs"
      description="Jobs assigned to this client, newest refresh first."
    >
      <JobImportForm clientId={clientId} />
      <h3 className="mt-6 mb-2 text-sm font-semibold text-neutral-900">
        {jobs.data
          ? `${jobs.data.length.toLocaleString('en-US')} ${jobs.data.length === 1 ? 'job' : 'jobs'}`
          : 'Jobs'}
      </h3>
      {jobs.isPending && <Spinner label="Loading jobs..." />}
      {jobs.isError && (
        <p role="alert" className="text-sm text-red-700">
          {failureMessage(jobs.error, GENERIC_ERROR)}
        </p>
      )}
      {jobs.data?.length === 0 && (
        <p className="text-sm text-neutral-600">No jobs assigned to this client yet.</p>
      )}
      {jobs.data && jobs.data.length > 0 && (
        <ul
          className="max-h-[70vh] divide-y divide-neutral-200 overflow-y-auto rounded-md border border-neutral-200"
          aria-label="Client jobs"
        >
          {jobs.data.map((job) => (
            <StaffJobRow key={job.id} clientId={clientId} job={job} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function StaffJobRow({ clientId, job }: { clientId: string; job: StaffJob }) {
  const guard = useStaffGuard();
  const queryClient = useQueryClient();
  const id = useId();
  const [notes, setNotes] = useState(job.analyst_notes ?? '');
  const title = job.data_job_title || 'Untitled job';

  const updateOptions = {
    mutationFn: async (patch: Parameters<typeof updateClientJob>[1]) =>
      dataOrThrow(guard(await updateClientJob(job.id, patch)), GENERIC_ERROR),
    onSuccess: (saved: StaffJob) =>
      queryClient.setQueryData<StaffJob[]>(adminQueryKeys.jobs(clientId), (list) =>
        list?.map((item) => (item.id === saved.id ? saved : item)),
      ),
    onError: (error: Error) => toast.error(failureMessage(error, GENERIC_ERROR)),
  };
  const applied = useMutation(updateOptions);
  const analystNotes = useMutation({
    ...updateOptions,
    onSuccess: (saved) => {
      updateOptions.onSuccess(saved);
      toast.success('Analyst notes saved');
    },
  });

  // The box shows the new value at once; it settles on the server's answer, or goes back on failure.
  const appliedShown =
    (applied.isPending ? applied.variables.applied_for_job : undefined) ?? job.applied_for_job;
  const notesChanged = notes.trim() !== (job.analyst_notes ?? '').trim();

  return (
    <li className="space-y-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={`${id}-title`} className="font-medium break-words text-neutral-900">
            {title}
          </h4>
          <p className="text-sm text-neutral-600">
            {job.data_company || 'Company not given'} · Refreshed {formatShortDate(job.refresh_date)} ·
            Status: {jobStatus(job)}
          </p>
        </div>
        <label className="inline-flex items-center gap-2 text-sm font-medium text-neutral-800">
          <input
            type="checkbox"
            className="size-4 accent-brand"
            checked={appliedShown}
            disabled={applied.isPending}
            aria-describedby={`${id}-title`}
            onChange={(event) => applied.mutate({ applied_for_job: event.target.checked })}
          />
          Applied
        </label>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-notes`}>Analyst notes</Label>
        <Textarea
          id={`${id}-notes`}
          rows={2}
          value={notes}
          aria-describedby={`${id}-title`}
          onChange={(event) => setNotes(event.target.value)}
        />
        <Button
          size="sm"
          variant="secondary"
          busy={analystNotes.isPending}
          disabled={!notesChanged}
          onClick={() => analystNotes.mutate({ analyst_notes: notes.trim() === '' ? null : notes })}
        >
          {analystNotes.isPending ? 'Saving...' : 'Save Notes'}
        </Button>
      </div>
    </li>
  );
}
