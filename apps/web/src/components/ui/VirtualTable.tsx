import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { CSSProperties, ReactNode, RefObject } from 'react';
import { useKeptInRange } from '../../lib/use-kept-in-range.ts';
import { useListPlace } from '../../lib/use-list-place.ts';
import { focusRing } from './Button.tsx';

export type SortDirection = 'asc' | 'desc' | undefined;

/**
 * The virtualizer of a job table's rows in their scroll box, keeping the box's place through a
 * reload or Back (see useListPlace); a change of `resetKey` (a new filter or sort) starts it at the
 * top. Rows are keyed by their job's id. The row holding keyboard focus and the row of `keptId`
 * stay rendered when scrolled out of view (see useKeptInRange).
 */
export function useVirtualTableRows({
  rows,
  scrollBox,
  rowHeight,
  overscan,
  resetKey,
  keptId = null,
}: {
  rows: readonly { id: string }[];
  scrollBox: RefObject<HTMLDivElement | null>;
  /** A row's height, or a first guess at it when rows are measured once drawn. */
  rowHeight: number;
  overscan: number;
  resetKey: unknown;
  keptId?: string | null;
}) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan,
    rangeExtractor: useKeptInRange(scrollBox, rows, keptId),
  });
  useListPlace({
    virtualizer,
    jobIdAt: (index) => rows[index]?.id,
    resetKey,
    scrollToTop: () => scrollBox.current?.scrollTo({ top: 0 }),
  });
  return virtualizer;
}

/**
 * The frame of the virtualised job tables (the client's and the recruiter's): a grid table whose
 * header stays on top while the rows, positioned by the caller's virtualizer (useVirtualTableRows,
 * with each row's `data-job-id`), scroll under it. Only rows in view are rendered, so
 * `aria-rowcount` tells assistive technology how many there are.
 */
export function VirtualTable({
  label,
  rowCount,
  width,
  height,
  headers,
  children,
}: {
  label: string;
  /** Rows of data, the header row not counted. */
  rowCount: number;
  /** The columns' widths added up, in pixels; the table fills its box when they add up to less. */
  width: number;
  /** The virtualizer's total height of all the rows. */
  height: number;
  /** The header row's cells, usually `ColumnHeader`s. */
  headers: ReactNode;
  /** The rows in view, each positioned at its virtual offset and carrying its `aria-rowindex`. */
  children: ReactNode;
}) {
  return (
    <table
      aria-label={label}
      aria-rowcount={rowCount + 1}
      className="grid text-sm"
      style={{ width, minWidth: '100%' }}
    >
      <thead className="sticky top-0 z-10 grid border-b border-neutral-200 bg-neutral-50">
        <tr aria-rowindex={1} className="flex w-full bg-neutral-50">
          {headers}
        </tr>
      </thead>
      <tbody className="relative grid" style={{ height }}>
        {children}
      </tbody>
    </table>
  );
}

/**
 * A column header: a sortable column's title is a button with an arrow saying how it sorts, and
 * `aria-sort` says it too. In a `VirtualTable`'s flex rows (the default) widths come from the column;
 * `row="table"` is for a plain table, which lays its columns out itself.
 */
export function ColumnHeader({
  sortable,
  direction,
  onSort,
  row = 'flex',
  className = '',
  style,
  children,
}: {
  sortable: boolean;
  direction: SortDirection;
  onSort(): void;
  row?: 'flex' | 'table';
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const SortIcon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={sortable ? ariaSort(direction) : undefined}
      className={`${row === 'flex' ? 'flex shrink-0 items-center' : ''} px-3 py-2 text-left font-semibold whitespace-nowrap text-neutral-700 ${className}`}
      style={style}
    >
      {sortable ? (
        <button
          type="button"
          className={`inline-flex items-center gap-1 rounded-sm whitespace-nowrap hover:text-neutral-950 ${focusRing}`}
          onClick={onSort}
        >
          {children}
          <SortIcon
            className={`size-3.5 ${direction ? 'text-neutral-900' : 'text-neutral-400'}`}
            aria-hidden="true"
          />
        </button>
      ) : (
        children
      )}
    </th>
  );
}

function ariaSort(direction: SortDirection) {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined;
}

/** What the sticky placement needs of a column definition: its id, width, and whether it stays put. */
interface StickyColumnDef {
  id?: string;
  meta?: { width: number; sticky?: boolean };
}

/** A sticky column's place: its distance from the left, and whether it is the last one (the edge). */
export interface StickyPlacement {
  left: number;
  edge: boolean;
}

/**
 * Where each sticky column of a job table stays while the table scrolls sideways: after the sticky
 * columns before it. The last one draws the edge the other columns slide under.
 */
export function stickyPlacement(columns: readonly StickyColumnDef[]): Map<string, StickyPlacement> {
  const placement = new Map<string, StickyPlacement>();
  let left = 0;
  let last: string | undefined;
  for (const columnDef of columns) {
    if (!columnDef.meta?.sticky || !columnDef.id) continue;
    placement.set(columnDef.id, { left, edge: false });
    left += columnDef.meta.width;
    last = columnDef.id;
  }
  const edge = last === undefined ? undefined : placement.get(last);
  if (edge) edge.edge = true;
  return placement;
}

/**
 * How wide a job table's sticky columns are together: its scroll box keeps that much clear at the
 * left (scroll-padding), so a control tabbed to never ends under them.
 */
export function stickyWidth(columns: readonly StickyColumnDef[]): number {
  return columns.reduce((sum, columnDef) => sum + (columnDef.meta?.sticky ? columnDef.meta.width : 0), 0);
}
