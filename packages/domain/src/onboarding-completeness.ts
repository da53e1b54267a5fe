/**
 * Profile completeness (spec 1, section 4; spec 2, section 5): the "filled" rule, the section groups
 * that choose where the wizard resumes, the missing-information list and the "meaningful" rule.
 */
import {
  ACK_FIELDS,
  fieldBySnake,
  namesAnEntry,
  type OnboardingFieldKey,
  RECORD_META_KEYS,
} from './onboarding-fields.ts';

/** Filled: a non-empty list, a boolean (either value) or non-blank text. */
export function isFilled(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return value.trim() !== '';
  return false;
}

export interface SectionGroup {
  step: number;
  title: string;
  fields: readonly OnboardingFieldKey[];
}

/** The wizard steps that hold required fields, named as the wizard's stepper names them (so the profile's card, the toast and the team notice agree); steps 1 and 2 hold none. */
export const SECTION_GROUPS = [
  {
    step: 3,
    title: 'Personal Information',
    fields: ['first_name', 'last_name', 'email_address', 'phone_number'],
  },
  {
    step: 4,
    title: 'Address Information',
    fields: ['street_address', 'city', 'state', 'zip_code', 'country'],
  },
  {
    step: 5,
    title: 'Work Authorization',
    fields: ['us_citizen', 'work_authorization', 'requires_sponsorship'],
  },
  {
    step: 6,
    title: 'Employment Information',
    fields: ['currently_employed', 'recent_position', 'recent_employer', 'resume'],
  },
  {
    step: 7,
    title: 'Job Preferences',
    fields: ['top_job_titles', 'salary_expectation', 'job_type', 'work_location_type'],
  },
  { step: 8, title: 'Additional Information', fields: ['signature', ...ACK_FIELDS.map((a) => a.snake)] },
  { step: 9, title: 'Resources', fields: ['onboarding_completed'] },
] as const satisfies readonly SectionGroup[];

/** Every field a complete profile needs, in section order. */
export const REQUIRED_FIELDS: readonly OnboardingFieldKey[] = SECTION_GROUPS.flatMap((g) => g.fields);

/**
 * A required field is present when it is filled; a required boolean (an acknowledgement, the
 * completion flag) only when it is true, because the wizard cannot pass its step otherwise.
 */
function isPresent(key: OnboardingFieldKey, record: Record<string, unknown>): boolean {
  const value = record[key];
  const field = fieldBySnake(key);
  if (field?.kind === 'boolean') return value === true || value === 1;
  // Comma-joined text such as the job titles: ", ," names none, as the wizard's step rule says.
  if (field?.commaList) return namesAnEntry(value);
  return isFilled(value);
}

function asRecord(record: unknown): Record<string, unknown> | null {
  return typeof record === 'object' && record !== null && !Array.isArray(record)
    ? (record as Record<string, unknown>)
    : null;
}

export interface MissingSection {
  section: string;
  step: number;
  /** Human labels of the missing fields. */
  fields: string[];
}

export interface Completeness {
  isComplete: boolean;
  /** snake_case keys, in section order. */
  missingFields: OnboardingFieldKey[];
  missingBySection: MissingSection[];
}

export function checkCompleteness(record: unknown): Completeness {
  const source = asRecord(record) ?? {};
  const missingFields: OnboardingFieldKey[] = [];
  const missingBySection: MissingSection[] = [];
  for (const group of SECTION_GROUPS) {
    const missing = group.fields.filter((key) => !isPresent(key, source));
    if (missing.length === 0) continue;
    missingFields.push(...missing);
    missingBySection.push({
      section: group.title,
      step: group.step,
      fields: missing.map((key) => fieldBySnake(key)?.label ?? key),
    });
  }
  return { isComplete: missingFields.length === 0, missingFields, missingBySection };
}

/**
 * The personal answers the wizard fills in from the sign-in account. The first save (Get Started, on
 * step 1) already carries them, so holding them says nothing about what the person answered.
 */
export const SIGN_IN_FIELDS = [
  'first_name',
  'last_name',
  'email_address',
] as const satisfies readonly OnboardingFieldKey[];

export type SignInField = (typeof SIGN_IN_FIELDS)[number];

const FILLED_ONLY_PAST_TERMS = REQUIRED_FIELDS.filter(
  (key) => !(SIGN_IN_FIELDS as readonly string[]).includes(key),
);

/**
 * Whether the record shows that the person went past the terms step: it holds a required answer
 * that only a later step saves (steps 1 and 2 save nothing but the sign-in details). The terms
 * checkboxes are not stored, so this is the only sign that they were accepted.
 */
export function answeredPastTerms(record: unknown): boolean {
  const source = asRecord(record);
  return (
    source !== null && FILLED_ONLY_PAST_TERMS.some((key) => isFilled(source[key]) && source[key] !== false)
  );
}

/**
 * Where the wizard opens: step 1 for a new user (no record, or nothing answered past the terms
 * step), otherwise the first section with a missing field (a record without the completion flag
 * resumes at 9). A complete profile opens at step 1, as edit mode does.
 */
export function startStep(record: unknown): number {
  if (!answeredPastTerms(record)) return 1;
  return checkCompleteness(record).missingBySection[0]?.step ?? 1;
}

const META_KEYS: ReadonlySet<string> = new Set(RECORD_META_KEYS);

/**
 * Meaningful: more than 2 fields, apart from id, user_id, created_at and updated_at, are non-null,
 * non-empty, not false and not an empty list.
 */
export function isMeaningfulRecord(record: unknown): boolean {
  const source = asRecord(record);
  if (!source) return false;
  const meaningful = Object.entries(source).filter(
    ([key, value]) =>
      !META_KEYS.has(key) &&
      value !== null &&
      value !== undefined &&
      value !== '' &&
      value !== false &&
      !(Array.isArray(value) && value.length === 0),
  );
  return meaningful.length > 2;
}
