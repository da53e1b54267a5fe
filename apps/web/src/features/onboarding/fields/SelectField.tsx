import type { Option } from '@app/domain/onboarding-fields';
import type { ReactNode } from 'react';
import { Field } from '../../../components/ui/Field.tsx';
import { type TextFieldName, useFieldError, useWizardForm } from './form-context.ts';

export interface SelectFieldProps {
  name: TextFieldName;
  label: ReactNode;
  options: readonly Option[];
  placeholder: string;
  required?: boolean;
}

export function SelectField({ name, label, options, placeholder, required }: SelectFieldProps) {
  const { register } = useWizardForm();
  const error = useFieldError(name);
  return (
    <Field label={label} error={error} required={required}>
      {(controlProps) => (
        <select
          {...controlProps}
          {...register(name)}
          className="block h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-brand aria-invalid:border-red-600"
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
