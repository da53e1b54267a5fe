import { describe, expect, it } from 'vitest';
import { displayProfileValue, formatCalendarDate, formatDateTime, webLink } from './profile-values.ts';

const entry = (key: string, raw: unknown, value = String(raw)) => ({ key, label: key, raw, value });

describe('displayProfileValue', () => {
  it.each([
    [entry('experience_level', 'senior'), 'Senior Level'],
    [entry('job_type', ['full-time', 'contract'], 'full-time, contract'), 'Full-time, Contract'],
    [entry('job_type', 'part-time, freelance'), 'Part-time, Freelance'],
    [entry('work_location_type', ['Remote', 'On-site'], 'Remote, On-site'), 'Remote, On-site'],
    [entry('experience_level', 'guru'), 'guru'],
    [entry('salary_expectation', '120000'), '$120,000'],
    [entry('salary_expectation', '$75,000'), '$75,000'],
    [entry('salary_expectation', 'negotiable'), 'negotiable'],
    [entry('birthdate', '1990-12-10'), 'Dec 10, 1990'],
    [entry('availability_to_start', '2030-01-15'), 'Jan 15, 2030'],
    [entry('ack_refund_policy', true, 'Yes'), 'Yes'],
    [entry('city', 'Springfield'), 'Springfield'],
  ])('shows %j as %j', (value, shown) => {
    expect(displayProfileValue(value)).toBe(shown);
  });
});

describe('dates', () => {
  it('reads a calendar date as that day in every time zone', () => {
    expect(formatCalendarDate('2024-01-01')).toBe('Jan 1, 2024');
  });

  it('formats a moment for people, and nothing else', () => {
    expect(formatDateTime('2026-11-03T14:15:00')).toBe('November 3, 2026 at 2:15 PM');
    expect(formatDateTime('yesterday')).toBeNull();
    expect(formatDateTime(undefined)).toBeNull();
  });
});

describe('webLink', () => {
  it.each([
    ['https://www.linkedin.com/in/ada', 'https://www.linkedin.com/in/ada'],
    ['linkedin.com/in/ada', 'https://linkedin.com/in/ada'],
    ['javascript:alert(1)', null],
    ['not a link', null],
    [42, null],
  ])('%j links to %j', (value, href) => {
    expect(webLink(value)).toBe(href);
  });
});
