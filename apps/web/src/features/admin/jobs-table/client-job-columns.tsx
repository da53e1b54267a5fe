import type { JobListItem, JobSortColumn } from '@app/domain/jobs';
import { formatShortDate } from '@app/domain/jobs-format';
import { type ColumnDef, createColumnHelper, tableFeatures } from '@tanstack/react-table';
import {
  AnalystNotes,
  AppliedToggle,
  ClientDecision,
  ClientNotes,
  DeleteJobButton,
  JobOutcome,
  PostingLink,
  SelectAllShown,
  SelectJob,
} from './client-job-cells.tsx';

export interface ClientJobColumnMeta {
  /** Pixels; rows are flex rows so that they can be virtualised. */
  width: number;
  /** The domain column a click on the header sorts by. */
  sortColumn?: JobSortColumn;
  /** Stays in view while the table scrolls sideways, so a row never loses which job it is. */
  sticky?: boolean;
}

/** Rows arrive filtered and sorted by the domain's rules; the table lays them out. */
export const clientJobTableFeatures = tableFeatures({ columnMeta: {} as ClientJobColumnMeta });
export type ClientJobColumn = ColumnDef<typeof clientJobTableFeatures, JobListItem, unknown>;
const column = createColumnHelper<typeof clientJobTableFeatures, JobListItem>();

/**
 * The recruiter's columns: every column of data sorts (Applied by the job's status, where Applied
 * comes first); the outcome, the posting link and Delete are actions.
 */
export const clientJobColumns: ClientJobColumn[] = [
  column.display({
    id: 'select',
    header: () => <SelectAllShown />,
    meta: { width: 44, sticky: true },
    cell: ({ row }) => <SelectJob job={row.original} />,
  }),
  column.display({
    id: 'data_job_title',
    header: 'Job Title',
    meta: { width: 220, sortColumn: 'data_job_title', sticky: true },
    cell: ({ row }) => (
      <span className="font-medium break-words">{row.original.data_job_title || 'Untitled job'}</span>
    ),
  }),
  column.display({
    id: 'data_company',
    header: 'Company',
    meta: { width: 160, sortColumn: 'data_company' },
    cell: ({ row }) => <span className="break-words">{row.original.data_company ?? ''}</span>,
  }),
  column.display({
    id: 'refresh_date',
    header: 'Refreshed',
    meta: { width: 112, sortColumn: 'refresh_date' },
    cell: ({ row }) => formatShortDate(row.original.refresh_date),
  }),
  column.display({
    id: 'applied',
    header: 'Applied',
    meta: { width: 96, sortColumn: 'status' },
    cell: ({ row }) => <AppliedToggle job={row.original} />,
  }),
  column.display({
    id: 'outcome',
    header: 'Outcome',
    meta: { width: 184 },
    cell: ({ row }) => <JobOutcome job={row.original} />,
  }),
  column.display({
    id: 'client_approval',
    header: 'Client Decision',
    meta: { width: 144, sortColumn: 'client_approval' },
    cell: ({ row }) => <ClientDecision job={row.original} />,
  }),
  column.display({
    id: 'client_notes',
    header: 'Client Notes',
    meta: { width: 220, sortColumn: 'client_notes' },
    cell: ({ row }) => <ClientNotes job={row.original} />,
  }),
  column.display({
    id: 'analyst_notes',
    header: 'Analyst Notes',
    meta: { width: 280, sortColumn: 'analyst_notes' },
    cell: ({ row }) => <AnalystNotes job={row.original} />,
  }),
  column.display({
    id: 'posting',
    header: 'Posting',
    meta: { width: 96 },
    cell: ({ row }) => <PostingLink job={row.original} />,
  }),
  column.display({
    id: 'delete',
    header: () => <span className="sr-only">Delete</span>,
    meta: { width: 64 },
    cell: ({ row }) => <DeleteJobButton job={row.original} />,
  }),
];
