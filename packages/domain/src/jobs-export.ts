import { neutraliseFormula } from './csv-cells.ts';
import { JOB_OUTCOME_LABELS } from './job-outcomes.ts';
import { applyLink, decisionOf, type JobListItem, jobStatus, sortJobs } from './jobs.ts';

/**
 * The client's jobs as a spreadsheet (GET /api/my-jobs/export): every column the /myjobs table
 * shows, in its order and default sort, dates as ISO text, links as addresses.
 */
export const JOB_EXPORT_COLUMNS = [
  'S.No',
  'Refreshed',
  'Your Decision',
  'Job Title',
  'Company',
  'Company Website',
  'Notes',
  'Analyst Notes',
  'Status',
  'Outcome',
  'Outcome Date',
  'Apply',
  'Max Salary',
  'City',
  'State',
  'Country',
  'Posted',
] as const;

export function jobExportRows(jobs: readonly JobListItem[]): string[][] {
  return sortJobs(jobs).map((job, index) =>
    [
      String(index + 1),
      job.refresh_date ?? '',
      decisionOf(job) === 'rejected' ? 'Rejected' : 'Pending',
      job.data_job_title ?? '',
      job.data_company ?? '',
      job.data_company_url ?? '',
      job.client_notes ?? '',
      job.analyst_notes ?? '',
      jobStatus(job),
      job.outcome ? JOB_OUTCOME_LABELS[job.outcome] : '',
      job.outcome_date ?? '',
      applyLink(job) ?? '',
      job.max_salary === null ? '' : String(job.max_salary),
      job.data_location_city ?? '',
      job.data_location_state ?? '',
      job.data_location_country ?? '',
      job.data_posted ?? '',
    ].map(neutraliseFormula),
  );
}
