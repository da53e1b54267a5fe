import { JOB_FLAGS, JOB_TEXT_FIELDS, type Job, type JobFlag, type JobTextField } from './jobs.ts';

/** A complete job with every field empty or false, for tests; pass what the test is about. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  const texts = Object.fromEntries(JOB_TEXT_FIELDS.map((field) => [field, null])) as Record<
    JobTextField,
    null
  >;
  const flags = Object.fromEntries(JOB_FLAGS.map((flag) => [flag, false])) as Record<JobFlag, boolean>;
  return {
    id: 'job-1',
    job_uid: 'uid-1',
    refresh_date: null,
    client_approval: 'pending',
    client_notes: null,
    analyst_notes: null,
    applied_for_job: false,
    data_posted: null,
    data_num_applicants: null,
    max_salary: null,
    outcome: null,
    outcome_date: null,
    ...texts,
    ...flags,
    ...overrides,
  };
}
