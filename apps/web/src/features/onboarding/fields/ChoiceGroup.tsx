import type { Option } from '@app/domain/onboarding-fields';
import { type ReactNode, useId } from 'react';
import { FieldError, FieldHint, RequiredMark } from '../../../components/ui/Field.tsx';
import { type ListFieldName, type TextFieldName, useFieldError, useWizardForm } from './form-context.ts';

const optionClasses =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 hover:border-neutral-400 has-checked:border-brand has-checked:bg-brand/5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand';

interface GroupShellProps {
  legend: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  error?: string;
  /** Grid classes for the options: a row of pills for short answers, columns for longer lists. */
  layout: string;
  /** The options, each given what marks it invalid and ties it to the error. */
  children: (option: OptionErrorProps) => ReactNode;
}

/** What every option of a group with an error carries. */
interface OptionErrorProps {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A fieldset whose legend names the question; its options are native inputs, one per label. A
 * required group says so in its legend's name too: a group of checkboxes has no other way to (a
 * checkbox marked required would read as 'this one must be ticked').
 *
 * An error marks the options, not the fieldset: ARIA 1.2 no longer has aria-invalid on a group (the
 * fieldset's role), and a screen reader says 'invalid' of the control that has the focus, which is an
 * option, never the fieldset. Each option is therefore invalid and described by the error. (A
 * fieldset with role="radiogroup" may carry aria-invalid, but its radios would still not be marked,
 * and a group of checkboxes has no such role.) The hint stays the group's description.
 */
function GroupShell({ legend, hint, required, error, layout, children }: GroupShellProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="space-y-2" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-medium text-neutral-800">
        {legend}
        {required && (
          <>
            <RequiredMark />
            <span className="sr-only"> (required)</span>
          </>
        )}
      </legend>
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      <div className={layout}>
        {children({ 'aria-invalid': error ? true : undefined, 'aria-describedby': errorId })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

export interface ChoiceGroupProps {
  name: TextFieldName;
  legend: ReactNode;
  options: readonly Option[];
  hint?: ReactNode;
  required?: boolean;
}

/** One answer from a short list (Yes/No, Yes/No/Pending, Yes/No/Maybe) as radio buttons. */
export function ChoiceGroup({ name, legend, options, hint, required }: ChoiceGroupProps) {
  const { register } = useWizardForm();
  const error = useFieldError(name);
  return (
    <GroupShell legend={legend} hint={hint} required={required} error={error} layout="flex flex-wrap gap-2">
      {(invalid) =>
        options.map((option) => (
          <label key={option.value} className={`${optionClasses} min-w-20`}>
            <input
              type="radio"
              value={option.value}
              required={required}
              className="size-4 accent-brand"
              {...invalid}
              {...register(name)}
            />
            {option.label}
          </label>
        ))
      }
    </GroupShell>
  );
}

export interface CheckboxGroupProps {
  name: ListFieldName;
  legend: ReactNode;
  options: readonly Option[];
  hint?: ReactNode;
  required?: boolean;
}

/** Any number of answers from a list (job types, work location types) as checkboxes. */
export function CheckboxGroup({ name, legend, options, hint, required }: CheckboxGroupProps) {
  const { register } = useWizardForm();
  const error = useFieldError(name);
  return (
    <GroupShell
      legend={legend}
      hint={hint}
      required={required}
      error={error}
      layout="grid grid-cols-2 gap-2 sm:grid-cols-3"
    >
      {(invalid) =>
        options.map((option) => (
          <label key={option.value} className={optionClasses}>
            <input
              type="checkbox"
              value={option.value}
              className="size-4 accent-brand"
              {...invalid}
              {...register(name)}
            />
            {option.label}
          </label>
        ))
      }
    </GroupShell>
  );
}
