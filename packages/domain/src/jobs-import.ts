import { parse as parseCsvText } from 'csv-parse/browser/esm/sync';
import { z } from 'zod';
import { companyKey } from './companies-to-avoid.ts';
import type { ImportFormat } from './import-format.ts';
import {
  isCalendarDate,
  JOB_FLAGS,
  JOB_NOTES_MAX_LENGTH,
  JOB_TEXT_FIELDS,
  JOB_URL_FIELDS,
  type JobFlag,
  type JobTextField,
} from './jobs.ts';

/**
 * The file staff import to put jobs in front of a client: a CSV with a header row, or a JSON array of
 * objects, with the columns below. Every row is checked and every problem is reported with its row
 * (1 is the first job; 0 is the CSV header or the file as a whole) and field.
 */

/** Beyond this many problems the rest are counted, not listed. */
export const IMPORT_MAX_LISTED_ERRORS = 200;

export interface ImportError {
  row: number;
  /** The column at fault, or null when the whole row or file is. */
  field: string | null;
  message: string;
}

const TEXT_MAX_LENGTH: Record<JobTextField, number> = {
  data_job_title: 500,
  data_company: 300,
  data_company_url: 2000,
  data_external_application_link: 2000,
  url: 2000,
  data_job_description: 100_000,
  data_location_city: 200,
  data_location_state: 200,
  data_location_country: 200,
  seniority_level: 200,
  job_time_type: 200,
  job_family: 200,
  industry: 200,
  remote_hybrid_onsite: 200,
};

/** Blank cells and JSON nulls mean "no value". */
function blankToNull(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  yes: true,
  '1': true,
  false: false,
  no: false,
  '0': false,
};
const BOOLEAN_MESSAGE = 'must be true, false, yes, no, 1 or 0';

function toBoolean(value: unknown): unknown {
  const blank = blankToNull(value);
  if (blank === null) return false;
  if (typeof blank === 'boolean') return blank;
  if (blank === 1 || blank === 0) return blank === 1;
  return typeof blank === 'string' ? (BOOLEAN_WORDS[blank.toLowerCase()] ?? blank) : blank;
}

/** '$120,000' and '120000' are both 120000. */
function toNumber(value: unknown): unknown {
  const blank = blankToNull(value);
  if (typeof blank !== 'string') return blank;
  const cleaned = blank.replace(/^\$/, '').replaceAll(',', '');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : blank;
}

const DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)(Z|[+-]\d{2}:?\d{2})?$/i;
const DATE_MESSAGE = 'must be a date such as 2024-11-03, or a date and time such as 2024-11-03T09:30:00Z';

/** A day stays a day; a date and time becomes UTC ISO text (no zone means UTC). */
function normalizeDate(value: string): string | null {
  if (isCalendarDate(value)) return value;
  const match = DATE_TIME_PATTERN.exec(value);
  if (!match || !isCalendarDate(match[1]!)) return null;
  const time = Date.parse(`${match[1]}T${match[2]}${match[5] ?? 'Z'}`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const text = (max: number) =>
  z.preprocess(
    blankToNull,
    z.string({ message: 'must be text' }).max(max, `must be at most ${max} characters`).nullable(),
  );

const webAddress = z.preprocess(
  blankToNull,
  z
    .string({ message: 'must be text' })
    .max(2000, 'must be at most 2000 characters')
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http or https address')
    .nullable(),
);

const date = z.preprocess(
  blankToNull,
  z
    .string({ message: DATE_MESSAGE })
    .transform((value, context) => {
      const normalized = normalizeDate(value);
      if (normalized === null) context.addIssue({ code: 'custom', message: DATE_MESSAGE });
      return normalized ?? value;
    })
    .nullable(),
);

const flag = z.preprocess(toBoolean, z.boolean({ message: BOOLEAN_MESSAGE }));

/**
 * The team's own work on a job (whether it was applied to, the analyst's notes): a blank cell leaves
 * it as it is, so a file refreshed from a sourcing sheet never undoes what was marked or written in
 * the table since. Only a value changes it ('false', 'no' or '0' marks a job not applied).
 */
const keptIfBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (blankToNull(value) === null ? undefined : value), schema.optional());

const flagFields = Object.fromEntries(JOB_FLAGS.map((name) => [name, flag.optional()])) as {
  [K in JobFlag]: z.ZodOptional<typeof flag>;
};
const textFields = Object.fromEntries(
  JOB_TEXT_FIELDS.map((name) => [
    name,
    ((JOB_URL_FIELDS as readonly string[]).includes(name)
      ? webAddress
      : text(TEXT_MAX_LENGTH[name])
    ).optional(),
  ]),
) as { [K in JobTextField]: z.ZodOptional<ReturnType<typeof text>> };

/**
 * One imported row. Only job_uid is required; a column left out of the file leaves that field as it
 * was (or at its default for a new job). Client fields (decision, notes) are never imported.
 */
export const importedJobSchema = z.strictObject(
  {
    job_uid: z.preprocess(
      (value) => (typeof value === 'number' ? String(value) : blankToNull(value)),
      z.string({ message: 'is required' }).max(200, 'must be at most 200 characters'),
    ),
    refresh_date: date.optional(),
    data_posted: date.optional(),
    applied_for_job: keptIfBlank(flag),
    analyst_notes: keptIfBlank(text(JOB_NOTES_MAX_LENGTH)),
    data_num_applicants: z
      .preprocess(
        toNumber,
        z
          .number({ message: 'must be a whole number' })
          .int('must be a whole number')
          .min(0, 'must not be negative')
          .max(10_000_000, 'is too large')
          .nullable(),
      )
      .optional(),
    max_salary: z
      .preprocess(
        toNumber,
        z
          .number({ message: 'must be a number such as 120000' })
          .min(0, 'must not be negative')
          .max(100_000_000, 'is too large')
          .nullable(),
      )
      .optional(),
    ...textFields,
    ...flagFields,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'is not a known column' : undefined) },
);
export type ImportedJob = z.output<typeof importedJobSchema>;

export const IMPORT_COLUMNS = Object.keys(importedJobSchema.shape);

// ---- CSV ----------------------------------------------------------------------------------------

export type CsvResult = { ok: true; records: string[][] } | { ok: false; error: ImportError };

/** csv-parse's error codes for the mistakes people make by hand, in words they can act on. */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'has a quoted value that is never closed',
  INVALID_OPENING_QUOTE: 'has a quote inside a value that does not start with one',
  CSV_INVALID_CLOSING_QUOTE: 'has text after the closing quote of a value',
};

/**
 * RFC 4180 CSV through csv-parse: comma-separated, records end with LF or CRLF, fields may be quoted
 * with `"` and then hold commas, line breaks and doubled quotes (`""`). A leading byte-order mark is
 * ignored and blank lines are skipped. Record 0 is the header. Rows with the wrong number of values
 * are kept, so that every one of them can be reported against the header.
 */
export function parseCsv(input: string): CsvResult {
  try {
    const records: string[][] = parseCsvText(input, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    });
    return { ok: true, records };
  } catch (error) {
    const { code, records = 0, message } = error as { code?: string; records?: number; message: string };
    const problem = (code && CSV_PROBLEMS[code]) ?? `is not valid CSV (${message})`;
    return { ok: false, error: { row: records, field: null, message: problem } };
  }
}

// ---- whole files --------------------------------------------------------------------------------

export type ParsedJobsFile =
  | { ok: true; jobs: ImportedJob[] }
  | { ok: false; errors: ImportError[]; errorCount: number };

/** Rows as read from the file; null stands for a row already reported as not being an object. */
type RawRows =
  | { ok: true; rows: (Record<string, unknown> | null)[]; errors: ImportError[] }
  | { ok: false; error: ImportError };

function csvRows(content: string): RawRows {
  const parsed = parseCsv(content);
  if (!parsed.ok) return parsed;
  const [header, ...records] = parsed.records;
  if (!header) return { ok: false, error: { row: 0, field: null, message: 'The file is empty' } };
  const columns = header.map((name) => name.trim().toLowerCase());
  const errors: ImportError[] = [];
  columns.forEach((column, position) => {
    if (!IMPORT_COLUMNS.includes(column)) {
      errors.push({ row: 0, field: column, message: 'is not a known column' });
    } else if (columns.indexOf(column) !== position) {
      errors.push({ row: 0, field: column, message: 'appears more than once in the header' });
    }
  });
  if (!columns.includes('job_uid')) errors.push({ row: 0, field: 'job_uid', message: 'column is required' });
  const rows: Record<string, unknown>[] = [];
  records.forEach((values, index) => {
    if (values.length !== columns.length) {
      errors.push({
        row: index + 1,
        field: null,
        message: `has ${values.length} values but the header has ${columns.length} columns`,
      });
    }
    // Unknown columns are reported once, on the header; the rest of the row is still checked.
    const row: Record<string, unknown> = {};
    columns.forEach((column, position) => {
      if (IMPORT_COLUMNS.includes(column)) row[column] = values[position] ?? '';
    });
    rows.push(row);
  });
  return { ok: true, rows, errors };
}

function jsonRows(content: string): RawRows {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.charCodeAt(0) === 0xfeff ? content.slice(1) : content);
  } catch (error) {
    return {
      ok: false,
      error: { row: 0, field: null, message: `The file is not valid JSON: ${(error as Error).message}` },
    };
  }
  if (!Array.isArray(parsed)) {
    return { ok: false, error: { row: 0, field: null, message: 'The file must be a JSON array of jobs' } };
  }
  const errors: ImportError[] = [];
  const rows = parsed.map((item, index) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item))
      return item as Record<string, unknown>;
    errors.push({ row: index + 1, field: null, message: 'must be an object' });
    return null;
  });
  return { ok: true, rows, errors };
}

function rowErrors(issues: z.core.$ZodIssue[], row: number): ImportError[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ row, field: key, message: 'is not a known column' }));
    }
    const field = issue.path[0];
    return [{ row, field: field === undefined ? null : String(field), message: issue.message }];
  });
}

/**
 * Checks every row of an import file. Either all rows are valid jobs, or the answer lists the
 * problems (the first IMPORT_MAX_LISTED_ERRORS of them) and nothing should be imported.
 */
export function parseJobsFile(content: string, format: ImportFormat): ParsedJobsFile {
  const raw = format === 'csv' ? csvRows(content) : jsonRows(content);
  if (!raw.ok) return { ok: false, errors: [raw.error], errorCount: 1 };
  const errors = [...raw.errors];
  if (raw.rows.length === 0) errors.push({ row: 0, field: null, message: 'The file has no jobs' });
  const jobs: ImportedJob[] = [];
  const firstRowOf = new Map<string, number>();
  raw.rows.forEach((values, index) => {
    if (values === null) return;
    const row = index + 1;
    const result = importedJobSchema.safeParse(values);
    // A field left blank that keeps its value (keptIfBlank) is left out, as if its column were.
    if (result.success) jobs.push(withoutUndefined(result.data));
    else errors.push(...rowErrors(result.error.issues, row));
    // Repeats are found even on rows with other problems, so one pass shows everything to fix.
    const uid = blankToNull(values.job_uid);
    if (typeof uid !== 'string' && typeof uid !== 'number') return;
    const first = firstRowOf.get(String(uid));
    if (first !== undefined) {
      errors.push({ row, field: 'job_uid', message: `repeats the job_uid of row ${first}` });
    } else {
      firstRowOf.set(String(uid), row);
    }
  });
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    return { ok: false, errors: errors.slice(0, IMPORT_MAX_LISTED_ERRORS), errorCount: errors.length };
  }
  return { ok: true, jobs };
}

function withoutUndefined<T extends object>(job: T): T {
  return Object.fromEntries(Object.entries(job).filter(([, value]) => value !== undefined)) as T;
}

// ---- duplicates ---------------------------------------------------------------------------------

/** A second job with the same title at the same company this many days apart is the same job. */
export const DUPLICATE_WINDOW_DAYS = 30;

/** What duplicate detection reads of a job, imported or already the client's. */
export interface DuplicateCandidate {
  job_uid: string;
  link: string | null;
  title: string | null;
  company: string | null;
  /** The job's day (refresh date, else posted, else when it was assigned), YYYY-MM-DD. */
  day: string;
}

function titleCompanyKey(candidate: DuplicateCandidate): string | null {
  const title = candidate.title?.toLowerCase().replace(/\s+/g, ' ').trim();
  const company = candidate.company ? companyKey(candidate.company) : '';
  return title && company ? `${title}\n${company}` : null;
}

function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/**
 * Finds, among jobs a client already has (and rows earlier in the same file), the one an imported
 * row repeats: the same job_uid, else the same apply link, else the same title and company within
 * DUPLICATE_WINDOW_DAYS when at most one of the two has an apply link. Add every job kept with `add`; `find` answers what a new row matches.
 */
export class DuplicateIndex<T> {
  private readonly byUid = new Map<string, T>();
  private readonly byLink = new Map<string, T>();
  private readonly byTitleCompany = new Map<string, { day: string; link: string | null; job: T }[]>();

  add(candidate: DuplicateCandidate, job: T): void {
    this.byUid.set(candidate.job_uid, job);
    if (candidate.link && !this.byLink.has(candidate.link)) this.byLink.set(candidate.link, job);
    const key = titleCompanyKey(candidate);
    if (key) {
      const list = this.byTitleCompany.get(key) ?? [];
      list.push({ day: candidate.day, link: candidate.link, job });
      this.byTitleCompany.set(key, list);
    }
  }

  find(candidate: DuplicateCandidate): { job: T; by: 'job_uid' | 'link' | 'title_company' } | undefined {
    const sameUid = this.byUid.get(candidate.job_uid);
    if (sameUid !== undefined) return { job: sameUid, by: 'job_uid' };
    const sameLink = candidate.link ? this.byLink.get(candidate.link) : undefined;
    if (sameLink !== undefined) return { job: sameLink, by: 'link' };
    const key = titleCompanyKey(candidate);
    const near = key
      ? this.byTitleCompany.get(key)?.find(
          (other) =>
            daysApart(other.day, candidate.day) <= DUPLICATE_WINDOW_DAYS &&
            // Two apply links that differ are two openings, however alike their titles.
            !(other.link && candidate.link && other.link !== candidate.link),
        )
      : undefined;
    return near && { job: near.job, by: 'title_company' };
  }
}

/**
 * What an import did, in words for staff: 'Imported 2 new jobs, updated 1 and merged 1.' Merged rows
 * repeated a job the client had (see DuplicateIndex); refused rows are listed by the caller.
 */
export function describeImportSummary(summary: {
  imported: number;
  updated: number;
  merged: number;
  refused: readonly unknown[];
}): string {
  const { imported, updated, merged } = summary;
  const sentence = `Imported ${imported} new ${imported === 1 ? 'job' : 'jobs'}, updated ${updated} and merged ${merged}.`;
  const refused = summary.refused.length;
  if (refused === 0) return sentence;
  return `${sentence} ${refused === 1 ? '1 row was' : `${refused} rows were`} refused: the client avoids that company.`;
}
