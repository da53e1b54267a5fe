/**
 * Turning the stored submission into the wizard's starting point, with the failures the spec names
 * for it (spec 1, section 8): the load failing, and a stored record that cannot be read.
 */
import { answeredPastTerms, SIGN_IN_FIELDS, type SignInField } from '@app/domain/onboarding-completeness';
import {
  changedOnboardingFields,
  emptyOnboardingFields,
  type OnboardingFields,
  type OnboardingRecord,
  readOnboardingFields,
} from '@app/domain/onboarding-fields';
import type { WizardForm } from '@app/domain/onboarding-rules';
import { fetchProfileRecord } from '../../lib/profile-record.ts';
import type { OnboardingAccount } from './account-context.tsx';
import { readOnboardingDraft } from './onboarding-draft.ts';
import { TERMS_STEP } from './wizard/wizard-steps.ts';

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
 * The saved answers as the wizard's values. The terms checkboxes are not stored: they start ticked
 * when the saved answers go past the terms step (the name and e-mail filled in from sign-in do not
 * count, since they are saved before the terms are shown), and openingAt ticks them for a wizard
 * opening beyond that step.
 */
export function wizardValues(record: OnboardingRecord | null): WizardForm {
  const accepted = answeredPastTerms(record);
  return {
    ...(record ? readOnboardingFields(record) : emptyOnboardingFields()),
    terms_reviewed: accepted,
    terms_agreed: accepted,
  };
}

/**
 * The answers a wizard opening at `step` starts from: beyond the terms step the terms were accepted,
 * since only ticking both leads past it, whatever the saved answers show (Get Started saves only the
 * sign-in name and e-mail). A reload, a closed tab or an expired session's draft would otherwise
 * reopen them unticked, and they would hold Complete Onboarding on the last step.
 */
export function openingAt(answers: WizardAnswers, step: number): WizardAnswers {
  if (step <= TERMS_STEP) return answers;
  return { ...answers, values: { ...answers.values, terms_reviewed: true, terms_agreed: true } };
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

/** What the wizard works from. */
export interface WizardAnswers {
  /**
   * What the server holds, as far as the browser knows: every field at its default when loading it
   * failed. A save sends only what differs from it, so it never blanks an answer nobody cleared.
   */
  saved: OnboardingFields;
  /** What the form shows: the saved answers and the person's changes to them. */
  values: WizardForm;
  submissionId: string | null;
}

export interface StartingAnswers {
  answers: WizardAnswers;
  /** The step of the unsaved answers brought back, if any. */
  draftStep: number | null;
  /** Whether the form shows answers that were typed before and not saved. */
  restored: boolean;
}

/** Where each personal field filled in from sign-in comes from in the account. */
const SIGN_IN_DETAILS: Record<SignInField, 'firstName' | 'lastName' | 'email'> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email_address: 'email',
};

/**
 * Where the wizard starts: the saved answers (none when loading failed), the name and e-mail the
 * person signed in with where the saved record has none (only when it is known: otherwise they would
 * overwrite what the server holds), and the answers typed in this tab and not saved yet.
 */
export function startingAnswers(load: SavedSubmissionLoad, account: OnboardingAccount): StartingAnswers {
  const values = load.ok ? load.values : wizardValues(null);
  if (load.ok) {
    for (const field of SIGN_IN_FIELDS) {
      const detail = account[SIGN_IN_DETAILS[field]];
      if (values[field].trim() === '' && detail) values[field] = detail;
    }
  }
  const draft = readOnboardingDraft(account.id);
  const shown: WizardForm = { ...values, ...draft?.changes };
  const changedByDraft = changedOnboardingFields(readOnboardingFields(values), readOnboardingFields(shown));
  const restored = Object.keys(changedByDraft).length > 0;
  return {
    answers: {
      saved: load.ok && load.record ? readOnboardingFields(load.record) : emptyOnboardingFields(),
      values: shown,
      submissionId: load.ok ? (load.record?.id ?? null) : null,
    },
    // A draft holding nothing but what the form shows anyway brings back neither answers nor a step.
    draftStep: restored ? (draft?.step ?? null) : null,
    restored,
  };
}

/**
 * After the server answered with what it holds (`saved`): the fields the form should take from it.
 * Those are the fields still showing what the browser `expected` the server to hold; a field the
 * person changed meanwhile, or is still fixing, keeps what they typed.
 */
export function answersToAdopt(
  shown: OnboardingFields,
  expected: OnboardingFields,
  saved: OnboardingFields,
): Partial<OnboardingFields> {
  const typed = changedOnboardingFields(expected, shown);
  return Object.fromEntries(
    Object.entries(changedOnboardingFields(shown, saved)).filter(([field]) => !(field in typed)),
  ) as Partial<OnboardingFields>;
}
