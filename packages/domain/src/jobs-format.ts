import { calendarDay } from './jobs.ts';

/** How job values read in the interface: dollars, short dates, and notes with safe links. */

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** 10000 → '10,000': every count a person reads carries thousands separators. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** 120000 → '$120,000'; no salary → 'N/A'. */
export function formatSalary(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? dollars.format(amount) : 'N/A';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2024-11-03' or a timestamp on that UTC day → 'Nov 3'; nothing or nonsense → 'N/A'. */
export function formatShortDate(value: string | null | undefined): string {
  const day = calendarDay(value);
  if (!day) return 'N/A';
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

export function formatYesNo(value: boolean | null | undefined): 'Yes' | 'No' {
  return value ? 'Yes' : 'No';
}

export type NoteSegment = { type: 'text'; text: string } | { type: 'link'; href: string; text: string };

// A web address runs until whitespace or a character that cannot appear unescaped in one.
const URL_CANDIDATE = /https?:\/\/[^\s<>"'`{}|\\^]+/gi;
// Punctuation that usually ends the sentence around a link rather than the link itself.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

function safeHref(text: string): string | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/**
 * Splits an analyst note into plain text and http(s) links, for the browser to render as text nodes
 * and anchors (never as HTML). Joining the segments' texts gives back the note exactly.
 */
export function linkifyNote(note: string): NoteSegment[] {
  const segments: NoteSegment[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = segments.at(-1);
    if (last?.type === 'text') last.text += text;
    else segments.push({ type: 'text', text });
  };
  let position = 0;
  for (const match of note.matchAll(URL_CANDIDATE)) {
    const text = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = safeHref(text);
    if (!href) continue;
    pushText(note.slice(position, match.index));
    segments.push({ type: 'link', href, text });
    position = match.index + text.length;
  }
  pushText(note.slice(position));
  return segments;
}

export const UNTITLED_JOB = 'Untitled job';

/** 'Senior Content Strategist at Woodgrove Bank': how controls and messages name a job. */
export function jobName(job: { data_job_title: string | null; data_company: string | null }): string {
  const title = job.data_job_title || UNTITLED_JOB;
  return job.data_company ? `${title} at ${job.data_company}` : title;
}
