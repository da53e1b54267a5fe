import type { JobSort, JobSortColumn, SortDirection } from '@app/domain/jobs';
import { Field, Select } from '../../components/ui/Field.tsx';

/** How each sortable column reads in the sort menu of the card list. */
const SORT_LABELS: Record<JobSortColumn, string> = {
  refresh_date: 'Refreshed',
  client_approval: 'Your Decision',
  data_job_title: 'Job Title',
  data_company: 'Company',
  client_notes: 'Notes',
  analyst_notes: 'Analyst Notes',
  status: 'Status',
  max_salary: 'Max Salary',
  data_location_city: 'City',
  data_location_state: 'State',
  data_location_country: 'Country',
  data_posted: 'Posted',
};

/** The default order, as the menus show it: refreshed, newest first. */
const DEFAULT_SORT: JobSort = { column: 'refresh_date', direction: 'desc' };

export interface JobSortControlsProps {
  /** The columns the table would let a person sort by, in its order. */
  columns: readonly JobSortColumn[];
  sort: JobSort | null;
  onSort(sort: JobSort): void;
}

/** Sort by and order, for the card list, which has no column headers to click. */
export function JobSortControls({ columns, sort, onSort }: JobSortControlsProps) {
  const current = sort ?? DEFAULT_SORT;
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="Sort by">
        {({ id }) => (
          <Select
            id={id}
            className="w-full"
            value={current.column}
            onChange={(event) =>
              onSort({ column: event.target.value as JobSortColumn, direction: current.direction })
            }
          >
            {columns.map((column) => (
              <option key={column} value={column}>
                {SORT_LABELS[column]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Order">
        {({ id }) => (
          <Select
            id={id}
            className="w-full"
            value={current.direction}
            onChange={(event) =>
              onSort({ column: current.column, direction: event.target.value as SortDirection })
            }
          >
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </Select>
        )}
      </Field>
    </div>
  );
}
