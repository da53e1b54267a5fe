import { z } from 'zod';
import { jobOutcomeSchema } from './job-outcomes.ts';

/**
 * A job as the client sees it (spec 2, section 3), and the rules the jobs screens and the server
 * share: status priority, decision, filters, sorting and the derived fields.
 */

/** The boolean classification flags, by group, in the order the spec lists them. */
export const JOB_FLAG_GROUPS = {
  employment: ['is_full_time', 'is_part_time', 'is_contract', 'is_internship'],
  arrangement: ['is_remote', 'is_hybrid', 'is_onsite'],
  company: ['is_big_tech', 'is_startup', 'is_enterprise', 'is_agency', 'is_consulting_firm'],
  seniority: ['is_executive', 'is_director_level', 'is_managerial', 'is_senior_level', 'is_entry_level'],
  role: [
    'technical',
    'non_technical',
    'engineering',
    'data_related',
    'product',
    'operations',
    'support',
    'sales',
    'marketing',
    'hr_related',
    'program_management',
  ],
  location: ['us_based', 'international', 'nyc_area', 'sf_bay_area', 'chicago_area', 'remote_friendly'],
  compensation: [
    'is_high_salary',
    'is_mid_salary',
    'is_comp_disclosed',
    'is_relocation_offered',
    'is_visa_friendly',
  ],
} as const;

export type JobFlagGroup = keyof typeof JOB_FLAG_GROUPS;
export type JobFlag = (typeof JOB_FLAG_GROUPS)[JobFlagGroup][number];
export const JOB_FLAGS: readonly JobFlag[] = Object.values(JOB_FLAG_GROUPS).flat();

/** How a flag reads in the interface when it is shown as a tag or a type. */
export const JOB_FLAG_LABELS: Record<JobFlag, string> = {
  is_full_time: 'Full-time',
  is_part_time: 'Part-time',
  is_contract: 'Contract',
  is_internship: 'Internship',
  is_remote: 'Remote',
  is_hybrid: 'Hybrid',
  is_onsite: 'On-site',
  is_big_tech: 'Big Tech',
  is_startup: 'Startup',
  is_enterprise: 'Enterprise',
  is_agency: 'Agency',
  is_consulting_firm: 'Consulting Firm',
  is_executive: 'Executive',
  is_director_level: 'Director Level',
  is_managerial: 'Managerial',
  is_senior_level: 'Senior Level',
  is_entry_level: 'Entry Level',
  technical: 'Technical',
  non_technical: 'Non-technical',
  engineering: 'Engineering',
  data_related: 'Data',
  product: 'Product',
  operations: 'Operations',
  support: 'Support',
  sales: 'Sales',
  marketing: 'Marketing',
  hr_related: 'HR',
  program_management: 'Program Management',
  us_based: 'US Based',
  international: 'International',
  nyc_area: 'NYC Area',
  sf_bay_area: 'SF Bay Area',
  chicago_area: 'Chicago Area',
  remote_friendly: 'Remote Friendly',
  is_high_salary: 'High Salary',
  is_mid_salary: 'Mid Salary',
  is_comp_disclosed: 'Compensation Disclosed',
  is_relocation_offered: 'Relocation Offered',
  is_visa_friendly: 'Visa Friendly',
};

/** The text fields staff provide, besides notes and dates. */
export const JOB_TEXT_FIELDS = [
  'data_job_title',
  'data_company',
  'data_company_url',
  'data_external_application_link',
  'url',
  'data_job_description',
  'data_location_city',
  'data_location_state',
  'data_location_country',
  'seniority_level',
  'job_time_type',
  'job_family',
  'industry',
  'remote_hybrid_onsite',
] as const;
export type JobTextField = (typeof JOB_TEXT_FIELDS)[number];

/** Fields that hold web addresses: only http and https are ever stored, since the browser links them. */
export const JOB_URL_FIELDS = ['data_company_url', 'data_external_application_link', 'url'] as const;

export const CLIENT_APPROVALS = ['rejected', 'pending'] as const;
export type ClientApproval = (typeof CLIENT_APPROVALS)[number];
export const clientApprovalSchema = z.enum(CLIENT_APPROVALS);

export const JOB_NOTES_MAX_LENGTH = 5000;

const flagShape = Object.fromEntries(JOB_FLAGS.map((flag) => [flag, z.boolean()])) as {
  [K in JobFlag]: z.ZodBoolean;
};
const textShape = Object.fromEntries(JOB_TEXT_FIELDS.map((field) => [field, z.string().nullable()])) as {
  [K in JobTextField]: z.ZodNullable<z.ZodString>;
};

export const jobSchema = z.object({
  id: z.string(),
  /** The job's own id from the sourcing data; unique per client. */
  job_uid: z.string(),
  refresh_date: z.string().nullable(),
  client_approval: clientApprovalSchema,
  client_notes: z.string().nullable(),
  analyst_notes: z.string().nullable(),
  applied_for_job: z.boolean(),
  data_posted: z.string().nullable(),
  data_num_applicants: z.number().int().nullable(),
  max_salary: z.number().nullable(),
  /** What came of the application, recorded on applied jobs; null until someone says. */
  outcome: jobOutcomeSchema.nullable(),
  /** The day the outcome happened, YYYY-MM-DD. */
  outcome_date: z.string().nullable(),
  ...textShape,
  ...flagShape,
});
export type Job = z.infer<typeof jobSchema>;

/**
 * What the /myjobs and /job-stats tables, their filters and their sort read of a job (spec 2,
 * section 2), in the order a list row carries them; the details pop-up fetches the whole job.
 */
export const JOB_LIST_FIELDS = [
  'id',
  'refresh_date',
  'client_approval',
  'client_notes',
  'analyst_notes',
  'applied_for_job',
  'data_job_title',
  'data_company',
  'data_company_url',
  // The Apply column links the first of these that is set.
  'data_external_application_link',
  'url',
  'max_salary',
  'data_location_city',
  'data_location_state',
  'data_location_country',
  'data_posted',
  // The outcome column, the funnel on /job-stats and the export read these.
  'outcome',
  'outcome_date',
] as const;
export type JobListField = (typeof JOB_LIST_FIELDS)[number];

export const jobListItemSchema = jobSchema.pick(
  Object.fromEntries(JOB_LIST_FIELDS.map((field) => [field, true])) as { [K in JobListField]: true },
);
export type JobListItem = z.infer<typeof jobListItemSchema>;

// ---- status and decision -------------------------------------------------------------------------

export type JobDecision = ClientApproval;
export type JobStatus = 'Applied' | 'Rejected' | 'Pending';

/** Anything but 'rejected' counts as pending. */
export function decisionOf(job: { client_approval?: string | null }): JobDecision {
  return job.client_approval === 'rejected' ? 'rejected' : 'pending';
}

/** Applied beats Rejected beats Pending; applied is a separate flag set by staff. */
export function jobStatus(job: { applied_for_job: boolean; client_approval?: string | null }): JobStatus {
  if (job.applied_for_job) return 'Applied';
  return decisionOf(job) === 'rejected' ? 'Rejected' : 'Pending';
}

// ---- derived fields -----------------------------------------------------------------------------

type Flags = { [K in JobFlag]?: boolean };

/** The flags of a group that are true, in the group's order. */
export function flagsInGroup(job: Flags, group: JobFlagGroup): JobFlag[] {
  return JOB_FLAG_GROUPS[group].filter((flag) => job[flag] === true);
}

export const roleTypes = (job: Flags): JobFlag[] => flagsInGroup(job, 'role');
export const locationTags = (job: Flags): JobFlag[] => flagsInGroup(job, 'location');
/** The first company type is the primary one; the rest are additional types. */
export const companyTypes = (job: Flags): JobFlag[] => flagsInGroup(job, 'company');

export function applyLink(job: {
  data_external_application_link?: string | null;
  url?: string | null;
}): string | null {
  return job.data_external_application_link || job.url || null;
}

// ---- dates --------------------------------------------------------------------------------------

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (no 2024-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * The calendar day (YYYY-MM-DD) of a stored date or timestamp. Timestamps count on their UTC day,
 * so the browser and the server put a job on the same day wherever the viewer is.
 */
export function calendarDay(value: string | null | undefined): string | null {
  if (!value) return null;
  if (DAY_PATTERN.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/** The day `days` before the given day. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

// ---- filters ------------------------------------------------------------------------------------

export const STATUS_FILTERS = ['all', 'applied', 'not_applied'] as const;
export const DECISION_FILTERS = ['all', 'rejected', 'not_rejected'] as const;
export const DATE_PRESETS = ['all', 'latest', 'week', 'month', 'custom'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type DecisionFilter = (typeof DECISION_FILTERS)[number];
export type DatePreset = (typeof DATE_PRESETS)[number];

/** Latest Data Load, This Week and This Month reach back this many days. */
export const DATE_PRESET_DAYS = { latest: 3, week: 7, month: 30 } as const;

export interface JobFilters {
  status: StatusFilter;
  decision: DecisionFilter;
  date: DatePreset;
  /** YYYY-MM-DD, inclusive; only for the custom preset. */
  from?: string | null;
  /** YYYY-MM-DD, inclusive; only for the custom preset. */
  to?: string | null;
}

export const DEFAULT_JOB_FILTERS: JobFilters = { status: 'all', decision: 'all', date: 'all' };

/** A custom range whose From falls after its To is refused rather than quietly matching nothing. */
export const DATE_RANGE_ORDER_MESSAGE = 'The From date must be on or before the To date.';

/** True unless both bounds are given and From is after To (YYYY-MM-DD compares as text). */
export function isOrderedDateRange(from: string | null | undefined, to: string | null | undefined): boolean {
  return !from || !to || from <= to;
}

type FilterableJob = {
  applied_for_job: boolean;
  client_approval?: string | null;
  refresh_date: string | null;
};

/** The earliest and latest refresh day a filter admits; null ends are open. */
function dayRange(filters: JobFilters, now: Date): { from: string | null; to: string | null } {
  if (filters.date === 'all') return { from: null, to: null };
  if (filters.date === 'custom') return { from: filters.from || null, to: filters.to || null };
  const today = now.toISOString().slice(0, 10);
  return { from: daysBefore(today, DATE_PRESET_DAYS[filters.date]), to: null };
}

/**
 * The jobs that pass every filter. Date presets count whole calendar days back from today
 * (Latest Data Load: refreshed on or after three days ago); custom From and To are inclusive days.
 * A job without a refresh date always passes the date filter.
 */
export function filterJobs<T extends FilterableJob>(jobs: readonly T[], filters: JobFilters, now: Date): T[] {
  const { from, to } = dayRange(filters, now);
  return jobs.filter((job) => {
    if (filters.status === 'applied' && !job.applied_for_job) return false;
    if (filters.status === 'not_applied' && job.applied_for_job) return false;
    const rejected = decisionOf(job) === 'rejected';
    if (filters.decision === 'rejected' && !rejected) return false;
    if (filters.decision === 'not_rejected' && rejected) return false;
    const day = calendarDay(job.refresh_date);
    if (day === null) return true;
    return (from === null || day >= from) && (to === null || day <= to);
  });
}

// ---- sorting ------------------------------------------------------------------------------------

/** The sortable columns of /myjobs: the fixed ones, then the optional ones. */
export const SORTABLE_JOB_COLUMNS = [
  'refresh_date',
  'client_approval',
  'data_job_title',
  'data_company',
  'client_notes',
  'analyst_notes',
  'status',
  'max_salary',
  'data_location_city',
  'data_location_state',
  'data_location_country',
  'data_posted',
] as const;
export type JobSortColumn = (typeof SORTABLE_JOB_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export interface JobSort {
  column: JobSortColumn;
  direction: SortDirection;
}

type TextSortColumn = Exclude<JobSortColumn, 'status' | 'client_approval' | 'refresh_date' | 'max_salary'>;
type SortableJob = FilterableJob & { max_salary?: number | null } & { [K in TextSortColumn]?: string | null };

/** The order a list has when none is chosen (`sortJobs` without a sort), as a sort menu shows it. */
export const DEFAULT_JOB_SORT: JobSort = { column: 'refresh_date', direction: 'desc' };

/** A click on a header: the same column flips its direction, another column starts ascending. */
export function toggleSort(current: JobSort | null, column: JobSortColumn): JobSort {
  if (current?.column === column) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column, direction: 'asc' };
}

const DATE_COLUMNS: readonly JobSortColumn[] = ['refresh_date', 'data_posted'];

/**
 * Text compared the way people read it, computed once per job so sorting thousands stays fast:
 * case and accents ignored, and numbers in order ('Engineer 9' before 'Engineer 10').
 */
function textKey(value: string): string {
  // The first couple of hundred characters decide any order a person would notice.
  return value
    .slice(0, 200)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\d+/g, (digits) => digits.padStart(20, '0'));
}

function sortKey(job: SortableJob, column: JobSortColumn): string | number | null {
  if (column === 'status') return jobStatus(job).toLowerCase();
  if (column === 'client_approval') return decisionOf(job);
  const value = job[column];
  if (value === '' || value === null || value === undefined) return null;
  if (typeof value === 'number' || DATE_COLUMNS.includes(column)) return value;
  return textKey(value);
}

/** Dates are ISO text, so plain text order is time order. Missing dates come last. */
function compareDatesDesc(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? 1 : -1;
}

function compareDefault(a: SortableJob, b: SortableJob): number {
  return (
    compareDatesDesc(a.refresh_date || null, b.refresh_date || null) ||
    compareDatesDesc(a.data_posted || null, b.data_posted || null)
  );
}

/**
 * Sorted copy of the jobs. Without a sort: refresh date descending, then posted date descending.
 * With one: that column in that direction, empty values last either way, ties in the default order.
 */
export function sortJobs<T extends SortableJob>(jobs: readonly T[], sort?: JobSort | null): T[] {
  const byDefault = [...jobs].sort(compareDefault);
  if (!sort) return byDefault;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = byDefault.map((job, rank) => ({ job, rank, key: sortKey(job, sort.column) }));
  keyed.sort((a, b) => {
    if (a.key === b.key) return a.rank - b.rank;
    if (a.key === null) return 1;
    if (b.key === null) return -1;
    return a.key < b.key ? -sign : sign;
  });
  return keyed.map(({ job }) => job);
}
