import {
  JOB_OUTCOME_LABELS,
  JOB_OUTCOMES,
  type JobOutcome,
  OUTCOME_DATE_IN_FUTURE_MESSAGE,
} from '@app/domain/job-outcomes';
import type { JobListItem } from '@app/domain/jobs';
import { type OutcomeBody, outcomeBodySchema } from '@app/domain/jobs-api';
import { formatShortDate } from '@app/domain/jobs-format';
import { type MutationKey, useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import { failureMessage } from '../../lib/api.ts';
import { SAVE_FAILED_TITLE } from '../../lib/toast-titles.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Field, Input } from '../ui/Field.tsx';

export type OutcomeJob = Pick<
  JobListItem,
  'id' | 'data_job_title' | 'applied_for_job' | 'outcome' | 'outcome_date'
>;

/**
 * Where an outcome is saved: the client saves their own job's, staff a client's. `save` calls the
 * server and answers the saved job; `onSaved` shows it wherever the job is on screen. A screen that
 * holds back reads of its list while a change is saved names the save's `mutationKey`, and is told as
 * a save begins (`onBegin`, awaited before it is sent) and once it is answered, saved or not
 * (`onSettled`).
 */
export interface OutcomeSaving<Saved extends OutcomeJob> {
  save(id: string, body: OutcomeBody): Promise<Saved>;
  onSaved(saved: Saved): void;
  mutationKey?: MutationKey;
  onBegin?(): Promise<void>;
  onSettled?(): void;
}

const OUTCOME_SAVE_FAILED_MESSAGE = 'Failed to save the outcome. Please try again.';

/** Today in the browser's own time zone, YYYY-MM-DD: the latest day an outcome can have happened. */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'Interview, Nov 3', or null when nothing is recorded. */
export function outcomeText(job: Pick<OutcomeJob, 'outcome' | 'outcome_date'>): string | null {
  if (!job.outcome) return null;
  const label = JOB_OUTCOME_LABELS[job.outcome];
  return job.outcome_date ? `${label}, ${formatShortDate(job.outcome_date)}` : label;
}

/**
 * The outcome of an applied job and the button that records it: a cell of the job tables (the
 * client's and the recruiter's) and a part of the details pop-up. Jobs nobody applied to have no
 * outcome to record.
 */
export function OutcomeControl<Saved extends OutcomeJob>({
  job,
  saving,
  size = 'sm',
}: {
  job: OutcomeJob;
  saving: OutcomeSaving<Saved>;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  if (!job.applied_for_job) return <span className="text-neutral-500">—</span>;
  const text = outcomeText(job);
  const title = job.data_job_title || 'this job';
  return (
    <>
      <Button
        size={size}
        variant="ghost"
        className="border border-neutral-200"
        aria-label={text ? `Outcome for ${title}: ${text}. Change` : `Record outcome for ${title}`}
        onClick={() => setOpen(true)}
      >
        {text ?? 'Record outcome'}
      </Button>
      {open && <OutcomeDialog job={job} saving={saving} onClose={() => setOpen(false)} />}
    </>
  );
}

function OutcomeDialog<Saved extends OutcomeJob>({
  job,
  saving,
  onClose,
}: {
  job: OutcomeJob;
  saving: OutcomeSaving<Saved>;
  onClose(): void;
}) {
  const today = localToday();
  const [outcome, setOutcome] = useState<JobOutcome>(job.outcome ?? 'response');
  const [date, setDate] = useState(job.outcome_date ?? today);
  /** The date's own rules, said under it; the server's refusals are toasts. */
  const [error, setError] = useState<string | null>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationKey: saving.mutationKey,
    mutationFn: (body: OutcomeBody) => saving.save(job.id, body),
    onMutate: () => saving.onBegin?.(),
    onSuccess: (saved) => {
      saving.onSaved(saved);
      toast.success(saved.outcome ? 'Outcome Saved' : 'Outcome Cleared', {
        description: saved.outcome ? `${saved.data_job_title || 'Job'}: ${outcomeText(saved)}` : undefined,
      });
      onClose();
    },
    // A refusal is not the date's fault (the job un-applied by staff meanwhile, a lost connection):
    // said, and announced, in a toast like every other failed save, with the dialog kept to retry.
    onError: (failure) =>
      toast.error(SAVE_FAILED_TITLE, {
        description: failureMessage(failure, OUTCOME_SAVE_FAILED_MESSAGE),
      }),
    onSettled: () => saving.onSettled?.(),
  });

  const refuseDate = (message: string) => {
    // Rendered first, so that the date is already invalid and described by the reason when it takes
    // the focus and is read out: an error appearing under it while the focus stays on Save is never
    // heard.
    flushSync(() => setError(message));
    dateInput.current?.focus();
  };

  const submit = () => {
    // The server's rules, said before asking it: the body's own (an empty box is no date), then the
    // future, which the server judges by its clock and the browser by its own day.
    const dateProblem = outcomeBodySchema
      .safeParse({ outcome, outcome_date: date || null })
      .error?.issues.find((issue) => issue.path[0] === 'outcome_date')?.message;
    if (dateProblem) return refuseDate(dateProblem);
    if (date > today) return refuseDate(OUTCOME_DATE_IN_FUTURE_MESSAGE);
    setError(null);
    save.mutate({ outcome, outcome_date: date });
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next && !save.isPending) onClose();
      }}
      title="Record Outcome"
      description={job.data_job_title || undefined}
      footer={
        <>
          {job.outcome && (
            <Button
              variant="ghost"
              className="mr-auto"
              busy={save.isPending}
              onClick={() => save.mutate({ outcome: null, outcome_date: null })}
            >
              Clear Outcome
            </Button>
          )}
          <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button form="outcome-form" type="submit" busy={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Outcome'}
          </Button>
        </>
      }
    >
      <form
        id="outcome-form"
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-neutral-900">What happened?</legend>
          {JOB_OUTCOMES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-neutral-900">
              <input
                type="radio"
                name="outcome"
                value={value}
                checked={outcome === value}
                onChange={() => setOutcome(value)}
                className="size-4 accent-brand"
              />
              {JOB_OUTCOME_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <Field label="Date" error={error}>
          {(control) => (
            <Input
              {...control}
              ref={dateInput}
              type="date"
              max={today}
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
