/**
 * Validation of the onboarding wizard (spec 1, section 5): one schema per step with the spec's
 * messages, the format rules they use, and the checks the server applies to a partial save.
 */
import { z } from 'zod';
import { checkCompleteness } from './onboarding-completeness.ts';
import {
  ACK_FIELDS,
  FIELD_OPTIONS,
  fieldBySnake,
  type OnboardingFieldKey,
  type OnboardingForm,
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

/** Formats phone input progressively as (XXX) XXX-XXXX, keeping at most 10 digits. */
export function formatPhoneInput(raw: unknown): string {
  const digits = typeof raw === 'string' ? digitsOf(raw).slice(0, 10) : '';
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
  termsReviewed: 'Please confirm that you have read and reviewed the complete Terms & Conditions document',
  termsAgreed: 'Please confirm that you understand and agree to the Terms & Conditions',
} as const;

/** '<Friendly label> must be checked', e.g. 'Refund Policy must be checked'. */
export function ackMessage(label: string): string {
  return `${label} must be checked`;
}

// ----- Step schemas -----

/** Non-blank text; an absent or mistyped value reads as missing. */
function requiredText(message: string) {
  return z.string({ error: message }).refine((v) => v.trim() !== '', message);
}

/** Non-blank text that, once given, must pass a format rule (only one message at a time). */
function formattedText(required: string, invalid: string, isValid: (v: string) => boolean) {
  return requiredText(required).refine((v) => v.trim() === '' || isValid(v), invalid);
}

function nonEmptyList(message: string) {
  return z.array(z.string(), { error: message }).min(1, message);
}

function checked(message: string) {
  return z.boolean({ error: message }).refine((v) => v, message);
}

/** The two checkboxes of the terms step; form-only, never stored. */
export const TERMS_CHECKBOXES = [
  {
    name: 'termsReviewed',
    label: 'I have read and reviewed the complete Terms & Conditions document above *',
    message: MESSAGES.termsReviewed,
  },
  {
    name: 'termsAgreed',
    label: 'I understand and agree to the Terms & Conditions outlined above *',
    message: MESSAGES.termsAgreed,
  },
] as const;

export interface TermsForm {
  termsReviewed: boolean;
  termsAgreed: boolean;
}

/** What the wizard edits: the stored fields plus the terms checkboxes. */
export type WizardForm = OnboardingForm & TermsForm;

// Objects are loose so that a step's schema passes the rest of the form through untouched.
export const termsSchema = z.looseObject({
  termsReviewed: checked(MESSAGES.termsReviewed),
  termsAgreed: checked(MESSAGES.termsAgreed),
});

export const personalSchema = z.looseObject({
  firstName: requiredText(MESSAGES.firstName),
  lastName: requiredText(MESSAGES.lastName),
  emailAddress: formattedText(MESSAGES.emailRequired, MESSAGES.emailInvalid, isValidEmail),
  phoneNumber: formattedText(MESSAGES.phoneRequired, MESSAGES.phoneDigits, hasPhoneDigits),
});

export const addressSchema = z.looseObject({
  streetAddress: requiredText(MESSAGES.streetAddress),
  city: requiredText(MESSAGES.city),
  state: requiredText(MESSAGES.state),
  zipCode: formattedText(MESSAGES.zipRequired, MESSAGES.zipInvalid, isValidZip),
  country: requiredText(MESSAGES.country),
});

export const authorizationSchema = z.looseObject({
  usCitizen: requiredText(MESSAGES.usCitizen),
  workAuthorization: requiredText(MESSAGES.workAuthorization),
  requiresSponsorship: requiredText(MESSAGES.requiresSponsorship),
});

export const employmentSchema = z.looseObject({
  currentlyEmployed: requiredText(MESSAGES.currentlyEmployed),
  recentPosition: requiredText(MESSAGES.recentPosition),
  recentEmployer: requiredText(MESSAGES.recentEmployer),
  experienceLevel: requiredText(MESSAGES.experienceLevel),
  resume: requiredText(MESSAGES.resume),
  jobType: nonEmptyList(MESSAGES.jobType),
});

export const preferencesSchema = z.looseObject({
  workLocationType: nonEmptyList(MESSAGES.workLocationType),
  salaryExpectation: formattedText(MESSAGES.salaryRequired, MESSAGES.salaryInvalid, isValidSalary),
  // Job titles are stored comma-joined; at least one non-blank entry.
  topJobTitles: requiredText(MESSAGES.topJobTitles).refine((v) => v.split(',').some((t) => t.trim() !== ''), {
    message: MESSAGES.topJobTitles,
  }),
});

type AckName = (typeof ACK_FIELDS)[number]['camel'];
const ackChecks = Object.fromEntries(
  ACK_FIELDS.map((ack) => [ack.camel, checked(ackMessage(ack.label))]),
) as Record<AckName, ReturnType<typeof checked>>;

export const additionalSchema = z.looseObject({
  linkedinUrl: z
    .string({ error: MESSAGES.linkedinInvalid })
    .optional()
    .refine((v) => v === undefined || v.trim() === '' || isValidLinkedinUrl(v), MESSAGES.linkedinInvalid),
  signature: requiredText(MESSAGES.signature),
  ...ackChecks,
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

// ----- Server-side checks of a partial save -----

export interface FieldIssue {
  field: string;
  message: string;
}

export const MAX_TEXT_LENGTH = 5000;
export const MAX_LIST_ITEMS = 50;

const FORMAT_RULES: Partial<
  Record<OnboardingFieldKey, { isValid: (v: string) => boolean; message: string }>
> = {
  email_address: { isValid: isValidEmail, message: MESSAGES.emailInvalid },
  phone_number: { isValid: hasPhoneDigits, message: MESSAGES.phoneDigits },
  zip_code: { isValid: isValidZip, message: MESSAGES.zipInvalid },
  salary_expectation: { isValid: isValidSalary, message: MESSAGES.salaryInvalid },
  linkedin_url: { isValid: isValidLinkedinUrl, message: MESSAGES.linkedinInvalid },
  birthdate: { isValid: isIsoDate, message: 'Birthdate must be a date (YYYY-MM-DD)' },
  availability_to_start: { isValid: isIsoDate, message: 'Availability to Start must be a date (YYYY-MM-DD)' },
};

function optionIssue(key: OnboardingFieldKey, label: string, value: string): FieldIssue | null {
  const options = FIELD_OPTIONS[key];
  if (!options || options.some((o) => o.value === value)) return null;
  return { field: key, message: `${label} must be one of: ${options.map((o) => o.value).join(', ')}` };
}

function textIssues(key: OnboardingFieldKey, label: string, value: unknown): FieldIssue[] {
  if (typeof value !== 'string') return [{ field: key, message: `${label} must be text` }];
  if (value.length > MAX_TEXT_LENGTH) {
    return [{ field: key, message: `${label} must be at most ${MAX_TEXT_LENGTH} characters` }];
  }
  if (value.trim() === '') return [];
  const rule = FORMAT_RULES[key];
  if (rule && !rule.isValid(value)) return [{ field: key, message: rule.message }];
  const option = optionIssue(key, label, value);
  return option ? [option] : [];
}

function listIssues(key: OnboardingFieldKey, label: string, value: unknown): FieldIssue[] {
  const list = typeof value === 'string' ? value.split(',').map((v) => v.trim()) : value;
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) {
    return [{ field: key, message: `${label} must be a list of text` }];
  }
  if (list.length > MAX_LIST_ITEMS) {
    return [{ field: key, message: `${label} must have at most ${MAX_LIST_ITEMS} items` }];
  }
  for (const item of list as string[]) {
    if (item.trim() === '') continue;
    const option = optionIssue(key, label, item);
    if (option) return [option];
  }
  return [];
}

/**
 * Format and type checks for the fields present in a partial snake_case record. Absent, null and
 * blank fields are accepted (partial saves are normal); keys that are not fields are ignored.
 */
export function validatePartialRecord(partial: unknown): FieldIssue[] {
  if (typeof partial !== 'object' || partial === null || Array.isArray(partial)) {
    return [{ field: '', message: 'The submission must be an object' }];
  }
  const source = partial as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  for (const [key, value] of Object.entries(source)) {
    const field = fieldBySnake(key);
    if (!field || value === null || value === undefined) continue;
    const snake = field.snake as OnboardingFieldKey;
    if (field.kind === 'boolean') {
      if (typeof value !== 'boolean')
        issues.push({ field: snake, message: `${field.label} must be true or false` });
    } else if (field.kind === 'list') {
      issues.push(...listIssues(snake, field.label, value));
    } else {
      issues.push(...textIssues(snake, field.label, value));
    }
  }
  return issues;
}

/** The snake_case keys a complete profile still lacks. */
export function missingRequiredFields(record: unknown): OnboardingFieldKey[] {
  return checkCompleteness(record).missingFields;
}
