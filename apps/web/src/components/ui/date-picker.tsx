import { Popover } from 'radix-ui';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';

export interface DatePickerPopoverProps {
  /** Which edge of the trigger the calendar lines up with. */
  align: 'start' | 'end';
  'aria-label'?: string;
  selected: Date | undefined;
  onSelect(day: Date | undefined): void;
  /** With both bounds the caption becomes month and year dropdowns, for days far from today. */
  startMonth?: Date;
  endMonth?: Date;
}

/**
 * The calendar of a date picker: one day, in a popover opened by the caller's `Popover.Root` and
 * `Popover.Trigger`, in the brand's colours, weeks starting on Sunday and always six of them so the
 * popover keeps its size from month to month.
 */
export function DatePickerPopover({
  align,
  'aria-label': ariaLabel,
  selected,
  onSelect,
  startMonth,
  endMonth,
}: DatePickerPopoverProps) {
  const dropdowns = startMonth && endMonth;
  return (
    <Popover.Portal>
      <Popover.Content
        align={align}
        sideOffset={6}
        collisionPadding={8}
        aria-label={ariaLabel}
        className="z-50 rounded-lg border border-neutral-200 bg-white p-3 shadow-lg [--rdp-accent-background-color:var(--color-neutral-100)] [--rdp-accent-color:var(--color-brand)]"
      >
        <DayPicker
          mode="single"
          selected={selected}
          onSelect={onSelect}
          defaultMonth={selected}
          captionLayout={dropdowns ? 'dropdown' : 'label'}
          startMonth={startMonth}
          endMonth={endMonth}
          weekStartsOn={0}
          fixedWeeks
          autoFocus
        />
      </Popover.Content>
    </Popover.Portal>
  );
}
