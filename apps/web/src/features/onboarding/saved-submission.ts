/**
 * Turning the stored submission into the wizard's starting point, with the failures the spec names
 * for it (spec 1, section 8): the load failing, and a stored record that cannot be read.
 */
import { checkCompleteness, startStep } from '@app/domain/onboarding-completeness';
import {
  emptyOnboardingFields,
  type OnboardingRecord,
  readOnboardingFields,
} from '@app/domain/onboarding-fields';
import type { WizardForm } from '@app/domain/onboarding-rules';
import { fetchProfileRecord } from '../../lib/profile-record.ts';

export interface SavedSubmission {
  record: OnboardingRecord | null;
  values: WizardForm;
}

export type SavedSubmissionLoad =
  | ({ ok: true } & SavedSubmission)
  /** `load`: the call failed; `mapping`: it answered something that is not a submission. */
  | { ok: false; problem: 'load' | 'mapping' };

function isSubmission(value: unknown): value is OnboardingRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { id?: unknown }).id === 'string'
  );
}

/**
 * The terms checkboxes are not stored. Someone whose answers go past the terms step accepted them,
 * so they are not asked again when they go back to it.
 */
function acceptedTerms(record: OnboardingRecord | null): boolean {
  return record !== null && (startStep(record) > 2 || checkCompleteness(record).isComplete);
}

export function wizardValues(record: OnboardingRecord | null): WizardForm {
  const accepted = acceptedTerms(record);
  return {
    ...(record ? readOnboardingFields(record) : emptyOnboardingFields()),
    terms_reviewed: accepted,
    terms_agreed: accepted,
  };
}

export async function loadSavedSubmission(): Promise<SavedSubmissionLoad> {
  const { data, error } = await fetchProfileRecord();
  if (error) return { ok: false, problem: 'load' };
  if (data === null) return { ok: true, record: null, values: wizardValues(null) };
  if (!isSubmission(data)) return { ok: false, problem: 'mapping' };
  return { ok: true, record: data, values: wizardValues(data) };
}

/** The spec's toast for each way loading can fail before the wizard starts empty. */
export const LOAD_PROBLEM_TOASTS = {
  load: { title: 'Error', description: 'Failed to load your existing data. Starting with empty form.' },
  mapping: {
    title: 'Data Error',
    description: 'There was a problem processing your saved data. Starting with empty form.',
  },
} as const;
