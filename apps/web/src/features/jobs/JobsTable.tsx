import type { JobListItem, JobSort, JobSortColumn } from '@app/domain/jobs';
import { type ColumnDef, type SortingState, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { focusRing } from '../../components/ui/Button.tsx';
import { jobTableFeatures } from './job-columns.tsx';

/** A first guess at a row's height; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 64;

export interface JobsTableProps {
  label: string;
  /** Already filtered and sorted, in the order shown. */
  jobs: readonly JobListItem[];
  columns: ColumnDef<typeof jobTableFeatures, JobListItem, unknown>[];
  /** null is the default order: refresh date, newest first (then posted date). */
  sort: JobSort | null;
  onSort(column: JobSortColumn): void;
  /** When this changes (new filters, new sort) the list scrolls back to the top. */
  resetKey: unknown;
}

const ariaSort = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;

/**
 * The job table shared by /myjobs and /job-stats: at most 70% of the viewport high, scrolling both
 * ways, with only the rows in view rendered so that thousands of jobs scroll smoothly.
 */
export function JobsTable({ label, jobs, columns, sort, onSort, resetKey }: JobsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const sorting = useMemo<SortingState>(
    () => [sort ? { id: sort.column, desc: sort.direction === 'desc' } : { id: 'refresh_date', desc: true }],
    [sort],
  );
  const table = useTable({
    features: jobTableFeatures,
    columns,
    data: jobs as JobListItem[],
    getRowId: (job) => job.id,
    // The rows arrive sorted by the domain's rules; the table keeps the state for the headers.
    manualSorting: true,
    state: { sorting },
  });
  const rows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling back is the effect of a reset.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  const width = columns.reduce((sum, columnDef) => sum + (columnDef.meta?.width ?? 0), 0);
  const headerGroup = table.getHeaderGroups()[0];

  return (
    <div
      ref={scrollRef}
      className="relative max-h-[70vh] overflow-auto rounded-lg border border-neutral-200 bg-white"
    >
      <table
        aria-label={label}
        aria-rowcount={rows.length + 1}
        className="grid text-sm"
        style={{ width, minWidth: '100%' }}
      >
        <thead className="sticky top-0 z-10 grid border-b border-neutral-200 bg-neutral-50">
          <tr aria-rowindex={1} className="flex w-full">
            {headerGroup?.headers.map((header) => {
              const meta = header.column.columnDef.meta;
              const sortColumn = meta?.sortColumn;
              const sorted = header.column.getIsSorted();
              const SortIcon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={sortColumn ? ariaSort(sorted) : undefined}
                  className="flex shrink-0 items-center px-3 py-2 text-left font-semibold text-neutral-700"
                  style={{ width: meta?.width }}
                >
                  {sortColumn ? (
                    <button
                      type="button"
                      className={`inline-flex items-center gap-1 rounded-sm hover:text-neutral-950 ${focusRing}`}
                      onClick={() => onSort(sortColumn)}
                    >
                      <table.FlexRender header={header} />
                      <SortIcon
                        className={`size-3.5 ${sorted ? 'text-neutral-900' : 'text-neutral-400'}`}
                        aria-hidden="true"
                      />
                    </button>
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr
                key={row.id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={`absolute flex w-full border-b border-neutral-100 ${item.index % 2 ? 'bg-neutral-50/60' : 'bg-white'}`}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className="flex shrink-0 items-center px-3 py-2 text-neutral-800"
                    style={{ width: cell.column.columnDef.meta?.width }}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
