import { format, isValid, parse } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { focusRing } from '../../../components/ui/Button.tsx';
import { DatePickerPopover } from '../../../components/ui/date-picker.tsx';
import { Field, Input } from '../../../components/ui/Field.tsx';
import { type TextFieldName, useFieldError, useWizardForm } from './form-context.ts';

/** How dates are typed and shown (spec 1, section 5); the form stores YYYY-MM-DD. */
export const DISPLAY_FORMAT = 'MM/dd/yyyy';
const STORED_FORMAT = 'yyyy-MM-dd';
const FIRST_MONTH = new Date(1900, 0, 1);
const LAST_MONTH = new Date(2100, 11, 1);
const TYPED_DATE_MESSAGE = 'Enter the date as MM/DD/YYYY, between 1900 and 2100';

function toDate(text: string, pattern: string): Date | null {
  const date = parse(text.trim(), pattern, new Date(2000, 0, 1));
  if (!isValid(date) || date.getFullYear() < 1900 || date.getFullYear() > 2100) return null;
  return date;
}

function toDisplay(stored: string): string {
  const date = stored ? toDate(stored, STORED_FORMAT) : null;
  return date ? format(date, DISPLAY_FORMAT) : '';
}

export interface DateFieldProps {
  name: TextFieldName;
  label: string;
  hint?: ReactNode;
}

/** A date typed as MM/dd/yyyy or picked from a calendar with month and year dropdowns (1900-2100). */
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
  const [typingError, setTypingError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // The value this input last reported: anything else arriving from the form (a reset, loaded data)
  // replaces what is typed.
  const reported = useRef(value);

  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(toDisplay(value));
      setTypingError(null);
    }
  }, [value]);

  const report = (stored: string) => {
    reported.current = stored;
    onChange(stored);
  };

  const onType = (typed: string) => {
    setText(typed);
    const date = toDate(typed, DISPLAY_FORMAT);
    if (typed.trim() === '') report('');
    else if (date) report(format(date, STORED_FORMAT));
    if (typed.trim() === '' || date) setTypingError(null);
  };

  const onLeave = () => {
    const date = toDate(text, DISPLAY_FORMAT);
    if (date) setText(format(date, DISPLAY_FORMAT));
    else if (text.trim() !== '') {
      // An unreadable date is not stored: the field stays empty until it reads as a date.
      report('');
      setTypingError(TYPED_DATE_MESSAGE);
    }
    onBlur();
  };

  const onPick = (date: Date | undefined) => {
    const stored = date ? format(date, STORED_FORMAT) : '';
    setText(date ? format(date, DISPLAY_FORMAT) : '');
    setTypingError(null);
    report(stored);
    setOpen(false);
  };

  const selected = value ? (toDate(value, STORED_FORMAT) ?? undefined) : undefined;
  return (
    <Field
      label={label}
      hint={hint ?? 'Type it as MM/DD/YYYY or pick it from the calendar.'}
      error={typingError ?? error}
    >
      {(controlProps) => (
        <div className="flex gap-2">
          <Input
            {...controlProps}
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
