import type { JobListItem } from '@app/domain/jobs';
import { describe, expect, it } from 'vitest';
import { type ClientJobsFilters, visibleJobIds } from './client-jobs-view.ts';

const NO_CLIENT_JOB_FILTERS: ClientJobsFilters = { search: '', applied: 'all', decision: 'all' };

const job = (id: string, fields: Partial<JobListItem>): JobListItem =>
  ({
    id,
    refresh_date: null,
    client_approval: 'pending',
    client_notes: null,
    analyst_notes: null,
    applied_for_job: false,
    data_job_title: null,
    data_company: null,
    data_company_url: null,
    data_external_application_link: null,
    url: null,
    max_salary: null,
    data_location_city: null,
    data_location_state: null,
    data_location_country: null,
    data_posted: null,
    outcome: null,
    outcome_date: null,
    ...fields,
  }) as JobListItem;

const jobs = [
  job('a', { data_job_title: 'Résumé Writer', data_company: 'Acme', refresh_date: '2024-11-20' }),
  job('b', { data_job_title: 'Data Analyst', applied_for_job: true, refresh_date: '2024-11-19' }),
  job('c', { data_job_title: 'Designer', client_approval: 'rejected', client_notes: 'Too far from home' }),
  job('d', {
    data_job_title: 'Engineer',
    analyst_notes: 'Referral from ACME recruiter',
    refresh_date: '2024-11-21',
  }),
];

describe('the jobs a recruiter sees', () => {
  it('lists every job newest refresh first without filters', () => {
    expect(visibleJobIds(jobs, NO_CLIENT_JOB_FILTERS, null)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('finds every word typed in the title, company and either notes, ignoring case and accents', () => {
    expect(visibleJobIds(jobs, { ...NO_CLIENT_JOB_FILTERS, search: 'acme' }, null)).toEqual(['d', 'a']);
    expect(visibleJobIds(jobs, { ...NO_CLIENT_JOB_FILTERS, search: 'resume  ACME' }, null)).toEqual(['a']);
    expect(visibleJobIds(jobs, { ...NO_CLIENT_JOB_FILTERS, search: 'far home' }, null)).toEqual(['c']);
    expect(visibleJobIds(jobs, { ...NO_CLIENT_JOB_FILTERS, search: 'nothing' }, null)).toEqual([]);
  });

  it('narrows to applied or not, and to the client decision', () => {
    expect(visibleJobIds(jobs, { ...NO_CLIENT_JOB_FILTERS, applied: 'applied' }, null)).toEqual(['b']);
    expect(visibleJobIds(jobs, { ...NO_CLIENT_JOB_FILTERS, applied: 'not_applied' }, null)).toEqual([
      'd',
      'a',
      'c',
    ]);
    expect(visibleJobIds(jobs, { ...NO_CLIENT_JOB_FILTERS, decision: 'rejected' }, null)).toEqual(['c']);
    expect(visibleJobIds(jobs, { ...NO_CLIENT_JOB_FILTERS, decision: 'not_rejected' }, null)).toEqual([
      'd',
      'a',
      'b',
    ]);
  });

  it('sorts by any column either way', () => {
    const byTitle = visibleJobIds(jobs, NO_CLIENT_JOB_FILTERS, {
      column: 'data_job_title',
      direction: 'asc',
    });
    expect(byTitle).toEqual(['b', 'c', 'd', 'a']);
    const byStatus = visibleJobIds(jobs, NO_CLIENT_JOB_FILTERS, { column: 'status', direction: 'asc' });
    expect(byStatus[0]).toBe('b');
  });
});
