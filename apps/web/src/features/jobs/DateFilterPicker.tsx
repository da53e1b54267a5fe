import { format, parse } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { focusRing } from '../../components/ui/Button.tsx';
import { Label } from '../../components/ui/Field.tsx';

const DAY_FORMAT = 'yyyy-MM-dd';

export interface DateFilterPickerProps {
  label: string;
  /** YYYY-MM-DD, or null for no bound. */
  value: string | null;
  onChange(day: string | null): void;
}

/** A From or To bound of the custom date filter, picked from a calendar. */
export function DateFilterPicker({ label, value, onChange }: DateFilterPickerProps) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const selected = value ? parse(value, DAY_FORMAT, new Date()) : undefined;
  return (
    <div className="space-y-1.5">
      <Label id={labelId}>{label}</Label>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          aria-labelledby={`${labelId} ${labelId}-value`}
          className={`inline-flex h-10 w-40 items-center justify-between gap-2 rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 hover:bg-neutral-50 ${focusRing}`}
        >
          <span id={`${labelId}-value`}>{selected ? format(selected, 'MMM d, yyyy') : 'Pick a date'}</span>
          <CalendarDays className="size-4 text-neutral-600" aria-hidden="true" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            collisionPadding={8}
            aria-label={`${label} date`}
            className="z-50 rounded-lg border border-neutral-200 bg-white p-3 shadow-lg [--rdp-accent-background-color:var(--color-neutral-100)] [--rdp-accent-color:var(--color-brand)]"
          >
            <DayPicker
              mode="single"
              selected={selected}
              defaultMonth={selected}
              onSelect={(day) => {
                onChange(day ? format(day, DAY_FORMAT) : null);
                setOpen(false);
              }}
              fixedWeeks
              autoFocus
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
