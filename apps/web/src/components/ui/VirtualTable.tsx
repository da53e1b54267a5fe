import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { focusRing } from './Button.tsx';

export type SortDirection = 'asc' | 'desc' | undefined;

/**
 * The frame of the virtualised job tables (the client's and the recruiter's): a grid table whose
 * header stays on top while the rows, positioned by the caller's virtualizer, scroll under it. Only
 * rows in view are rendered, so `aria-rowcount` tells assistive technology how many there are.
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
