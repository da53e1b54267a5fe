import { DEFAULT_JOB_SORT, type JobSort, type JobSortColumn, type SortDirection } from '@app/domain/jobs';
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

export interface JobSortControlsProps {
  /** The columns the table would let a person sort by, in its order. */
  columns: readonly JobSortColumn[];
  sort: JobSort | null;
  /** Each menu changes its own part of the sort; the other part stays as the list has it. */
  onSort(change: Partial<JobSort>): void;
}

/** Sort by and order, for the card list, which has no column headers to click. */
export function JobSortControls({ columns, sort, onSort }: JobSortControlsProps) {
  const current = sort ?? DEFAULT_JOB_SORT;
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="Sort by">
        {({ id }) => (
          <Select
            id={id}
            className="w-full"
            value={current.column}
            onChange={(event) => onSort({ column: event.target.value as JobSortColumn })}
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
            onChange={(event) => onSort({ direction: event.target.value as SortDirection })}
          >
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </Select>
        )}
      </Field>
    </div>
  );
}
