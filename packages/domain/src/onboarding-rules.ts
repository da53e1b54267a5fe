/**
 * Validation of the onboarding record (spec 1, section 5): each field's rule with the spec's
 * messages, built from the field table; the schema of a save made of them; and the wizard's step
 * schemas, which require a step's fields and then apply the same rules.
 */
import { z } from 'zod';
import { checkCompleteness, startStep } from './onboarding-completeness.ts';
import {
  ACK_FIELDS,
  FIELD_OPTIONS,
  fieldBySnake,
  namesAnEntry,
  ONBOARDING_FIELDS,
  type OnboardingField,
  type OnboardingFieldKey,
  type OnboardingFields,
  parseCommaList,
} from './onboarding-fields.ts';

// ----- Format rules -----

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP_PATTERN = /^[A-Za-z0-9 -]{3,10}$/;
const SALARY_PATTERN = /^\$?[\d,]*\d[\d,]*$/;
const LINKEDIN_HANDLE = /^\/in\/[\p{L}\p{N}_%-]+\/?$/u;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

export function hasPhoneDigits(value: unknown): boolean {
  return typeof value === 'string' && digitsOf(value).length >= 10;
}

/** 3 to 10 letters, digits, spaces or hyphens. */
export function isValidZip(value: unknown): boolean {
  return typeof value === 'string' && ZIP_PATTERN.test(value.trim());
}

/** Digits and commas with an optional leading $, and nothing else. */
export function isValidSalary(value: unknown): boolean {
  return typeof value === 'string' && SALARY_PATTERN.test(value.trim());
}

/** '$75,000' → 75000; null when the text is not a valid salary or too large to count exactly. */
export function parseSalary(value: unknown): number | null {
  if (!isValidSalary(value)) return null;
  const amount = Number(digitsOf(value as string));
  return Number.isSafeInteger(amount) ? amount : null;
}

/** A LinkedIn profile URL: a linkedin.com host (any subdomain) and an /in/{handle} path. */
export function isValidLinkedinUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    (host === 'linkedin.com' || host.endsWith('.linkedin.com')) &&
    url.username === '' &&
    LINKEDIN_HANDLE.test(url.pathname)
  );
}

/** A calendar date as the date pickers store it: YYYY-MM-DD (a time part is tolerated), years 1900-2100. */
export function isIsoDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2100 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * The digits of a US phone number as typed or pasted, at most 10: a leading country code (`+1` or
 * `1`) in front of ten more digits is dropped, so '+1 (555) 123-4567' keeps 5551234567. No area code
 * starts with 1, so a leading 1 is never one of the ten.
 */
export function phoneDigits(raw: unknown): string {
  const digits = typeof raw === 'string' ? digitsOf(raw) : '';
  const national = digits.length > 10 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.slice(0, 10);
}

/** Formats phone input progressively as (XXX) XXX-XXXX, keeping at most 10 digits (see phoneDigits). */
export function formatPhoneInput(raw: unknown): string {
  const digits = phoneDigits(raw);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

// ----- Messages -----

export const MESSAGES = {
  firstName: 'First Name is required',
  lastName: 'Last Name is required',
  emailRequired: 'Email Address is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone Number is required',
  phoneDigits: 'Phone Number must be at least 10 digits',
  streetAddress: 'Street Address is required',
  city: 'City is required',
  state: 'State/Province is required',
  zipRequired: 'Postal/ZIP Code is required',
  zipInvalid: 'Postal/ZIP Code must be 3-10 characters (letters, numbers, spaces, hyphens)',
  country: 'Country is required',
  usCitizen: 'US Citizen status is required',
  workAuthorization: 'Work Authorization status is required',
  requiresSponsorship: 'Sponsorship requirement status is required',
  currentlyEmployed: 'Employment status is required',
  recentPosition: 'Recent Position is required',
  recentEmployer: 'Recent Employer is required',
  experienceLevel: 'Experience Level is required',
  resume: 'Resume upload is required',
  jobType: 'Job Type selection is required',
  workLocationType: 'Work Location Type is required (select at least one)',
  salaryRequired: 'Salary Expectation is required',
  salaryInvalid: 'Please enter a valid salary amount (e.g., $75,000 or 75000)',
  topJobTitles: 'At least one Job Title is required',
  linkedinInvalid: 'Please enter a valid LinkedIn profile URL',
  signature: 'Digital signature is required',
  birthdateTyped: 'Birthdate must be a date as MM/DD/YYYY, between 1900 and 2100',
  availabilityTyped: 'Availability to Start must be a date as MM/DD/YYYY, between 1900 and 2100',
  termsReviewed: 'Please confirm that you have read and reviewed the complete Terms & Conditions document',
  termsAgreed: 'Please confirm that you understand and agree to the Terms & Conditions',
} as const;

/** '<Friendly label> must be checked', e.g. 'Refund Policy must be checked'. */
export function ackMessage(label: string): string {
  return `${label} must be checked`;
}

// ----- The record's rules -----

/** The longest text any answer can be; the server refuses longer ones. */
export const MAX_TEXT_LENGTH = 5000;
const MAX_LIST_ITEMS = 50;

const NOT_AN_OBJECT_MESSAGE = 'The submission must be an object';

interface FormatRule {
  isValid: (v: string) => boolean;
  message: string;
  /** How a valid value is stored: the same shape the form's input gives it. */
  normalize?: (v: string) => string;
}

const FORMAT_RULES: Partial<Record<OnboardingFieldKey, FormatRule>> = {
  email_address: { isValid: isValidEmail, message: MESSAGES.emailInvalid },
  // Stored as the form's mask shows it, so a number sent as '+1 555 123 4567' reads like any other.
  phone_number: { isValid: hasPhoneDigits, message: MESSAGES.phoneDigits, normalize: formatPhoneInput },
  zip_code: { isValid: isValidZip, message: MESSAGES.zipInvalid },
  salary_expectation: { isValid: isValidSalary, message: MESSAGES.salaryInvalid },
  linkedin_url: { isValid: isValidLinkedinUrl, message: MESSAGES.linkedinInvalid },
  birthdate: { isValid: isIsoDate, message: 'Birthdate must be a date (YYYY-MM-DD)' },
  availability_to_start: { isValid: isIsoDate, message: 'Availability to Start must be a date (YYYY-MM-DD)' },
};

const isBlank = (text: string) => text.trim() === '';

/** A check that a (non-blank) value is one of the field's options, when it has a fixed list. */
function optionCheck(field: OnboardingField) {
  const options = FIELD_OPTIONS[field.snake as OnboardingFieldKey];
  if (!options) return null;
  const values = new Set<string>(options.map((o) => o.value));
  return {
    accepts: (value: string) => isBlank(value) || values.has(value),
    message: `${field.label} must be one of: ${options.map((o) => o.value).join(', ')}`,
  };
}

/** Text: at most MAX_TEXT_LENGTH characters; once not blank, its format rule and options. */
function textRule(field: OnboardingField): z.ZodType<string> {
  const format = FORMAT_RULES[field.snake as OnboardingFieldKey];
  const option = optionCheck(field);
  let rule = z.string({ error: `${field.label} must be text` }).max(MAX_TEXT_LENGTH, {
    error: `${field.label} must be at most ${MAX_TEXT_LENGTH} characters`,
    abort: true,
  });
  if (format)
    rule = rule.refine((v) => isBlank(v) || format.isValid(v), { error: format.message, abort: true });
  if (option) rule = rule.refine(option.accepts, option.message);
  const normalize = format?.normalize;
  return normalize ? rule.transform((v) => (isBlank(v) ? v : normalize(v))) : rule;
}

/** A list of text (comma-separated text is accepted too), at most MAX_LIST_ITEMS, each one of the options. */
function listRule(field: OnboardingField): z.ZodType<string[], string[] | string> {
  const option = optionCheck(field);
  const rule = z
    .union([z.array(z.string()), z.string().transform(parseCommaList)], {
      error: `${field.label} must be a list of text`,
    })
    .refine((list) => list.length <= MAX_LIST_ITEMS, {
      error: `${field.label} must have at most ${MAX_LIST_ITEMS} items`,
      abort: true,
    });
  return option ? rule.refine((list) => list.every(option.accepts), option.message) : rule;
}

function booleanRule(field: OnboardingField): z.ZodType<boolean> {
  return z.boolean({ error: `${field.label} must be true or false` });
}

type FieldRules = { [K in OnboardingFieldKey]: z.ZodType<OnboardingFields[K], unknown> };

/** Each record field's type and format rules, with the spec's messages: built from the field table. */
const FIELD_RULES = Object.fromEntries(
  ONBOARDING_FIELDS.map((field) => {
    const rule =
      field.kind === 'list'
        ? listRule(field)
        : field.kind === 'boolean'
          ? booleanRule(field)
          : textRule(field);
    return [field.snake, rule.describe(field.label)];
  }),
) as FieldRules;

type ChangesShape = {
  [K in OnboardingFieldKey]: z.ZodOptional<z.ZodType<OnboardingFields[K], OnboardingFields[K] | null>>;
};

/**
 * The body of a save: any subset of the record's fields, each checked by its rule. A null clears the
 * field (its default: '', [] or false); identity (id, user_id/userId), timestamps and unknown keys
 * are dropped, since the owner always comes from the token.
 */
export const onboardingChangesSchema = z
  .object(
    Object.fromEntries(
      ONBOARDING_FIELDS.map((field) => [
        field.snake,
        FIELD_RULES[field.snake]
          .nullable()
          .transform((value) => value ?? (Array.isArray(field.default) ? [] : field.default))
          .optional(),
      ]),
    ) as unknown as ChangesShape,
    { error: NOT_AN_OBJECT_MESSAGE },
  )
  .describe(
    'Any subset of the onboarding record in snake_case; null clears a field. id, user_id/userId, timestamps and unknown keys are ignored.',
  );

// ----- Step schemas -----

/** Non-blank text; an absent or mistyped value reads as missing. */
function requiredText(message: string) {
  return z.string({ error: message }).refine((v) => v.trim() !== '', message);
}

function nonEmptyList(message: string) {
  return z.array(z.string(), { error: message }).min(1, message);
}

/**
 * An optional date as the wizard holds it: blank, or a stored YYYY-MM-DD. What the person typed that
 * does not read as a date stays in the form as typed, so this keeps Next disabled with `message`
 * instead of saving a blank.
 */
function typedDate(message: string) {
  return z
    .string({ error: message })
    .refine((v) => isBlank(v) || isIsoDate(v), message)
    .optional();
}

function checked(message: string) {
  return z.boolean({ error: message }).refine((v) => v, message);
}

/**
 * Answers a step asks for without requiring them: absent or blank is fine, anything else follows
 * the record's rule. A save leaves out what breaks it (text over MAX_TEXT_LENGTH characters, say), so
 * the step reports it and keeps Next disabled rather than saying the answer was saved.
 */
function optionalAnswers<K extends OnboardingFieldKey>(
  ...keys: K[]
): { [P in K]: z.ZodOptional<FieldRules[P]> } {
  return Object.fromEntries(keys.map((key) => [key, FIELD_RULES[key].optional()])) as never;
}

/**
 * A field the step requires: the required message while it is missing, then the record's own rule
 * (only one message at a time). A comma list is missing until it names an entry (namesAnEntry), as
 * profile completeness counts it.
 */
function required(key: OnboardingFieldKey, message: string): z.ZodType<unknown> {
  const field = fieldBySnake(key);
  const presence: z.ZodType<unknown> =
    field?.kind === 'list'
      ? nonEmptyList(message)
      : field?.kind === 'boolean'
        ? checked(message)
        : field?.commaList
          ? z.string({ error: message }).refine(namesAnEntry, message)
          : requiredText(message);
  return presence.pipe(FIELD_RULES[key] as z.ZodType<unknown>);
}

/** The two checkboxes of the terms step; form-only, never stored. */
export const TERMS_CHECKBOXES = [
  {
    name: 'terms_reviewed',
    label: 'I have read and reviewed the complete Terms & Conditions document above *',
    message: MESSAGES.termsReviewed,
  },
  {
    name: 'terms_agreed',
    label: 'I understand and agree to the Terms & Conditions outlined above *',
    message: MESSAGES.termsAgreed,
  },
] as const;

export interface TermsForm {
  terms_reviewed: boolean;
  terms_agreed: boolean;
}

/** What the wizard edits: the record's fields, under the record's names, plus the terms checkboxes. */
export type WizardForm = OnboardingFields & TermsForm;

// Step schemas are loose, so that the rest of the form passes through untouched.
export const termsSchema = z.looseObject({
  terms_reviewed: checked(MESSAGES.termsReviewed),
  terms_agreed: checked(MESSAGES.termsAgreed),
});

export const personalSchema = z.looseObject({
  first_name: required('first_name', MESSAGES.firstName),
  last_name: required('last_name', MESSAGES.lastName),
  email_address: required('email_address', MESSAGES.emailRequired),
  phone_number: required('phone_number', MESSAGES.phoneRequired),
  birthdate: typedDate(MESSAGES.birthdateTyped),
  ...optionalAnswers('middle_name', 'has_whatsapp', 'pronouns', 'where_found_us', 'goals'),
});

export const addressSchema = z.looseObject({
  street_address: required('street_address', MESSAGES.streetAddress),
  city: required('city', MESSAGES.city),
  state: required('state', MESSAGES.state),
  zip_code: required('zip_code', MESSAGES.zipRequired),
  country: required('country', MESSAGES.country),
});

export const authorizationSchema = z.looseObject({
  us_citizen: required('us_citizen', MESSAGES.usCitizen),
  work_authorization: required('work_authorization', MESSAGES.workAuthorization),
  requires_sponsorship: required('requires_sponsorship', MESSAGES.requiresSponsorship),
  ...optionalAnswers('sponsorship_type'),
});

export const employmentSchema = z.looseObject({
  currently_employed: required('currently_employed', MESSAGES.currentlyEmployed),
  recent_position: required('recent_position', MESSAGES.recentPosition),
  recent_employer: required('recent_employer', MESSAGES.recentEmployer),
  experience_level: required('experience_level', MESSAGES.experienceLevel),
  resume: required('resume', MESSAGES.resume),
  job_type: required('job_type', MESSAGES.jobType),
  availability_to_start: typedDate(MESSAGES.availabilityTyped),
  ...optionalAnswers('cover_letter'),
});

export const preferencesSchema = z.looseObject({
  work_location_type: required('work_location_type', MESSAGES.workLocationType),
  salary_expectation: required('salary_expectation', MESSAGES.salaryRequired),
  top_job_titles: required('top_job_titles', MESSAGES.topJobTitles),
  ...optionalAnswers(
    'job_description_keywords',
    'exclude_job_titles',
    'exclude_job_description_keywords',
    'location_requirements',
    'open_for_relocation',
    'job_criteria',
  ),
});

export const additionalSchema = z.looseObject({
  ...optionalAnswers('linkedin_url', 'application_history', 'subscribe_to_newsletter'),
  signature: required('signature', MESSAGES.signature),
  ...Object.fromEntries(ACK_FIELDS.map((ack) => [ack.snake, required(ack.snake, ackMessage(ack.label))])),
});

/** Each wizard step's schema (1 Welcome and 9 Resources have none). */
export const STEP_SCHEMAS = {
  1: null,
  2: termsSchema,
  3: personalSchema,
  4: addressSchema,
  5: authorizationSchema,
  6: employmentSchema,
  7: preferencesSchema,
  8: additionalSchema,
  9: null,
} as const;

export type WizardStep = keyof typeof STEP_SCHEMAS;

/** The messages of a step, in field order: what the 'Please fix the following:' box lists. */
export function validateStep(step: number, form: unknown): string[] {
  const schema = STEP_SCHEMAS[step as WizardStep];
  if (!schema) return [];
  const values = typeof form === 'object' && form !== null && !Array.isArray(form) ? form : {};
  const result = schema.safeParse(values);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => issue.message))];
}

/** The steps whose answers are stored, in order (the terms of step 2 are not). */
const ANSWER_STEPS = [3, 4, 5, 6, 7, 8] as const;

/**
 * Where the wizard resumes a saved record: the first section with a missing field (`startStep`), or
 * an earlier step whose own rules fail. The completeness groups are the spec's and leave some of a
 * step's rules out (Experience Level is in none; Job Type counts under Job Preferences though it is
 * asked for on Employment Information), so a record can lack an answer a step before them requires,
 * which only that step lets the person give.
 */
export function resumeStep(record: unknown): number {
  const start = startStep(record);
  // A new user starts at the welcome step; a complete profile is not resumed.
  if (start === 1) return start;
  return ANSWER_STEPS.find((step) => step < start && validateStep(step, record).length > 0) ?? start;
}

/**
 * The changes a save can carry: those that pass their field's rule. An answer the person is still
 * fixing (a date that does not read as one, say) stays in the form and out of the save, so the save
 * neither fails over it nor stores it.
 */
export function savableChanges(changes: Partial<OnboardingFields>): Partial<OnboardingFields> {
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => FIELD_RULES[key as OnboardingFieldKey]?.safeParse(value).success,
    ),
  ) as Partial<OnboardingFields>;
}

/** The snake_case keys a complete profile still lacks. */
export function missingRequiredFields(record: unknown): OnboardingFieldKey[] {
  return checkCompleteness(record).missingFields;
}
