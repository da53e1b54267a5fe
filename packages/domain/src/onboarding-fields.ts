/**
 * The onboarding submission (spec 1, section 3): every field once, with its snake_case name (the
 * record's key and the wizard form's field name alike), its kind and the label the form shows. The
 * browser form, the server record and every rule built on them derive from this one table.
 */
import { z } from 'zod';

export type FieldKind = 'text' | 'list' | 'boolean';

type ValueOfKind<K extends FieldKind> = K extends 'list' ? string[] : K extends 'boolean' ? boolean : string;

export interface OnboardingField<S extends string = string, K extends FieldKind = FieldKind> {
  snake: S;
  kind: K;
  /** The value an absent field takes: '', [] or false. Lists are copied before use. */
  default: ValueOfKind<K>;
  /** How the form names the field; used in messages and in the missing-information list. */
  label: string;
  /**
   * Text holding a comma-joined list (job titles, keywords). Required, it is present only when it
   * names an entry (namesAnEntry): the wizard's step rule and profile completeness both read this.
   */
  commaList?: true;
}

const DEFAULTS: { [K in FieldKind]: ValueOfKind<K> } = {
  text: '',
  list: Object.freeze([]) as never,
  boolean: false,
};

function field<S extends string, K extends FieldKind>(
  snake: S,
  kind: K,
  label: string,
  options: { commaList?: true } = {},
): OnboardingField<S, K> {
  return { snake, kind, default: DEFAULTS[kind] as ValueOfKind<K>, label, ...options };
}

/** The ten acknowledgements in the spec's order, with the spec's friendly labels. */
export const ACK_FIELDS = [
  {
    snake: 'ack_incorrect_statements',
    label: 'Incorrect Statements Policy',
  },
  { snake: 'ack_read_above', label: 'Reading Terms' },
  { snake: 'ack_no_guarantees', label: 'No Job Guarantees' },
  { snake: 'ack_whatsapp', label: 'WhatsApp Communication Consent' },
  { snake: 'ack_cancellation', label: 'Cancellation Policy' },
  { snake: 'ack_refund_policy', label: 'Refund Policy' },
  { snake: 'ack_refuse_service', label: 'Service Refusal Policy' },
  { snake: 'ack_global_team', label: 'Global Team' },
  { snake: 'ack_self_service_cancel', label: 'Self-Service Cancellation' },
  { snake: 'ack_billing_issues', label: 'Billing Issues Handling' },
] as const;

type AckField = (typeof ACK_FIELDS)[number];

function ackFields<T extends readonly AckField[]>(
  acks: T,
): { [I in keyof T]: OnboardingField<T[I]['snake'], 'boolean'> } {
  return acks.map((ack) => field(ack.snake, 'boolean', ack.label)) as never;
}

/** Every stored form field, in the order of the wizard's steps. */
export const ONBOARDING_FIELDS = [
  // Personal
  field('first_name', 'text', 'First Name'),
  field('middle_name', 'text', 'Middle Name'),
  field('last_name', 'text', 'Last Name'),
  field('email_address', 'text', 'Email Address'),
  field('phone_number', 'text', 'Phone Number'),
  field('has_whatsapp', 'text', 'WhatsApp'),
  field('birthdate', 'text', 'Birthdate'),
  field('pronouns', 'text', 'Pronouns'),
  field('where_found_us', 'text', 'Where did you find us?'),
  field('goals', 'text', 'Goals'),
  // Address
  field('street_address', 'text', 'Street Address'),
  field('city', 'text', 'City'),
  field('state', 'text', 'State/Province'),
  field('zip_code', 'text', 'Postal/ZIP Code'),
  field('country', 'text', 'Country'),
  // Work authorization
  field('us_citizen', 'text', 'US Citizen'),
  field('work_authorization', 'text', 'Work Authorization'),
  field('requires_sponsorship', 'text', 'Requires Sponsorship'),
  field('sponsorship_type', 'text', 'Sponsorship Type'),
  // Employment
  field('currently_employed', 'text', 'Currently Employed'),
  field('availability_to_start', 'text', 'Availability to Start'),
  field('recent_position', 'text', 'Recent Position'),
  field('recent_employer', 'text', 'Recent Employer'),
  field('experience_level', 'text', 'Experience Level'),
  field('job_type', 'list', 'Job Type'),
  field('resume', 'text', 'Resume'),
  field('cover_letter', 'text', 'Cover Letter'),
  // Job preferences
  field('work_location_type', 'list', 'Work Location Type'),
  field('top_job_titles', 'text', 'Job Titles', { commaList: true }),
  field('job_description_keywords', 'text', 'Job Description Keywords', { commaList: true }),
  field('exclude_job_titles', 'text', 'Excluded Job Titles', { commaList: true }),
  field('exclude_job_description_keywords', 'text', 'Excluded Job Description Keywords', { commaList: true }),
  field('salary_expectation', 'text', 'Salary Expectation'),
  field('location_requirements', 'text', 'Location Requirements'),
  field('open_for_relocation', 'text', 'Open for Relocation'),
  field('job_criteria', 'text', 'Job Criteria'),
  // Additional
  field('linkedin_url', 'text', 'LinkedIn URL'),
  field('application_history', 'text', 'Application History'),
  field('signature', 'text', 'Digital Signature'),
  field('subscribe_to_newsletter', 'boolean', 'Newsletter'),
  // Acknowledgements
  ...ackFields(ACK_FIELDS),
  // Meta
  field('onboarding_completed', 'boolean', 'Onboarding Completed'),
] as const;

type FieldEntry = (typeof ONBOARDING_FIELDS)[number];
export type OnboardingFieldKey = FieldEntry['snake'];

/** The zod type of each kind of stored value. */
function kindSchema<K extends FieldKind>(kind: K): z.ZodType<ValueOfKind<K>> {
  const schemas = { text: z.string(), list: z.array(z.string()), boolean: z.boolean() };
  return schemas[kind] as never;
}

type FieldsShape = { [F in FieldEntry as F['snake']]: z.ZodType<ValueOfKind<F['kind']>> };

/** The stored fields of a submission (snake_case), as the API answers them. */
export const onboardingFieldsSchema = z.object(
  Object.fromEntries(
    ONBOARDING_FIELDS.map((f) => [f.snake, kindSchema(f.kind).describe(f.label)]),
  ) as FieldsShape,
);
/** The stored fields of a submission (snake_case), without its identity and timestamps. */
export type OnboardingFields = z.infer<typeof onboardingFieldsSchema>;

/** The record's identity and timestamps: the keys that are not form fields. */
const recordMetaShape = {
  id: z.string(),
  user_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A stored submission: one per user. */
export const onboardingRecordSchema = onboardingFieldsSchema.extend(recordMetaShape);
export type OnboardingRecord = z.infer<typeof onboardingRecordSchema>;

/** Record keys that are not form fields. */
export const RECORD_META_KEYS = Object.keys(recordMetaShape) as (keyof typeof recordMetaShape)[];

const BY_SNAKE = new Map<string, OnboardingField>(ONBOARDING_FIELDS.map((f) => [f.snake, f]));

export function fieldBySnake(snake: string): OnboardingField | undefined {
  return BY_SNAKE.get(snake);
}

// ----- Option lists -----

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export const JOB_TYPES = [
  { value: 'full-time', label: 'Full-time' },
  { value: 'part-time', label: 'Part-time' },
  { value: 'contract', label: 'Contract' },
  { value: 'temporary', label: 'Temporary' },
  { value: 'internship', label: 'Internship' },
  { value: 'freelance', label: 'Freelance' },
] as const satisfies readonly Option[];

export const EXPERIENCE_LEVELS = [
  { value: 'entry', label: 'Entry Level' },
  { value: 'mid', label: 'Mid Level' },
  { value: 'senior', label: 'Senior Level' },
  { value: 'executive', label: 'Executive' },
] as const satisfies readonly Option[];

export const WORK_LOCATION_TYPES = [
  { value: 'Remote', label: 'Remote' },
  { value: 'Hybrid', label: 'Hybrid' },
  { value: 'On-site', label: 'On-site' },
] as const satisfies readonly Option[];

export const YES_NO = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
] as const satisfies readonly Option[];

export const YES_NO_PENDING = [...YES_NO, { value: 'Pending', label: 'Pending' }] as const;

export const YES_NO_MAYBE = [...YES_NO, { value: 'Maybe', label: 'Maybe' }] as const;

/** The fields whose value must be one of a fixed list of options. */
export const FIELD_OPTIONS: Partial<Record<OnboardingFieldKey, readonly Option[]>> = {
  us_citizen: YES_NO,
  work_authorization: YES_NO_PENDING,
  requires_sponsorship: YES_NO,
  currently_employed: YES_NO,
  experience_level: EXPERIENCE_LEVELS,
  job_type: JOB_TYPES,
  work_location_type: WORK_LOCATION_TYPES,
  open_for_relocation: YES_NO_MAYBE,
};

// ----- Comma-joined lists (job titles and keywords) -----

/** Splits comma-joined text into trimmed, non-blank entries. */
export function parseCommaList(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * Whether comma-joined text names at least one entry: ', ,' names none. The one rule for a required
 * comma list, read by the wizard's step schema and by profile completeness.
 */
export function namesAnEntry(text: unknown): boolean {
  return parseCommaList(text).length > 0;
}

/** Joins entries into the stored comma-joined text; blank entries are dropped. */
export function joinCommaList(list: readonly unknown[]): string {
  return list
    .filter((entry): entry is string => typeof entry === 'string')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .join(', ');
}

// ----- Reading the fields of a record or a form -----

function coerce(kind: FieldKind, value: unknown): string | string[] | boolean {
  switch (kind) {
    case 'text':
      return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    case 'list':
      // job_type (and any list) may arrive as comma-separated text.
      if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
      return parseCommaList(value);
    case 'boolean':
      // SQLite returns 0/1 for booleans.
      return value === true || value === 1 || value === 'true';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every field at its default: a new user's form. */
export function emptyOnboardingFields(): OnboardingFields {
  return readOnboardingFields(null);
}

/**
 * Every field of a (partial) record or of the wizard's form, and nothing else: missing or mistyped
 * values take their default; identity, timestamps and the form's terms checkboxes are left out.
 */
export function readOnboardingFields(source: unknown): OnboardingFields {
  const values: Record<string, unknown> = isObject(source) ? source : {};
  const fields: Record<string, unknown> = {};
  for (const f of ONBOARDING_FIELDS) fields[f.snake] = coerce(f.kind, values[f.snake]);
  return fields as OnboardingFields;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

/**
 * The fields of `after` whose value differs from `before`. A save sends only these, so it never
 * overwrites an answer the person did not change, even when the form started without the saved ones.
 */
export function changedOnboardingFields(
  before: OnboardingFields,
  after: OnboardingFields,
): Partial<OnboardingFields> {
  const changes: Record<string, unknown> = {};
  for (const f of ONBOARDING_FIELDS) {
    if (!sameValue(before[f.snake], after[f.snake])) changes[f.snake] = after[f.snake];
  }
  return changes as Partial<OnboardingFields>;
}
