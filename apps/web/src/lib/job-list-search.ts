import {
  DATE_PRESETS,
  DECISION_FILTERS,
  isCalendarDate,
  isOrderedDateRange,
  type JobFilters,
  type JobSort,
  SORTABLE_JOB_COLUMNS,
  STATUS_FILTERS,
} from '@app/domain/jobs';

/**
 * The applied filters and the sort of a job list (the client's job pages, a recruiter's table of a
 * client's jobs), kept in the address so that a reload, a shared
 * link and the back button show the same list: `?status=applied&decision=rejected&date=custom
 * &from=2024-11-01&to=2024-11-20&sort=-data_job_title`. A value the page starts with is left out,
 * so the plain address is the page's default; anything unknown falls back to the default.
 * `sort` names a column, ascending, or `-column` for descending.
 */

const FILTER_KEYS = ['status', 'decision', 'date', 'from', 'to'] as const;
const SORT_KEY = 'sort';

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export interface JobListSearch {
  filters: JobFilters;
  /** null is the default order. */
  sort: JobSort | null;
}

export function readJobListSearch(params: URLSearchParams, defaults: JobFilters): JobListSearch {
  const filters: JobFilters = {
    status: oneOf(STATUS_FILTERS, params.get('status'), defaults.status),
    decision: oneOf(DECISION_FILTERS, params.get('decision'), defaults.decision),
    date: oneOf(DATE_PRESETS, params.get('date'), defaults.date),
  };
  if (filters.date === 'custom') {
    const day = (key: 'from' | 'to') => {
      const value = params.get(key);
      return value && isCalendarDate(value) ? value : null;
    };
    const from = day('from');
    const to = day('to');
    // A range the filter bar would refuse is not applied from an address either.
    if (isOrderedDateRange(from, to)) Object.assign(filters, { from, to });
    else Object.assign(filters, { from: null, to: null });
  }
  return { filters, sort: readSort(params.get(SORT_KEY)) };
}

function readSort(value: string | null): JobSort | null {
  if (!value) return null;
  const descending = value.startsWith('-');
  const column = descending ? value.slice(1) : value;
  if (!SORTABLE_JOB_COLUMNS.includes(column as JobSort['column'])) return null;
  return { column: column as JobSort['column'], direction: descending ? 'desc' : 'asc' };
}

/**
 * `params` with the list's filters and sort written in; other parameters stay as they are. Answers a
 * new object.
 */
export function writeJobListSearch(
  params: URLSearchParams,
  { filters, sort }: JobListSearch,
  defaults: JobFilters,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...FILTER_KEYS, SORT_KEY]) next.delete(key);
  if (filters.status !== defaults.status) next.set('status', filters.status);
  if (filters.decision !== defaults.decision) next.set('decision', filters.decision);
  if (filters.date !== defaults.date) next.set('date', filters.date);
  if (filters.date === 'custom') {
    if (filters.from) next.set('from', filters.from);
    if (filters.to) next.set('to', filters.to);
  }
  if (sort) next.set(SORT_KEY, `${sort.direction === 'desc' ? '-' : ''}${sort.column}`);
  return next;
}
