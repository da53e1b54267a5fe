import { formatCount } from '@app/domain/jobs-format';
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

/**
 * What is chosen in a table and what can be done with it: the count, the actions, Clear Selection.
 * Always there, and its buttons never disabled (`aria-disabled` instead): focus stays on the button
 * used after the selection clears.
 */
export function SelectionBar({
  label,
  count,
  onClear,
  className = '',
  children,
}: {
  /** The group's name, such as 'Selected jobs'. */
  label: string;
  count: number;
  onClear(): void;
  className?: string;
  /** The actions on the chosen rows. */
  children: ReactNode;
}) {
  return (
    <fieldset className={`flex flex-wrap items-center gap-2 ${className}`} aria-label={label}>
      <span className="text-sm text-neutral-700" aria-live="polite">
        {formatCount(count)} selected
      </span>
      {children}
      <Button size="sm" variant="ghost" aria-disabled={count === 0 || undefined} onClick={onClear}>
        Clear Selection
      </Button>
    </fieldset>
  );
}
