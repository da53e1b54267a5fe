import type { Option } from '@app/domain/onboarding-fields';
import type { ReactNode } from 'react';
import { Field, Select } from '../../../components/ui/Field.tsx';
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
        <Select {...controlProps} {...register(name)} className="w-full">
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
