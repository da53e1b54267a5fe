import type { WizardForm } from '@app/domain/onboarding-rules';
import { useFormContext } from 'react-hook-form';

/** Names of the wizard's fields whose value has the given type. */
export type WizardFieldOf<V> = {
  [K in keyof WizardForm]: WizardForm[K] extends V ? K : never;
}[keyof WizardForm];
export type TextFieldName = WizardFieldOf<string>;
export type ListFieldName = WizardFieldOf<string[]>;
export type BooleanFieldName = WizardFieldOf<boolean>;

/** The wizard's one form, shared by every step through react-hook-form's context. */
export function useWizardForm() {
  return useFormContext<WizardForm>();
}

/** The message react-hook-form holds for a field once it has been validated, if any. */
export function useFieldError(name: keyof WizardForm): string | undefined {
  const {
    formState: { errors },
  } = useWizardForm();
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}
