import { z } from 'zod';
import { parseCommaList } from './onboarding-fields.ts';
import { parseSalary } from './onboarding-rules.ts';

/**
 * Job-search filters (spec 2, section 3, "Job filter set"): generated from a client's onboarding
 * answers, saved as one filter per search query, and read back as "Existing filters".
 */

/** The onboarding answers that filters are built from; lists may arrive as lists, JSON text or comma text. */
export interface JobFilterSource {
  top_job_titles?: unknown;
  job_description_keywords?: unknown;
  exclude_job_titles?: unknown;
  exclude_job_description_keywords?: unknown;
  salary_expectation?: unknown;
  work_location_type?: unknown;
}

export const FILTER_TEXT_MAX_LENGTH = 200;
export const FILTER_LIST_MAX_ITEMS = 200;
export const FILTER_SETS_MAX = 50;
export const MIN_SALARY_MESSAGE = 'must be a whole number of dollars';

const filterText = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(FILTER_TEXT_MAX_LENGTH, `must be at most ${FILTER_TEXT_MAX_LENGTH} characters`);
const filterList = z
  .array(filterText)
  .max(FILTER_LIST_MAX_ITEMS, `must hold at most ${FILTER_LIST_MAX_ITEMS} entries`);

/** The draft shown to staff after "generate": every query shares the same keyword and salary filters. */
export const jobFilterSetSchema = z.object({
  queries: z.array(z.string()),
  inclusion_filters: z.object({ data_job_description: z.array(z.string()) }),
  exclusion_filters: z.object({ data_job_description: z.array(z.string()) }),
  min_salary: z.number().nullable(),
  is_remote: z.boolean(),
});
export type JobFilterSet = z.infer<typeof jobFilterSetSchema>;

/** What one saved filter applies to a job search. */
export const filterSettingsSchema = z.object({
  data_job_description: filterList,
  exclude_job_description: filterList,
  is_remote: z.boolean(),
  min_salary: z
    .number({ error: MIN_SALARY_MESSAGE })
    .int(MIN_SALARY_MESSAGE)
    .nonnegative(MIN_SALARY_MESSAGE)
    .nullable(),
});
export type FilterSettings = z.infer<typeof filterSettingsSchema>;

/** One filter ready to be saved (the admin call's `formatted_data` is a list of these). */
export const formattedFilterSchema = z.object({
  name: filterText,
  query: filterText,
  date_saved: z.string().optional(),
  filters: filterSettingsSchema,
});
export type FormattedFilter = z.infer<typeof formattedFilterSchema>;

export const formattedFiltersSchema = z
  .array(formattedFilterSchema)
  .min(1, 'must hold at least one filter')
  .max(FILTER_SETS_MAX, `must hold at most ${FILTER_SETS_MAX} filters`);

/** A filter as stored: "Existing filters" in the spec. */
export const savedFilterSchema = z.object({
  id: z.string(),
  client_email: z.string(),
  name: z.string(),
  date_saved: z.string(),
  query: z.string(),
  filters: filterSettingsSchema,
  /** Counts the filter's edits: an edit names the version it was made on. */
  version: z.number().int(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

/** Reads a list answer: a list, a JSON list in text, or comma-separated text; blanks are dropped. */
export function toList(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => (typeof item === 'string' && item.trim() !== '' ? [item.trim()] : []));
  }
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return toList(parsed);
    } catch {
      // Not JSON after all: read it as comma-separated text.
    }
  }
  return parseCommaList(text);
}

/** Keeps the first spelling of each entry, comparing without case; drops blanks. */
function distinct(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The salary expectation as whole dollars (`$75,000` is 75000); null when absent or not a salary. */
function salaryFloor(value: unknown): number | null {
  const amount = parseSalary(value);
  return amount !== null && Number.isSafeInteger(amount) ? amount : null;
}

/**
 * The entries a saved filter can hold (formattedFiltersSchema), as the spec sets no limit of its own.
 * An entry over FILTER_TEXT_MAX_LENGTH characters is left out rather than cut: a cut title or keyword
 * would search for words the client never wrote, while the whole one could never be saved. Of the
 * rest, the first `max` are kept: the order the client wrote them in is the only ranking there is,
 * and staff still see every answer on the client's page and may edit the draft before saving it.
 */
function fitting(values: string[], max: number): string[] {
  return values.filter((value) => value.length <= FILTER_TEXT_MAX_LENGTH).slice(0, max);
}

/**
 * Builds the filter draft from a client's answers. Same answers, same filters, and always filters
 * that can be saved, whatever the onboarding form let the client write.
 */
export function generateJobFilters(source: JobFilterSource): JobFilterSet {
  return {
    queries: fitting(distinct(toList(source.top_job_titles)), FILTER_SETS_MAX),
    inclusion_filters: {
      data_job_description: fitting(distinct(toList(source.job_description_keywords)), FILTER_LIST_MAX_ITEMS),
    },
    exclusion_filters: {
      data_job_description: fitting(
        distinct([...toList(source.exclude_job_description_keywords), ...toList(source.exclude_job_titles)]),
        FILTER_LIST_MAX_ITEMS,
      ),
    },
    min_salary: salaryFloor(source.salary_expectation),
    is_remote: toList(source.work_location_type).some((type) => type.toLowerCase() === 'remote'),
  };
}

/** One filter per query, named by the query, each carrying the set's shared filters. */
export function formatFiltersForSaving(set: JobFilterSet, dateSaved: string): FormattedFilter[] {
  return set.queries.map((query) => ({
    name: query,
    query,
    date_saved: dateSaved,
    filters: {
      data_job_description: set.inclusion_filters.data_job_description,
      exclude_job_description: set.exclusion_filters.data_job_description,
      is_remote: set.is_remote,
      min_salary: set.min_salary,
    },
  }));
}

/** Why no filters can be made for a client without job titles: the server's refusal and the card's notice. */
export const NO_QUERIES_MESSAGE =
  'This client has no job titles to search for, so there are no filters to save';
