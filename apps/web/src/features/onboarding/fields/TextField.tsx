import type { ComponentProps, ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { Field, Input, Textarea } from '../../../components/ui/Field.tsx';
import { type TextFieldName, useFieldError, useWizardForm } from './form-context.ts';

type InputAttributes = Pick<
  ComponentProps<'input'>,
  'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'maxLength'
>;

export interface TextFieldProps extends InputAttributes {
  name: TextFieldName;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** Rewrites every keystroke (the phone mask); the stored value is what the user sees. */
  format?: (raw: string) => string;
  className?: string;
}

export function TextField({ name, label, hint, required, format, className, ...inputProps }: TextFieldProps) {
  const { register, control } = useWizardForm();
  const error = useFieldError(name);
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(controlProps) =>
        format ? (
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <Input
                {...controlProps}
                {...inputProps}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(format(event.target.value))}
              />
            )}
          />
        ) : (
          <Input {...controlProps} {...inputProps} {...register(name)} />
        )
      }
    </Field>
  );
}

export interface TextAreaFieldProps {
  name: TextFieldName;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  placeholder?: string;
  rows?: number;
  className?: string;
}

export function TextAreaField({
  name,
  label,
  hint,
  required,
  placeholder,
  rows = 3,
  className,
}: TextAreaFieldProps) {
  const { register } = useWizardForm();
  const error = useFieldError(name);
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(controlProps) => (
        <Textarea {...controlProps} {...register(name)} placeholder={placeholder} rows={rows} />
      )}
    </Field>
  );
}
