import {
  ACK_FIELDS,
  emptyOnboardingFields,
  type OnboardingFields,
  readOnboardingFields,
} from './onboarding-fields.ts';
import type { WizardForm } from './onboarding-rules.ts';

/** A form that passes every step, for tests; pass what the test is about. */
export function completeOnboardingForm(overrides: Partial<WizardForm> = {}): WizardForm {
  return {
    ...emptyOnboardingFields(),
    terms_reviewed: true,
    terms_agreed: true,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email_address: 'ada@example.com',
    phone_number: '(555) 123-4567',
    birthdate: '1990-12-10',
    street_address: '1 Analytical Way',
    city: 'London',
    state: 'Greater London',
    zip_code: 'SW1A 1AA',
    country: 'United Kingdom',
    us_citizen: 'No',
    work_authorization: 'Yes',
    requires_sponsorship: 'No',
    currently_employed: 'Yes',
    availability_to_start: '2030-01-15',
    recent_position: 'Engineer',
    recent_employer: 'Difference Engines Ltd',
    experience_level: 'senior',
    job_type: ['full-time', 'contract'],
    resume: 'resumes/7f6c1c8e-6d0a-4e4b-9a57-2f1d7a4e1b11-Ada_Lovelace.pdf',
    work_location_type: ['Remote', 'Hybrid'],
    top_job_titles: 'Software Engineer, Data Engineer',
    salary_expectation: '$120,000',
    open_for_relocation: 'Maybe',
    linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
    signature: 'Ada Lovelace',
    ...allAcknowledged(),
    onboarding_completed: true,
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
  return { ...readOnboardingFields(completeOnboardingForm()), ...overrides };
}
