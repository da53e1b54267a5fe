import type { ReactNode } from 'react';
import { type BooleanFieldName, useFieldError, useWizardForm } from './form-context.ts';

export interface CheckboxFieldProps {
  name: BooleanFieldName;
  /** The visible label; it is the checkbox's accessible name. */
  label: ReactNode;
  /** A longer explanation shown under the label and announced as the description. */
  description?: ReactNode;
  /** It must be ticked to go on (acknowledgements, terms). */
  required?: boolean;
}

/** One boolean: an acknowledgement, a terms checkbox or the newsletter opt-in. */
export function CheckboxField({ name, label, description, required }: CheckboxFieldProps) {
  const { register } = useWizardForm();
  const error = useFieldError(name);
  const descriptionId = description ? `${name}-description` : undefined;
  const errorId = error ? `${name}-error` : undefined;
  return (
    <div className="rounded-md border border-neutral-200 bg-white p-3 has-checked:border-brand/40 has-checked:bg-brand/5">
      <label className="flex cursor-pointer items-start gap-3 text-sm text-neutral-900">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          required={required}
          {...register(name)}
        />
        <span className="font-medium">{label}</span>
      </label>
      {description && (
        <p id={descriptionId} className="mt-1 pl-7 text-sm text-neutral-600">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 pl-7 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
