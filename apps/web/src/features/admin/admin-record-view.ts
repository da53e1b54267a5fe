/**
 * How the admin onboarding record reads on the User Information card: every field as text, with
 * option labels, dollars and dates formatted for people (DESIGN.md).
 */
import { ADMIN_PROFILE_FIELDS, type AdminRecord, optionLabel } from '@app/domain/admin-email';
import { formatSalary } from '@app/domain/jobs-format';
import { ACK_FIELDS, fieldBySnake } from '@app/domain/onboarding-fields';
import { parseSalary } from '@app/domain/onboarding-rules';
import { format, parseISO } from 'date-fns';

export const NOT_PROVIDED = 'Not provided';

export interface RecordLine {
  key: string;
  label: string;
  value: string;
}

export interface Acknowledgement {
  key: string;
  label: string;
  accepted: boolean;
}

/** The record's fields in the order the User Information card lists them; acknowledgements apart. */
const DETAIL_KEYS = [
  ...ADMIN_PROFILE_FIELDS,
  'resume_name',
  'cover_letter_name',
  'signature',
  'onboarding_completed',
  'created_at',
] as const satisfies readonly (keyof AdminRecord)[];

const LABELS: Partial<Record<(typeof DETAIL_KEYS)[number], string>> = {
  resume_name: 'Resume',
  cover_letter_name: 'Cover Letter',
  created_at: 'Submitted',
};

/** 'November 3, 2026 at 2:15 PM' in the reader's time zone; the raw text when it is not a moment. */
export function formatMoment(timestamp: string): string {
  const date = parseISO(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : format(date, "MMMM d, yyyy 'at' h:mm a");
}

function displayValue(key: (typeof DETAIL_KEYS)[number], value: AdminRecord[typeof key]): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    return value.length > 0 ? value.map((item) => optionLabel(key, item)).join(', ') : NOT_PROVIDED;
  }
  if (value === null || value.trim() === '') return NOT_PROVIDED;
  if (key === 'salary_expectation') {
    const amount = parseSalary(value);
    return amount === null ? value : formatSalary(amount);
  }
  if (key === 'created_at') return formatMoment(value);
  return optionLabel(key, value);
}

export function recordDetails(record: AdminRecord): RecordLine[] {
  return DETAIL_KEYS.map((key) => ({
    key,
    label: LABELS[key] ?? fieldBySnake(key)?.label ?? key,
    value: displayValue(key, record[key]),
  }));
}

export function recordAcknowledgements(record: AdminRecord): Acknowledgement[] {
  return ACK_FIELDS.map((ack) => ({ key: ack.snake, label: ack.label, accepted: record[ack.snake] }));
}
