import type { JobListItem, JobSort, JobSortColumn } from '@app/domain/jobs';
import { type ColumnDef, FlexRender, type Row, type SortingState, useTable } from '@tanstack/react-table';
import { type CSSProperties, memo, useMemo, useRef } from 'react';
import { TableScrollBox } from '../../components/ui/TableScrollBox.tsx';
import {
  ColumnHeader,
  type StickyPlacement,
  stickyPlacement,
  stickyWidth,
  useVirtualTableRows,
  VirtualTable,
} from '../../components/ui/VirtualTable.tsx';
import { jobTableFeatures } from './job-columns.tsx';

/**
 * Every row is this high (cells clamp their text to two lines), so the list never measures rows:
 * flinging through thousands of jobs only swaps the rows in view, with no layout pass to size them.
 */
const ROW_HEIGHT = 64;

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

type JobColumnDef = JobsTableProps['columns'][number];

/** A cell's width, and for a sticky column its place and the row's own (opaque) background. */
function cellLayout(
  placement: ReadonlyMap<string, StickyPlacement>,
  columnDef: JobColumnDef,
): { className: string; style: CSSProperties } {
  const width = columnDef.meta?.width;
  const sticky = columnDef.id ? placement.get(columnDef.id) : undefined;
  if (!sticky) return { className: '', style: { width } };
  return {
    className: `sticky z-[1] bg-inherit ${sticky.edge ? 'border-r border-neutral-200 shadow-[4px_0_4px_-4px_rgb(0_0_0/0.15)]' : ''}`,
    style: { width, left: sticky.left },
  };
}

/** One job's row; rows that stay in view while the list scrolls are not rendered again. */
const JobRow = memo(function JobRow({
  row,
  index,
  start,
  placement,
}: {
  row: Row<typeof jobTableFeatures, JobListItem>;
  index: number;
  start: number;
  placement: ReadonlyMap<string, StickyPlacement>;
}) {
  return (
    <tr
      aria-rowindex={index + 2}
      data-job-id={row.id}
      // Opaque backgrounds: sticky cells take the row's and other cells slide under them. Clipped, not
      // hidden: a hidden overflow would make the row a scroll box and the sticky cells stick to it.
      className={`absolute flex w-full overflow-clip border-b border-neutral-100 ${index % 2 ? 'bg-neutral-50' : 'bg-white'}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      {row.getAllCells().map((cell) => {
        const layout = cellLayout(placement, cell.column.columnDef);
        return (
          <td
            key={cell.id}
            className={`flex min-w-0 shrink-0 items-center px-3 py-2 text-neutral-800 ${layout.className}`}
            style={layout.style}
          >
            <FlexRender cell={cell} />
          </td>
        );
      })}
    </tr>
  );
});

/**
 * The job table shared by /myjobs and /job-stats on wider screens: at most 70% of the viewport high,
 * scrolling both ways with the job title (and the checkbox) kept in view, and only the rows in view
 * rendered so that thousands of jobs scroll smoothly.
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
  const virtualizer = useVirtualTableRows({
    rows,
    scrollBox: scrollRef,
    rowHeight: ROW_HEIGHT,
    overscan: 4,
    resetKey,
  });

  const width = columns.reduce((sum, columnDef) => sum + (columnDef.meta?.width ?? 0), 0);
  const placement = useMemo(() => stickyPlacement(columns), [columns]);
  const headerGroup = table.getHeaderGroups()[0];

  return (
    // A control tabbed to is scrolled clear of the sticky title, not left under it.
    <TableScrollBox scrollBox={scrollRef} style={{ scrollPaddingLeft: stickyWidth(columns) }}>
      <VirtualTable
        label={label}
        rowCount={rows.length}
        width={width}
        height={virtualizer.getTotalSize()}
        headers={headerGroup?.headers.map((header) => {
          const sortColumn = header.column.columnDef.meta?.sortColumn;
          const layout = cellLayout(placement, header.column.columnDef);
          return (
            <ColumnHeader
              key={header.id}
              sortable={sortColumn !== undefined}
              direction={header.column.getIsSorted() || undefined}
              onSort={() => sortColumn && onSort(sortColumn)}
              className={layout.className}
              style={layout.style}
            >
              <table.FlexRender header={header} />
            </ColumnHeader>
          );
        })}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <JobRow key={row.id} row={row} index={item.index} start={item.start} placement={placement} />
          );
        })}
      </VirtualTable>
    </TableScrollBox>
  );
}
