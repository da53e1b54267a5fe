/**
 * How a stored profile value reads on the client's profile page and the staff client page
 * (DESIGN.md, "formatted for people"): option values by their labels (experience level, job types),
 * dates as dates, salaries as dollars.
 */
import { FIELD_OPTIONS, type OnboardingFieldKey, parseCommaList } from '@app/domain/onboarding-fields';
import { isIsoDate, parseSalary } from '@app/domain/onboarding-rules';
import type { ProfileEntry } from '@app/domain/profile-display';
import { format, parseISO } from 'date-fns';

export function displayProfileValue(entry: ProfileEntry): string {
  const { key, raw, value } = entry;
  const options = FIELD_OPTIONS[key as OnboardingFieldKey];
  if (options) {
    const chosen = Array.isArray(raw) ? raw.filter((item) => typeof item === 'string') : parseCommaList(raw);
    return chosen
      .map((choice) => options.find((option) => option.value === choice)?.label ?? choice)
      .join(', ');
  }
  if (key === 'salary_expectation') {
    const amount = parseSalary(raw);
    return amount === null ? value : `$${amount.toLocaleString('en-US')}`;
  }
  if (isIsoDate(raw)) return formatCalendarDate(raw as string);
  return value;
}

/** '1990-12-10' → 'Dec 10, 1990', read as a calendar day (never shifted by the time zone). */
export function formatCalendarDate(isoDate: string): string {
  return format(parseISO(isoDate), 'MMM d, yyyy');
}

/** A moment in the reader's time zone: 'November 3, 2026 at 2:15 PM'; null when it is not one. */
export function formatDateTime(timestamp: unknown): string | null {
  if (typeof timestamp !== 'string') return null;
  const date = parseISO(timestamp);
  return Number.isNaN(date.getTime()) ? null : format(date, "MMMM d, yyyy 'at' h:mm a");
}

/** Only web addresses become links; anything else someone typed stays text. */
export function webLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const candidate = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    return url.hostname.includes('.') && !/\s/.test(text) ? url.href : null;
  } catch {
    return null;
  }
}
