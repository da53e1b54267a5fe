import { describe, expect, it } from 'vitest';
import { JOB_LIST_FIELDS, jobListItemSchema, SORTABLE_JOB_COLUMNS } from './jobs.ts';
import { jobListItems, jobListResponse, jobListResponseSchema } from './jobs-api.ts';
import { makeJob } from './jobs-testing.ts';

describe('the jobs list item', () => {
  it('has exactly what the /myjobs and /job-stats tables, their filters and their sort read', () => {
    const columns = [
      'id', // rows, selection and the details pop-up
      'refresh_date', // Refreshed, the date filter and the default order
      'client_approval', // Your Decision and the decision filter
      'client_notes', // Notes (Add Notes / View Notes) and its dialog
      'analyst_notes', // Analyst Notes
      'applied_for_job', // Status, the status filter and Total Applied Jobs
      'data_job_title', // Job Title
      'data_company', // Company
      'data_company_url', // Company links out
      'data_external_application_link', // Apply, first choice
      'url', // Apply, else
      'max_salary', // optional columns
      'data_location_city',
      'data_location_state',
      'data_location_country',
      'data_posted', // optional column and the default order's tie-break
      'outcome', // Outcome, on applied jobs, and the /job-stats funnel
      'outcome_date',
    ];
    expect(Object.keys(jobListItemSchema.shape).sort()).toEqual([...columns].sort());
    expect([...JOB_LIST_FIELDS].sort()).toEqual([...columns].sort());
    for (const column of SORTABLE_JOB_COLUMNS) {
      if (column !== 'status') expect(columns).toContain(column);
    }
  });

  it('travels as one array of values per job, named once by fields, and reads back the same', () => {
    const job = makeJob({
      id: 'job-7',
      data_job_title: 'Backend Engineer',
      client_approval: 'rejected',
      applied_for_job: true,
      max_salary: 150000,
      data_job_description: 'Not in the list',
      is_remote: true,
    });
    const item = jobListItemSchema.parse(job);
    const answer = jobListResponseSchema.parse(jobListResponse([item]));
    expect(answer.fields).toEqual(JOB_LIST_FIELDS);
    expect(answer.total).toBe(1);
    expect(answer.data[0]).toEqual(JOB_LIST_FIELDS.map((field) => item[field]));
    expect(jobListItems(answer)).toEqual([item]);
    expect(jobListItems(answer)[0]).not.toHaveProperty('data_job_description');
  });

  it('refuses a row that does not match the fields', () => {
    const answer = jobListResponse([jobListItemSchema.parse(makeJob())]);
    const short = { ...answer, data: [answer.data[0]!.slice(1)] };
    expect(jobListResponseSchema.safeParse(short).success).toBe(false);
  });
});
