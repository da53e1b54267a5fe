import { applyLink, decisionOf, type JobListItem, type JobStatus, jobStatus } from '@app/domain/jobs';
import { jobName, UNTITLED_JOB } from '@app/domain/jobs-format';
import { ExternalLink } from 'lucide-react';
import { Button, focusRing } from '../../components/ui/Button.tsx';
import { Checkbox } from '../../components/ui/Field.tsx';
import { AnalystNote } from './AnalystNote.tsx';
import { useJobTableActions } from './job-table-context.ts';

/** The cells of the job tables; each reads what it can do from the table's context. */

const linkClasses = `rounded-sm font-medium text-brand underline-offset-2 hover:underline ${focusRing}`;

const NewTab = () => <span className="sr-only"> (opens in a new tab)</span>;

/** The job a control acts on, heard after its visible label ('Reject' … 'Reject Designer at Contoso'). */
const ForJob = ({ job, joiner = '' }: { job: JobListItem; joiner?: string }) => (
  <span className="sr-only">
    {' '}
    {joiner}
    {jobName(job)}
  </span>
);

export function SelectAllCheckbox() {
  const { selection } = useJobTableActions();
  if (!selection) return null;
  return (
    <Checkbox
      ref={selection.shownBox}
      label="Select all jobs shown"
      checked={selection.shown}
      onChange={selection.toggleShown}
    />
  );
}

export function SelectJobCheckbox({ job }: { job: JobListItem }) {
  const { selection } = useJobTableActions();
  if (!selection) return null;
  return (
    <Checkbox
      label={`Select ${jobName(job)}`}
      checked={selection.isSelected(job.id)}
      onChange={() => selection.toggle(job.id)}
    />
  );
}

/** Reject / Rejected (spec 2, section 4): clicking Rejected restores the job to pending. */
export function DecisionToggle({ job, serialNumber }: { job: JobListItem; serialNumber: number }) {
  const { toggleDecision, isUpdating } = useJobTableActions();
  const rejected = decisionOf(job) === 'rejected';
  const updating = isUpdating?.(job.id) ?? false;
  return (
    <Button
      size="sm"
      variant={rejected ? 'danger' : 'secondary'}
      // Not disabled while saving, so focus stays on it; the click is ignored instead.
      aria-busy={updating || undefined}
      // Found by its place when the job it decided leaves the list and takes focus with it.
      data-decision-toggle={serialNumber}
      onClick={() => toggleDecision?.(job, serialNumber)}
      className="whitespace-nowrap"
    >
      {rejected ? 'Rejected' : 'Reject'}
      <ForJob job={job} />
    </Button>
  );
}

/**
 * The decision as words: the stats page calls a job that is not rejected 'Approved' (the jobs it
 * lists by default are the approved ones); /myjobs calls it 'Pending', as the details pop-up does.
 */
export function DecisionText({ job, notRejected = 'Approved' }: { job: JobListItem; notRejected?: string }) {
  return <span>{decisionOf(job) === 'rejected' ? 'Rejected' : notRejected}</span>;
}

/** `className` can clamp the title in a table row; the whole title is in the details pop-up. */
export function JobTitleButton({ job, className = '' }: { job: JobListItem; className?: string }) {
  const { openDetails } = useJobTableActions();
  return (
    <button
      type="button"
      className={`text-left break-words ${linkClasses} ${className}`}
      onClick={() => openDetails(job)}
    >
      {job.data_job_title || UNTITLED_JOB}
    </button>
  );
}

export function CompanyLink({ job, className = '' }: { job: JobListItem; className?: string }) {
  const name = job.data_company || 'Company';
  if (!job.data_company_url) return <span className={className}>{name}</span>;
  return (
    <a
      href={job.data_company_url}
      target="_blank"
      rel="noopener noreferrer"
      className={`break-words ${linkClasses} ${className}`}
    >
      {name}
      <NewTab />
    </a>
  );
}

export function NotesButton({ job }: { job: JobListItem }) {
  const { openNotes } = useJobTableActions();
  return (
    <Button size="sm" variant="secondary" className="whitespace-nowrap" onClick={() => openNotes(job)}>
      {job.client_notes ? 'View Notes' : 'Add Notes'}
      <ForJob job={job} joiner="for " />
    </Button>
  );
}

export function AnalystNotesCell({ job }: { job: JobListItem }) {
  if (!job.analyst_notes) return <span className="text-neutral-500">—</span>;
  return (
    <p className="line-clamp-2 min-w-0 wrap-anywhere" title={job.analyst_notes}>
      <AnalystNote note={job.analyst_notes} />
    </p>
  );
}

const statusClasses: Record<JobStatus, string> = {
  Applied: 'bg-green-100 text-green-800',
  Rejected: 'bg-red-100 text-red-800',
  Pending: 'bg-neutral-100 text-neutral-800',
};

export function StatusBadge({ job }: { job: JobListItem }) {
  const status = jobStatus(job);
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClasses[status]}`}>
      {status}
    </span>
  );
}

export function ViewDetailsButton({ job }: { job: JobListItem }) {
  const { openDetails } = useJobTableActions();
  return (
    <Button size="sm" variant="secondary" className="whitespace-nowrap" onClick={() => openDetails(job)}>
      View Details
      <ForJob job={job} joiner="of " />
    </Button>
  );
}

export function ApplyLink({ job }: { job: JobListItem }) {
  const href = applyLink(job);
  if (!href) return <span className="text-neutral-600">No Link</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center gap-1 whitespace-nowrap ${linkClasses}`}
    >
      Apply
      <ForJob job={job} joiner="to " />
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <NewTab />
    </a>
  );
}
