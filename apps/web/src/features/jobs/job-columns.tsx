import type { JobListItem, JobSortColumn } from '@app/domain/jobs';
import { formatSalary, formatShortDate } from '@app/domain/jobs-format';
import { type ColumnDef, createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import {
  AnalystNotesCell,
  ApplyLink,
  CompanyLink,
  DecisionText,
  DecisionToggle,
  JobTitleButton,
  NotesButton,
  SelectAllCheckbox,
  SelectJobCheckbox,
  StatusBadge,
  ViewDetailsButton,
} from './JobCells.tsx';
import { MyJobOutcome } from './MyJobOutcome.tsx';

/**
 * The columns of the two job tables (spec 2, section 2): /myjobs manages jobs (checkboxes and the
 * Reject toggle); /job-stats is the variant without them. Sorting is done by the domain's
 * `sortJobs`, so the table only keeps the sort state and renders it.
 */

export type JobTableVariant = 'manage' | 'stats';

export interface JobColumnMeta {
  /** Pixels; rows are laid out as flex rows so that they can be virtualised. */
  width: number;
  /** The domain column a click on the header sorts by. */
  sortColumn?: JobSortColumn;
  /**
   * Stays in view while the table scrolls sideways (the job title, and the checkbox beside it), so
   * that every other column can be reached without losing which job a row is.
   */
  sticky?: boolean;
}

export const jobTableFeatures = tableFeatures({ rowSortingFeature, columnMeta: {} as JobColumnMeta });
type JobColumn = ColumnDef<typeof jobTableFeatures, JobListItem, unknown>;
const column = createColumnHelper<typeof jobTableFeatures, JobListItem>();

const serialNumber = (index: number) => index + 1;

/** Optional columns, shown when at least one job in the list has the value (see docs/decisions). */
export const OPTIONAL_JOB_FIELDS = [
  'max_salary',
  'data_location_city',
  'data_location_state',
  'data_location_country',
  'data_posted',
] as const;
export type OptionalJobField = (typeof OPTIONAL_JOB_FIELDS)[number];

const optionalColumns: Record<OptionalJobField, JobColumn> = {
  max_salary: column.display({
    id: 'max_salary',
    header: 'Max Salary',
    meta: { width: 120, sortColumn: 'max_salary' },
    cell: ({ row }) => (row.original.max_salary === null ? '' : formatSalary(row.original.max_salary)),
  }),
  data_location_city: column.display({
    id: 'data_location_city',
    header: 'City',
    meta: { width: 140, sortColumn: 'data_location_city' },
    cell: ({ row }) => row.original.data_location_city ?? '',
  }),
  data_location_state: column.display({
    id: 'data_location_state',
    header: 'State',
    meta: { width: 96, sortColumn: 'data_location_state' },
    cell: ({ row }) => row.original.data_location_state ?? '',
  }),
  data_location_country: column.display({
    id: 'data_location_country',
    header: 'Country',
    meta: { width: 150, sortColumn: 'data_location_country' },
    cell: ({ row }) => row.original.data_location_country ?? '',
  }),
  data_posted: column.display({
    id: 'data_posted',
    header: 'Posted',
    meta: { width: 96, sortColumn: 'data_posted' },
    cell: ({ row }) => (row.original.data_posted ? formatShortDate(row.original.data_posted) : ''),
  }),
};

/** The optional fields that at least one job has, in column order. */
export function presentOptionalFields(jobs: readonly JobListItem[]): OptionalJobField[] {
  return OPTIONAL_JOB_FIELDS.filter((field) => jobs.some((job) => job[field] !== null && job[field] !== ''));
}

const selectColumn = column.display({
  id: 'select',
  header: () => <SelectAllCheckbox />,
  meta: { width: 48, sticky: true },
  cell: ({ row }) => <SelectJobCheckbox job={row.original} />,
});

const serialNumberColumn = column.display({
  id: 'serial_number',
  header: 'S.No',
  meta: { width: 64 },
  cell: ({ row }) => serialNumber(row.index),
});

/** `width` in pixels: the capitalised heading of My Job Stats needs more room beside its sort arrow. */
const refreshedColumn = (header: string, width: number) =>
  column.display({
    id: 'refresh_date',
    header,
    meta: { width, sortColumn: 'refresh_date' },
    cell: ({ row }) => formatShortDate(row.original.refresh_date),
  });

const decisionColumn = (variant: JobTableVariant) =>
  column.display({
    id: 'client_approval',
    header: 'Your Decision',
    meta: { width: 152, sortColumn: 'client_approval' },
    cell: ({ row }) =>
      variant === 'manage' ? (
        <DecisionToggle job={row.original} serialNumber={serialNumber(row.index)} />
      ) : (
        <DecisionText job={row.original} />
      ),
  });

const sharedColumns = {
  title: column.display({
    id: 'data_job_title',
    header: 'Job Title',
    meta: { width: 260, sortColumn: 'data_job_title', sticky: true },
    // Rows have one height (see JobsTable): long titles and company names take two lines at most.
    cell: ({ row }) => <JobTitleButton job={row.original} className="line-clamp-2" />,
  }),
  company: column.display({
    id: 'data_company',
    header: 'Company',
    meta: { width: 180, sortColumn: 'data_company' },
    cell: ({ row }) => <CompanyLink job={row.original} className="line-clamp-2" />,
  }),
  notes: column.display({
    id: 'client_notes',
    header: 'Notes',
    meta: { width: 136, sortColumn: 'client_notes' },
    cell: ({ row }) => <NotesButton job={row.original} />,
  }),
  analystNotes: column.display({
    id: 'analyst_notes',
    header: 'Analyst Notes',
    meta: { width: 260, sortColumn: 'analyst_notes' },
    cell: ({ row }) => <AnalystNotesCell job={row.original} />,
  }),
  status: column.display({
    id: 'status',
    header: 'Status',
    meta: { width: 112, sortColumn: 'status' },
    cell: ({ row }) => <StatusBadge job={row.original} />,
  }),
  outcome: column.display({
    id: 'outcome',
    header: 'Outcome',
    meta: { width: 184 },
    cell: ({ row }) => <MyJobOutcome job={row.original} />,
  }),
  details: column.display({
    id: 'view_details',
    header: 'View Details',
    meta: { width: 136 },
    cell: ({ row }) => <ViewDetailsButton job={row.original} />,
  }),
  apply: column.display({
    id: 'apply',
    header: 'Apply',
    meta: { width: 112 },
    cell: ({ row }) => <ApplyLink job={row.original} />,
  }),
};

/** The columns in the spec's order, then the optional ones present. */
export function jobColumns(variant: JobTableVariant, optional: readonly OptionalJobField[]): JobColumn[] {
  const { title, company, notes, analystNotes, status, outcome, details, apply } = sharedColumns;
  const leading =
    variant === 'manage'
      ? [selectColumn, serialNumberColumn, refreshedColumn('Refreshed', 112), decisionColumn(variant), title]
      : [serialNumberColumn, refreshedColumn('REFRESHED', 136), title];
  const middle = variant === 'manage' ? [company, notes] : [company, decisionColumn(variant), notes];
  return [
    ...leading,
    ...middle,
    analystNotes,
    status,
    outcome,
    details,
    apply,
    ...optional.map((field) => optionalColumns[field]),
  ];
}
