import { Popover } from 'radix-ui';
import { lazy, Suspense } from 'react';
import type { CalendarProps } from './calendar.tsx';
import { LoadingLine } from './Spinner.tsx';

// The calendar and its date library are most of a date picker's code, and most visits never open
// one: a phone downloads them when a calendar is first opened, not with every page that has a date.
const Calendar = lazy(async () => ({ default: (await import('./calendar.tsx')).Calendar }));

export interface DatePickerPopoverProps extends CalendarProps {
  /** Which edge of the trigger the calendar lines up with. */
  align: 'start' | 'end';
  'aria-label'?: string;
}

/**
 * The calendar of a date picker: one day, in a popover opened by the caller's `Popover.Root` and
 * `Popover.Trigger`, in the brand's colours.
 */
export function DatePickerPopover({ align, 'aria-label': ariaLabel, ...calendar }: DatePickerPopoverProps) {
  return (
    <Popover.Portal>
      <Popover.Content
        align={align}
        sideOffset={6}
        collisionPadding={8}
        aria-label={ariaLabel}
        className="z-50 rounded-lg border border-neutral-200 bg-white p-3 shadow-lg"
      >
        <Suspense fallback={<LoadingLine>Loading the calendar...</LoadingLine>}>
          <Calendar {...calendar} />
        </Suspense>
      </Popover.Content>
    </Popover.Portal>
  );
}
