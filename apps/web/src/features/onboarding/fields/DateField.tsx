import { format, isValid, parse } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { focusRing } from '../../../components/ui/Button.tsx';
import { DatePickerPopover } from '../../../components/ui/date-picker.tsx';
import { Field, Input } from '../../../components/ui/Field.tsx';
import { formatDateInput } from './date-text.ts';
import { type TextFieldName, useFieldError, useWizardForm } from './form-context.ts';

/** How dates are typed and shown (spec 1, section 5); the form stores YYYY-MM-DD. */
export const DISPLAY_FORMAT = 'MM/dd/yyyy';
const STORED_FORMAT = 'yyyy-MM-dd';
const FIRST_MONTH = new Date(1900, 0, 1);
const LAST_MONTH = new Date(2100, 11, 1);

function toDate(text: string, pattern: string): Date | null {
  const date = parse(text.trim(), pattern, new Date(2000, 0, 1));
  if (!isValid(date) || date.getFullYear() < 1900 || date.getFullYear() > 2100) return null;
  return date;
}

/** A stored date as MM/dd/yyyy; anything else is what the person typed, shown as typed. */
function toDisplay(stored: string): string {
  const date = stored ? toDate(stored, STORED_FORMAT) : null;
  return date ? format(date, DISPLAY_FORMAT) : stored;
}

export interface DateFieldProps {
  name: TextFieldName;
  label: string;
  hint?: ReactNode;
}

/**
 * A date typed as MM/dd/yyyy or picked from a calendar with month and year dropdowns (1900-2100).
 * The form holds YYYY-MM-DD once the text reads as a date, and the typed text while it does not: the
 * step's rule then keeps Next disabled with its message, and nothing blank is saved in its place.
 */
export function DateField({ name, label, hint }: DateFieldProps) {
  const { control } = useWizardForm();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateInput
          label={label}
          hint={hint}
          error={error}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

interface DateInputProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string;
  onChange(stored: string): void;
  onBlur(): void;
}

function DateInput({ label, hint, error, value, onChange, onBlur }: DateInputProps) {
  const [text, setText] = useState(() => toDisplay(value));
  const [open, setOpen] = useState(false);
  // The value this input last reported: anything else arriving from the form (a reset, loaded data)
  // replaces what is typed.
  const reported = useRef(value);

  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(toDisplay(value));
    }
  }, [value]);

  const report = (stored: string) => {
    reported.current = stored;
    onChange(stored);
  };

  const onType = (raw: string) => {
    // The slashes go in as the digits come: a phone's numeric keypad cannot type them.
    const typed = formatDateInput(raw);
    setText(typed);
    const date = toDate(typed, DISPLAY_FORMAT);
    report(typed.trim() === '' ? '' : date ? format(date, STORED_FORMAT) : typed);
  };

  const onLeave = () => {
    const date = toDate(text, DISPLAY_FORMAT);
    if (date) setText(format(date, DISPLAY_FORMAT));
    onBlur();
  };

  const onPick = (date: Date | undefined) => {
    const stored = date ? format(date, STORED_FORMAT) : '';
    setText(date ? format(date, DISPLAY_FORMAT) : '');
    report(stored);
    setOpen(false);
  };

  const selected = value ? (toDate(value, STORED_FORMAT) ?? undefined) : undefined;
  return (
    <Field label={label} hint={hint ?? 'Type it as MM/DD/YYYY or pick it from the calendar.'} error={error}>
      {(controlProps) => (
        <div className="flex gap-2">
          <Input
            {...controlProps}
            // Digits only on a phone: formatDateInput puts in the slashes.
            inputMode="numeric"
            placeholder="MM/DD/YYYY"
            autoComplete="off"
            value={text}
            onChange={(event) => onType(event.target.value)}
            onBlur={onLeave}
          />
          <Popover.Root open={open} onOpenChange={setOpen}>
            <Popover.Trigger
              className={`inline-flex h-10 shrink-0 items-center justify-center rounded-md border border-neutral-300 bg-white px-3 text-neutral-700 hover:bg-neutral-50 ${focusRing}`}
              aria-label={`Choose ${label} from a calendar`}
            >
              <CalendarDays className="size-5" aria-hidden="true" />
            </Popover.Trigger>
            <DatePickerPopover
              align="end"
              aria-label={`${label} calendar`}
              selected={selected}
              onSelect={onPick}
              startMonth={FIRST_MONTH}
              endMonth={LAST_MONTH}
            />
          </Popover.Root>
        </div>
      )}
    </Field>
  );
}
