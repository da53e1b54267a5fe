import type { OnboardingFields } from '@app/domain/onboarding-fields';
import { completeOnboardingRecord } from '@app/domain/onboarding-testing';

/** A finished onboarding record in the server's snake_case, every field (optional ones too) filled and valid. */
export function completeRecord(overrides: Partial<OnboardingFields> = {}): OnboardingFields {
  return completeOnboardingRecord({
    middle_name: 'K',
    has_whatsapp: 'Yes',
    pronouns: 'she/her',
    where_found_us: 'A friend',
    goals: 'A senior engineering role',
    street_address: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    country: 'United States',
    us_citizen: 'Yes',
    recent_employer: 'Analytical Engines Ltd',
    resume: 'resumes/user/00000000-0000-4000-8000-000000000000-cv.pdf',
    top_job_titles: 'Staff Engineer, Principal Engineer',
    job_description_keywords: 'TypeScript, Postgres',
    exclude_job_titles: 'Manager',
    exclude_job_description_keywords: 'clearance',
    salary_expectation: '$150,000',
    location_requirements: 'US only',
    job_criteria: 'Small teams',
    application_history: 'None',
    signature: 'Ada King Lovelace',
    subscribe_to_newsletter: true,
    ...overrides,
  });
}
