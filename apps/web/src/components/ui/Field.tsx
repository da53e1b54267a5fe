import { CircleAlert } from 'lucide-react';
import { type ComponentProps, type ReactNode, type RefObject, useId } from 'react';
import { focusRing } from './Button.tsx';

const controlClasses =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-500 focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand aria-invalid:border-red-600 disabled:bg-neutral-100';

export function Label({ className = '', ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control.
  return <label className={`block text-sm font-medium text-neutral-800 ${className}`} {...props} />;
}

export function Input({ className = '', ...props }: ComponentProps<'input'>) {
  return <input className={`${controlClasses} ${className}`} {...props} />;
}

/** A native select, as tall as a button: phones show their own picker for it. */
export function Select({ className = '', ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={`block h-10 rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand aria-invalid:border-red-600 disabled:bg-neutral-100 ${className}`}
      {...props}
    />
  );
}

export function Textarea({ className = '', ...props }: ComponentProps<'textarea'>) {
  return <textarea className={`${controlClasses} ${className}`} {...props} />;
}

/**
 * A table's checkbox, named by its own label (a row of them is never a row of bare "checkbox"es),
 * inside a label that widens what a finger can hit to 28 px without moving the box. `checked:
 * 'some'` draws the mixed state, for a box that chooses all rows shown. A `disabled` box is faded and
 * cannot be changed.
 */
export function Checkbox({
  label,
  checked,
  onChange,
  disabled,
  ref,
}: {
  label: string;
  checked: boolean | 'some';
  onChange(): void;
  disabled?: boolean;
  ref?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <label
      className={`-m-1.5 inline-flex p-1.5 ${disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`}
    >
      <input
        type="checkbox"
        className={`size-4 cursor-pointer accent-brand disabled:cursor-not-allowed ${focusRing}`}
        aria-label={label}
        checked={checked === true}
        disabled={disabled}
        ref={(box) => {
          if (box) box.indeterminate = checked === 'some';
          if (ref) ref.current = box;
        }}
        onChange={onChange}
      />
    </label>
  );
}

/** A choose-all box's state: checked when every row shown is chosen, mixed when some are. */
export function allChosen(chosen: number, shown: number): boolean | 'some' {
  if (chosen === 0) return false;
  return chosen === shown ? true : 'some';
}

/** The asterisk after a required field's name; assistive technology hears "required" from the control instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {' '}
      *
    </span>
  );
}

/** A control's label, marked when the answer is required. */
export function FieldLabel({
  required,
  children,
  ...props
}: ComponentProps<'label'> & { required?: boolean }) {
  return (
    <Label {...props}>
      {children}
      {required && <RequiredMark />}
    </Label>
  );
}

/** A hint under a control; give it the id the control's aria-describedby names. */
export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-neutral-600">
      {children}
    </p>
  );
}

/**
 * An error message under a control; give it the id the control's aria-describedby names.
 *
 * Not a live region (role="alert"): the wizard validates onTouched, so once a field has been left its
 * message is checked again at every keystroke and would interrupt the typing each time it appears or
 * changes ('Email Address is required' turning into 'Please enter a valid email address'), and a held
 * Next shows every message of a step at once. The control says its error when it has the focus: a
 * form that checks on submit moves the focus to the field at fault (OutcomeControl), and a failure
 * that is no field's fault (a server's refusal, a lost connection) is a toast, which is announced.
 */
export function FieldError({
  id,
  icon = false,
  children,
}: {
  id?: string;
  /** The red icon before the message, as spec 1's upload error state has it. */
  icon?: boolean;
  children: ReactNode;
}) {
  return (
    <p id={id} className={`text-sm text-red-700${icon ? ' flex items-center gap-2' : ''}`}>
      {icon && <CircleAlert className="size-4 shrink-0" aria-hidden="true" />}
      {children}
    </p>
  );
}

/** What a control needs from its Field so that label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  required: boolean | undefined;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, its control, an optional hint and an error message, wired together for assistive technology. */
export function Field({ label, hint, error, required, className = '', children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`space-y-1.5 ${className}`}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required })}
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
