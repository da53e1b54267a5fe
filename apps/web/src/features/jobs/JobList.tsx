import type { JobListItem, JobSort, JobSortColumn } from '@app/domain/jobs';
import { useId } from 'react';
import { JobCardList } from './JobCardList.tsx';
import { JobsTable, type JobsTableProps } from './JobsTable.tsx';
import type { JobTableVariant, OptionalJobField } from './job-columns.tsx';

/** Out of sight until focused: the way past the list, and where it lands. */
const skipLinkClasses =
  'sr-only focus:not-sr-only focus:my-2 focus:inline-block focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand focus:shadow focus:outline-2 focus:outline-brand';

export interface JobListProps {
  label: string;
  variant: JobTableVariant;
  /** From the mobile breakpoint up: a table; below it, cards. */
  wide: boolean;
  /** Already filtered and sorted, in the order shown. */
  jobs: readonly JobListItem[];
  columns: JobsTableProps['columns'];
  optional: readonly OptionalJobField[];
  sort: JobSort | null;
  onSort(column: JobSortColumn): void;
  /** When this changes (new filters, new sort) the list scrolls back to the top. */
  resetKey: unknown;
}

/**
 * The jobs shown, as a table on wider screens and as cards on phones, with a skip link past them:
 * only the rows in view are rendered, but those alone hold dozens of controls.
 */
export function JobList({
  label,
  variant,
  wide,
  jobs,
  columns,
  optional,
  sort,
  onSort,
  resetKey,
}: JobListProps) {
  const endId = useId();
  return (
    <>
      <a
        href={`#${endId}`}
        className={skipLinkClasses}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(endId)?.focus();
        }}
      >
        Skip past the jobs table
      </a>
      {wide ? (
        <JobsTable
          label={label}
          jobs={jobs}
          columns={columns}
          sort={sort}
          onSort={onSort}
          resetKey={resetKey}
        />
      ) : (
        <JobCardList label={label} variant={variant} jobs={jobs} optional={optional} resetKey={resetKey} />
      )}
      <p id={endId} tabIndex={-1} className={skipLinkClasses}>
        End of the jobs table
      </p>
    </>
  );
}
