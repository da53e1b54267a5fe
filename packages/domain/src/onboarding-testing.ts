import {
  ACK_FIELDS,
  emptyOnboardingForm,
  type OnboardingFields,
  type OnboardingForm,
  toRecord,
} from './onboarding-fields.ts';
import type { WizardForm } from './onboarding-rules.ts';

/** A form that passes every step, for tests; pass what the test is about. */
export function completeOnboardingForm(overrides: Partial<WizardForm> = {}): WizardForm {
  const acks = Object.fromEntries(ACK_FIELDS.map((a) => [a.camel, true]));
  return {
    ...emptyOnboardingForm(),
    termsReviewed: true,
    termsAgreed: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailAddress: 'ada@example.com',
    phoneNumber: '(555) 123-4567',
    birthdate: '1990-12-10',
    streetAddress: '1 Analytical Way',
    city: 'London',
    state: 'Greater London',
    zipCode: 'SW1A 1AA',
    country: 'United Kingdom',
    usCitizen: 'No',
    workAuthorization: 'Yes',
    requiresSponsorship: 'No',
    currentlyEmployed: 'Yes',
    availabilityToStart: '2030-01-15',
    recentPosition: 'Engineer',
    recentEmployer: 'Difference Engines Ltd',
    experienceLevel: 'senior',
    jobType: ['full-time', 'contract'],
    resume: 'resumes/7f6c1c8e-6d0a-4e4b-9a57-2f1d7a4e1b11-Ada_Lovelace.pdf',
    workLocationType: ['Remote', 'Hybrid'],
    topJobTitles: 'Software Engineer, Data Engineer',
    salaryExpectation: '$120,000',
    openForRelocation: 'Maybe',
    linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
    signature: 'Ada Lovelace',
    ...(acks as Pick<OnboardingForm, (typeof ACK_FIELDS)[number]['camel']>),
    onboardingCompleted: true,
    ...overrides,
  };
}

type AckKey = (typeof ACK_FIELDS)[number]['snake'];

/** Every acknowledgement ticked, keyed as the stored record names them. */
export function allAcknowledged(): Pick<OnboardingFields, AckKey> {
  return Object.fromEntries(ACK_FIELDS.map((a) => [a.snake, true])) as Pick<OnboardingFields, AckKey>;
}

/**
 * The stored fields of a complete profile, for tests. Typed overrides keep the record's type;
 * tests about malformed input may pass any value.
 */
export function completeOnboardingRecord(overrides?: Partial<OnboardingFields>): OnboardingFields;
export function completeOnboardingRecord(overrides: Record<string, unknown>): Record<string, unknown>;
export function completeOnboardingRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...toRecord(completeOnboardingForm()), ...overrides };
}
