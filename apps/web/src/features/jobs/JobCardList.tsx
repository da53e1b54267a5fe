import type { JobListItem } from '@app/domain/jobs';
import { formatSalary, formatShortDate } from '@app/domain/jobs-format';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useKeptInRange } from '../../lib/use-kept-in-range.ts';
import { useListPlace } from '../../lib/use-list-place.ts';
import { AnalystNote } from './AnalystNote.tsx';
import {
  ApplyLink,
  CompanyLink,
  DecisionText,
  DecisionToggle,
  JobTitleButton,
  NotesButton,
  SelectJobCheckbox,
  StatusBadge,
  ViewDetailsButton,
} from './JobCells.tsx';
import type { JobTableVariant, OptionalJobField } from './job-columns.tsx';
import { MyJobOutcome } from './MyJobOutcome.tsx';

/** A first guess at a card's height; cards are measured once drawn. */
const ESTIMATED_CARD_HEIGHT = 220;

export interface JobCardListProps {
  label: string;
  variant: JobTableVariant;
  /** Already filtered and sorted, in the order shown. */
  jobs: readonly JobListItem[];
  /** The optional values some job has; each card shows those it has itself. */
  optional: readonly OptionalJobField[];
  /** When this changes (new filters, new sort) the list scrolls back to the top (see useListPlace). */
  resetKey: unknown;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-neutral-600">{label}</dt>
      <dd className="text-sm break-words text-neutral-900">{children}</dd>
    </div>
  );
}

/** One job's card; cards that stay in view while the list scrolls are not rendered again. */
const JobCard = memo(function JobCard({
  job,
  serialNumber,
  variant,
  optional,
}: {
  job: JobListItem;
  serialNumber: number;
  variant: JobTableVariant;
  optional: readonly OptionalJobField[];
}) {
  const manage = variant === 'manage';
  const place = [job.data_location_city, job.data_location_state, job.data_location_country]
    .filter(Boolean)
    .join(', ');
  const shows = (field: OptionalJobField) =>
    optional.includes(field) && job[field] !== null && job[field] !== '';
  return (
    <div className="space-y-3 rounded-lg border border-neutral-200 bg-white p-3">
      {/* What the job is comes first: title, company, status and decision, then the actions. */}
      <div className="flex items-start gap-3">
        {manage && (
          <div className="pt-0.5">
            <SelectJobCheckbox job={job} />
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-0.5">
          <JobTitleButton job={job} />
          <div className="text-sm text-neutral-800">
            <CompanyLink job={job} />
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <Fact label="Status">
          <StatusBadge job={job} />
        </Fact>
        <Fact label="Your Decision">
          <DecisionText job={job} notRejected={manage ? 'Pending' : 'Approved'} />
        </Fact>
        {job.applied_for_job && (
          <Fact label="Outcome">
            <MyJobOutcome job={job} />
          </Fact>
        )}
        <Fact label="S.No">{serialNumber}</Fact>
        <Fact label="Refreshed">{formatShortDate(job.refresh_date)}</Fact>
        {shows('max_salary') && <Fact label="Max Salary">{formatSalary(job.max_salary)}</Fact>}
        {place && <Fact label="Location">{place}</Fact>}
        {shows('data_posted') && <Fact label="Posted">{formatShortDate(job.data_posted)}</Fact>}
      </dl>
      {job.analyst_notes && (
        <div>
          <p className="text-xs font-medium text-neutral-600">Analyst Notes</p>
          <p className="line-clamp-3 text-sm wrap-anywhere text-neutral-800">
            <AnalystNote note={job.analyst_notes} />
          </p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {manage && <DecisionToggle job={job} serialNumber={serialNumber} />}
        <NotesButton job={job} />
        <ViewDetailsButton job={job} />
        <span className="ml-auto px-1 text-sm">
          <ApplyLink job={job} />
        </span>
      </div>
    </div>
  );
});

/** Where an element starts on the page, counted from the page's top (the window's scroll is). */
function pageTop(element: HTMLElement | null): number {
  return (element?.getBoundingClientRect().top ?? 0) + window.scrollY;
}

/**
 * The job list on narrow screens: one card per job, with the same controls as a table row. The
 * cards scroll with the page, so a phone has one scroll (no box within it); only the cards in view
 * are rendered.
 */
export function JobCardList({ label, variant, jobs, optional, resetKey }: JobCardListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts on the page, measured after every render, since what sits above the list
  // (the selection bar) comes and goes.
  const [listTop, setListTop] = useState(0);
  useLayoutEffect(() => {
    const top = pageTop(listRef.current);
    setListTop((previous) => (Math.abs(previous - top) < 1 ? previous : top));
  });
  const virtualizer = useWindowVirtualizer({
    count: jobs.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => jobs[index]?.id ?? index,
    overscan: 3,
    scrollMargin: listTop,
    rangeExtractor: useKeptInRange(listRef, jobs),
  });

  useListPlace({
    virtualizer,
    jobIdAt: (index) => jobs[index]?.id,
    resetKey,
    // A new list starts from its first card: a page scrolled past the list's top goes back to it.
    scrollToTop: () => {
      const top = pageTop(listRef.current);
      if (window.scrollY > top) window.scrollTo({ top });
    },
  });

  return (
    <div className="rounded-lg bg-neutral-100 p-2">
      <ul
        ref={listRef}
        aria-label={label}
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const job = jobs[item.index];
          if (!job) return null;
          return (
            <li
              key={job.id}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-job-id={job.id}
              aria-posinset={item.index + 1}
              aria-setsize={jobs.length}
              className="absolute top-0 left-0 w-full pb-2"
              style={{ transform: `translateY(${item.start - listTop}px)` }}
            >
              <JobCard job={job} serialNumber={item.index + 1} variant={variant} optional={optional} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
