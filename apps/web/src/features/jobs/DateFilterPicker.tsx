import { format, parse } from 'date-fns';
import { CalendarDays, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { focusRing } from '../../components/ui/Button.tsx';
import { DatePickerPopover } from '../../components/ui/date-picker.tsx';
import { Label } from '../../components/ui/Field.tsx';

const DAY_FORMAT = 'yyyy-MM-dd';

export interface DateFilterPickerProps {
  label: string;
  /** YYYY-MM-DD, or null for no bound. */
  value: string | null;
  onChange(day: string | null): void;
  /** The id of a message about this bound, when the range is refused. */
  errorId?: string;
}

/** A From or To bound of the custom date filter, picked from a calendar and cleared with its own button. */
export function DateFilterPicker({ label, value, onChange, errorId }: DateFilterPickerProps) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const selected = value ? parse(value, DAY_FORMAT, new Date()) : undefined;
  return (
    <div className="space-y-1.5">
      <Label id={labelId}>{label}</Label>
      <div className="flex items-center gap-1">
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger
            ref={trigger}
            aria-labelledby={`${labelId} ${labelId}-value`}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            className={`inline-flex h-10 w-40 items-center justify-between gap-2 rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 hover:bg-neutral-50 aria-invalid:border-red-600 ${focusRing}`}
          >
            <span id={`${labelId}-value`}>{selected ? format(selected, 'MMM d, yyyy') : 'Pick a date'}</span>
            <CalendarDays className="size-4 text-neutral-600" aria-hidden="true" />
          </Popover.Trigger>
          <DatePickerPopover
            align="start"
            aria-label={`${label} date`}
            selected={selected}
            onSelect={(day) => {
              onChange(day ? format(day, DAY_FORMAT) : null);
              setOpen(false);
            }}
          />
        </Popover.Root>
        {value && (
          <button
            type="button"
            aria-label={`Clear ${label} date`}
            className={`rounded-md p-2 text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 ${focusRing}`}
            onClick={() => {
              onChange(null);
              // This button leaves with the date: focus goes on to the date's own button.
              trigger.current?.focus();
            }}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}
