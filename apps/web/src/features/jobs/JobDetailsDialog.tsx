import { applyLink, type Job, type JobListItem } from '@app/domain/jobs';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { type ReactNode, type RefObject, useId } from 'react';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { LoadingLine } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { AnalystNote } from './AnalystNote.tsx';
import { JobHistory } from './JobHistory.tsx';
import {
  additionalDetails,
  companyDetails,
  type DetailItem,
  jobInformation,
  jobTypeAndArrangement,
  yourStatus,
} from './job-details.ts';
import { fetchJob, myJobQueryKey } from './jobs-api.ts';
import { MyJobOutcome } from './MyJobOutcome.tsx';

function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label}>
          <dt className="text-xs font-medium tracking-wide text-neutral-600 uppercase">{item.label}</dt>
          <dd className="text-sm break-words whitespace-pre-wrap text-neutral-900">
            {item.links ? <AnalystNote note={item.value} /> : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A titled part of the pop-up. Top-level parts are regions; the groups inside Additional Details are
 * named groups, not regions, because the spec gives two parts the same title (Company Details) and
 * landmarks must have unique names.
 */
function Section({ title, level = 3, children }: { title: string; level?: 3 | 4; children: ReactNode }) {
  const headingId = useId();
  if (level === 4) {
    return (
      // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; these are read-only details.
      <div role="group" aria-labelledby={headingId} className="space-y-2">
        <h4 id={headingId} className="text-sm font-semibold text-neutral-800">
          {title}
        </h4>
        {children}
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-base font-semibold text-neutral-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The description's box has a limited height (spec 2, section 2), so the region is the box itself,
 * focusable for the keyboard to scroll it, and named by the heading above it: one region, one name.
 */
function DescriptionSection({ description }: { description: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-base font-semibold text-neutral-900">
        Job Description
      </h3>
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so that the keyboard can scroll it.
        tabIndex={0}
        className="max-h-64 overflow-y-auto rounded-md border border-neutral-200 bg-neutral-50 p-3 text-sm whitespace-pre-wrap text-neutral-800"
      >
        {description}
      </div>
    </section>
  );
}

/** The whole job, fetched when the pop-up opens and kept per job, so reopening it is instant. */
function useWholeJob(id: string | null) {
  return useQuery({
    queryKey: myJobQueryKey(id ?? ''),
    enabled: id !== null,
    queryFn: () => fetchJob(id ?? ''),
  });
}

export interface JobDetailsDialogProps {
  /** The job to show (as the list has it now), or null when closed. */
  job: JobListItem | null;
  onClose(): void;
  /** Where focus goes as it closes when the control that opened it has gone (the Dialog's). */
  finalFocus?: RefObject<HTMLElement | null>;
}

/** The job details pop-up (spec 2, section 2). */
export function JobDetailsDialog({ job, onClose, finalFocus }: JobDetailsDialogProps) {
  const whole = useWholeJob(job?.id ?? null);
  const failure = useLoadFailure(whole);
  const reason = failureMessage(failure.error, 'Unknown error');
  // What the list carries is at least as fresh: decisions and notes show there first.
  const details: Job | null = job && whole.data ? { ...whole.data, ...job } : null;
  const apply = job ? applyLink(job) : null;
  return (
    <Dialog
      open={job !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      finalFocus={finalFocus}
      size="lg"
      title={job?.data_job_title || 'Job Details'}
      description={`at ${job?.data_company || 'Company'}`}
    >
      {job && (
        <div className="space-y-5 [&>section+section]:border-t [&>section+section]:border-neutral-200 [&>section+section]:pt-4">
          {(job.data_company_url || apply) && (
            <div className="flex flex-wrap gap-2">
              {job.data_company_url && (
                <a
                  href={job.data_company_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses('secondary', 'sm')}
                >
                  Company Website
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
              {apply && (
                <a
                  href={apply}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses('primary', 'sm')}
                >
                  Apply Now
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
            </div>
          )}
          <LoadFailure
            failure={failure}
            message={`The job's details could not be loaded: ${reason}`}
            refreshNote={`Could not refresh the job's details, so it shows them as last loaded: ${reason}`}
          />
          {details === null && !failure.failed && <LoadingLine>Loading job details...</LoadingLine>}
          {details && <JobSections job={details} />}
        </div>
      )}
    </Dialog>
  );
}

function JobSections({ job }: { job: Job }) {
  return (
    <>
      <Section title="Job Information">
        <DetailList items={jobInformation(job)} />
      </Section>
      <Section title="Job Type & Arrangement">
        <DetailList items={jobTypeAndArrangement(job)} />
      </Section>
      <Section title="Company Details">
        <DetailList items={companyDetails(job)} />
      </Section>
      <Section title="Your Status">
        <DetailList items={yourStatus(job)} />
      </Section>
      {job.applied_for_job && (
        <Section title="Outcome">
          <MyJobOutcome job={job} />
        </Section>
      )}
      {job.data_job_description && <DescriptionSection description={job.data_job_description} />}
      <Section title="Additional Details">
        <div className="space-y-4">
          {additionalDetails(job).map((group) => (
            <Section key={group.title} title={group.title} level={4}>
              <DetailList items={group.items} />
            </Section>
          ))}
        </div>
      </Section>
      <Section title="History">
        <JobHistory jobId={job.id} />
      </Section>
    </>
  );
}
