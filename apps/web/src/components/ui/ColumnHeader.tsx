import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { focusRing } from './Button.tsx';

export type SortDirection = 'asc' | 'desc' | undefined;

/**
 * A column header of the virtualised job tables (flex rows, so widths come from the column): a
 * sortable column's title is a button with an arrow saying how it sorts, and `aria-sort` says it too.
 */
export function ColumnHeader({
  sortable,
  direction,
  onSort,
  className = '',
  style,
  children,
}: {
  sortable: boolean;
  direction: SortDirection;
  onSort(): void;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const SortIcon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={sortable ? ariaSort(direction) : undefined}
      className={`flex shrink-0 items-center px-3 py-2 text-left font-semibold whitespace-nowrap text-neutral-700 ${className}`}
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
