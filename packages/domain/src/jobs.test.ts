import { describe, expect, it } from 'vitest';
import {
  applyLink,
  calendarDay,
  companyTypes,
  decisionOf,
  filterJobs,
  isOrderedDateRange,
  type JobFilters,
  jobStatus,
  locationTags,
  roleTypes,
  sortJobs,
  toggleSort,
} from './jobs.ts';
import { makeJob } from './jobs-testing.ts';

describe('jobStatus', () => {
  it.each([
    { applied_for_job: true, client_approval: 'rejected', status: 'Applied' },
    { applied_for_job: true, client_approval: 'pending', status: 'Applied' },
    { applied_for_job: false, client_approval: 'rejected', status: 'Rejected' },
    { applied_for_job: false, client_approval: 'pending', status: 'Pending' },
    { applied_for_job: false, client_approval: 'approved', status: 'Pending' },
    { applied_for_job: false, client_approval: null, status: 'Pending' },
  ])('applied $applied_for_job, approval $client_approval → $status', ({ status, ...job }) => {
    expect(jobStatus(job)).toBe(status);
  });
});

describe('decisionOf', () => {
  it.each([
    ['rejected', 'rejected'],
    ['pending', 'pending'],
    ['approved', 'pending'],
    ['Rejected', 'pending'],
    ['', 'pending'],
    [null, 'pending'],
    [undefined, 'pending'],
  ])('%s → %s', (client_approval, decision) => {
    expect(decisionOf({ client_approval })).toBe(decision);
  });
});

describe('derived fields', () => {
  const job = makeJob({
    engineering: true,
    data_related: true,
    sf_bay_area: true,
    remote_friendly: true,
    is_enterprise: true,
    is_startup: true,
  });

  it('lists the true flags of each group in the group order', () => {
    expect(roleTypes(job)).toEqual(['engineering', 'data_related']);
    expect(locationTags(job)).toEqual(['sf_bay_area', 'remote_friendly']);
    // Startup comes before Enterprise in the spec, so it is the primary type.
    expect(companyTypes(job)).toEqual(['is_startup', 'is_enterprise']);
    expect(roleTypes(makeJob())).toEqual([]);
  });

  it.each([
    [
      { data_external_application_link: 'https://apply.example.com', url: 'https://board.example.com' },
      'https://apply.example.com',
    ],
    [{ data_external_application_link: null, url: 'https://board.example.com' }, 'https://board.example.com'],
    [{ data_external_application_link: '', url: 'https://board.example.com' }, 'https://board.example.com'],
    [{ data_external_application_link: null, url: null }, null],
  ])('apply link of %o is %s', (links, expected) => {
    expect(applyLink(links)).toBe(expected);
  });
});

describe('calendarDay', () => {
  it.each([
    ['2024-11-03', '2024-11-03'],
    ['2024-11-03T23:30:00.000Z', '2024-11-03'],
    ['2024-11-03T23:30:00-05:00', '2024-11-04'],
    ['not a date', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, day) => {
    expect(calendarDay(value)).toBe(day);
  });
});

describe('isOrderedDateRange', () => {
  it('accepts open ends and From on or before To, and refuses From after To', () => {
    expect(isOrderedDateRange(null, null)).toBe(true);
    expect(isOrderedDateRange('2024-11-20', undefined)).toBe(true);
    expect(isOrderedDateRange('', '2024-11-01')).toBe(true);
    expect(isOrderedDateRange('2024-11-20', '2024-11-20')).toBe(true);
    expect(isOrderedDateRange('2024-11-19', '2024-11-20')).toBe(true);
    expect(isOrderedDateRange('2024-11-21', '2024-11-20')).toBe(false);
  });
});

describe('filterJobs', () => {
  const now = new Date('2024-11-20T15:00:00Z');
  const jobs = [
    makeJob({ id: 'applied', applied_for_job: true, refresh_date: '2024-11-20' }),
    makeJob({ id: 'rejected', client_approval: 'rejected', refresh_date: '2024-11-17' }),
    makeJob({
      id: 'applied-rejected',
      applied_for_job: true,
      client_approval: 'rejected',
      refresh_date: '2024-11-16',
    }),
    makeJob({ id: 'week-edge', refresh_date: '2024-11-13T00:00:00.000Z' }),
    makeJob({ id: 'month', refresh_date: '2024-10-25' }),
    makeJob({ id: 'month-edge', refresh_date: '2024-10-21' }),
    makeJob({ id: 'old', refresh_date: '2024-10-20T23:59:59.999Z' }),
    makeJob({ id: 'undated', refresh_date: null }),
  ];
  const ids = (filters: Partial<JobFilters>) =>
    filterJobs(jobs, { status: 'all', decision: 'all', date: 'all', ...filters }, now).map((job) => job.id);

  it.each<[Partial<JobFilters>, string[]]>([
    [{}, ['applied', 'rejected', 'applied-rejected', 'week-edge', 'month', 'month-edge', 'old', 'undated']],
    [{ status: 'applied' }, ['applied', 'applied-rejected']],
    [{ status: 'not_applied' }, ['rejected', 'week-edge', 'month', 'month-edge', 'old', 'undated']],
    [{ decision: 'rejected' }, ['rejected', 'applied-rejected']],
    [{ decision: 'not_rejected' }, ['applied', 'week-edge', 'month', 'month-edge', 'old', 'undated']],
    [{ status: 'applied', decision: 'not_rejected' }, ['applied']],
    // Latest Data Load: refreshed on or after 2024-11-17 (three days back).
    [{ date: 'latest' }, ['applied', 'rejected', 'undated']],
    [{ date: 'week' }, ['applied', 'rejected', 'applied-rejected', 'week-edge', 'undated']],
    [
      { date: 'month' },
      ['applied', 'rejected', 'applied-rejected', 'week-edge', 'month', 'month-edge', 'undated'],
    ],
    [{ date: 'custom', from: '2024-11-16', to: '2024-11-17' }, ['rejected', 'applied-rejected', 'undated']],
    [{ date: 'custom', from: '2024-11-13', to: '2024-11-13' }, ['week-edge', 'undated']],
    [{ date: 'custom', from: '2024-11-18' }, ['applied', 'undated']],
    [{ date: 'custom', to: '2024-10-21' }, ['month-edge', 'old', 'undated']],
    [
      { date: 'custom' },
      ['applied', 'rejected', 'applied-rejected', 'week-edge', 'month', 'month-edge', 'old', 'undated'],
    ],
    // From and To only count for the custom preset.
    [
      { date: 'all', from: '2024-11-18', to: '2024-11-19' },
      ['applied', 'rejected', 'applied-rejected', 'week-edge', 'month', 'month-edge', 'old', 'undated'],
    ],
  ])('%o', (filters, expected) => {
    expect(ids(filters)).toEqual(expected);
  });
});

describe('sortJobs', () => {
  const jobs = [
    makeJob({
      id: 'a',
      refresh_date: '2024-11-01',
      data_posted: '2024-10-01',
      data_job_title: 'beta',
      max_salary: 90000,
    }),
    makeJob({
      id: 'b',
      refresh_date: '2024-11-03',
      data_posted: '2024-10-02',
      data_job_title: 'Alpha',
      applied_for_job: true,
    }),
    makeJob({
      id: 'c',
      refresh_date: null,
      data_posted: '2024-10-30',
      data_job_title: 'alpha 10',
      max_salary: 150000,
    }),
    makeJob({
      id: 'd',
      refresh_date: '2024-11-03',
      data_posted: '2024-10-05',
      data_job_title: 'alpha 9',
      client_approval: 'rejected',
    }),
    makeJob({
      id: 'e',
      refresh_date: '2024-11-03T08:00:00.000Z',
      data_posted: null,
      data_job_title: '',
      max_salary: 120000,
    }),
  ];
  const ids = (sorted: { id: string }[]) => sorted.map((job) => job.id);

  it('defaults to refresh date descending, then posted date descending, undated last', () => {
    expect(ids(sortJobs(jobs))).toEqual(['e', 'd', 'b', 'a', 'c']);
    expect(ids(sortJobs(jobs, null))).toEqual(['e', 'd', 'b', 'a', 'c']);
  });

  it('compares text without regard to case or accents, numbers by value', () => {
    const companies = ['Zeta 10', 'éclair', 'Apple', 'zeta 9', 'Eclair'].map((data_company, index) =>
      makeJob({ id: String(index), data_company }),
    );
    const sorted = sortJobs(companies, { column: 'data_company', direction: 'asc' });
    // 'éclair' and 'Eclair' are equal, so they keep their default (here: given) order.
    expect(sorted.map((job) => job.data_company)).toEqual(['Apple', 'éclair', 'Eclair', 'zeta 9', 'Zeta 10']);
  });

  it('does not change the list it is given', () => {
    const before = ids(jobs);
    sortJobs(jobs, { column: 'data_job_title', direction: 'asc' });
    expect(ids(jobs)).toEqual(before);
  });

  it.each<[Parameters<typeof sortJobs>[1], string[]]>([
    // Case-insensitive, numbers in text in number order, empty last.
    [{ column: 'data_job_title', direction: 'asc' }, ['b', 'd', 'c', 'a', 'e']],
    [{ column: 'data_job_title', direction: 'desc' }, ['a', 'c', 'd', 'b', 'e']],
    [{ column: 'max_salary', direction: 'asc' }, ['a', 'e', 'c', 'd', 'b']],
    [{ column: 'max_salary', direction: 'desc' }, ['c', 'e', 'a', 'd', 'b']],
    [{ column: 'refresh_date', direction: 'asc' }, ['a', 'd', 'b', 'e', 'c']],
    [{ column: 'data_posted', direction: 'desc' }, ['c', 'd', 'b', 'a', 'e']],
    // Applied < Pending < Rejected; ties keep the default order.
    [{ column: 'status', direction: 'asc' }, ['b', 'e', 'a', 'c', 'd']],
    [{ column: 'client_approval', direction: 'desc' }, ['d', 'e', 'b', 'a', 'c']],
  ])('%o', (sort, expected) => {
    expect(ids(sortJobs(jobs, sort))).toEqual(expected);
  });
});

describe('toggleSort', () => {
  it('starts a new column ascending and flips the same column', () => {
    const first = toggleSort(null, 'data_company');
    expect(first).toEqual({ column: 'data_company', direction: 'asc' });
    const second = toggleSort(first, 'data_company');
    expect(second).toEqual({ column: 'data_company', direction: 'desc' });
    expect(toggleSort(second, 'data_company')).toEqual({ column: 'data_company', direction: 'asc' });
    expect(toggleSort(second, 'status')).toEqual({ column: 'status', direction: 'asc' });
  });
});
