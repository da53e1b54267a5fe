import {
  companyTypes,
  decisionOf,
  flagsInGroup,
  JOB_FLAG_LABELS,
  type Job,
  type JobFlag,
  locationTags,
  roleTypes,
} from '@app/domain/jobs';
import { formatSalary, formatShortDate, formatYesNo } from '@app/domain/jobs-format';

/** What the job details pop-up shows of a whole job (spec 2, section 2), as labelled values with their defaults. */

export interface DetailItem {
  label: string;
  value: string;
  /** Its http(s) addresses are shown as links (the analyst's notes, as in the list). */
  links?: true;
}
export interface DetailGroup {
  title: string;
  items: DetailItem[];
}

const NOT_SPECIFIED = 'Not Specified';
const labels = (flags: readonly JobFlag[]) => flags.map((flag) => JOB_FLAG_LABELS[flag]).join(', ');
/** Items shown only when the job has a value. */
const ifPresent = (label: string, value: string | null | undefined): DetailItem[] =>
  value ? [{ label, value }] : [];

export function jobLocation(job: Job): string {
  return [job.data_location_city, job.data_location_state].filter(Boolean).join(', ') || 'N/A';
}

export function jobInformation(job: Job): DetailItem[] {
  return [
    { label: 'Salary', value: formatSalary(job.max_salary) },
    { label: 'Location', value: jobLocation(job) },
    { label: 'Posted', value: formatShortDate(job.data_posted) },
    {
      label: 'Applicants',
      value: job.data_num_applicants === null ? 'N/A' : job.data_num_applicants.toLocaleString('en-US'),
    },
    { label: 'Level', value: job.seniority_level || NOT_SPECIFIED },
  ];
}

export function jobTypeAndArrangement(job: Job): DetailItem[] {
  return [
    {
      label: 'Job Type',
      value: labels(flagsInGroup(job, 'employment')) || job.job_time_type || NOT_SPECIFIED,
    },
    {
      label: 'Work Style',
      value: job.remote_hybrid_onsite || labels(flagsInGroup(job, 'arrangement')) || NOT_SPECIFIED,
    },
    { label: 'Relocation', value: formatYesNo(job.is_relocation_offered) },
  ];
}

export function companyDetails(job: Job): DetailItem[] {
  return [
    { label: 'Type', value: labels(companyTypes(job)) || NOT_SPECIFIED },
    { label: 'Visa Friendly', value: formatYesNo(job.is_visa_friendly) },
  ];
}

export function yourStatus(job: Job): DetailItem[] {
  return [
    { label: 'Decision', value: decisionOf(job) === 'rejected' ? 'Rejected' : 'Pending' },
    { label: 'Applied', value: job.applied_for_job ? 'Applied' : 'Not Applied' },
    { label: 'Notes', value: job.client_notes || 'No notes added' },
    // The team's note on the job, which the list clamps: here in full (decision 026).
    ...(job.analyst_notes
      ? [{ label: 'Analyst Notes', value: job.analyst_notes, links: true as const }]
      : []),
  ];
}

function salaryRange(job: Job): string {
  const bands = labels(flagsInGroup(job, 'compensation').filter((flag) => flag.endsWith('_salary')));
  if (bands) return bands;
  return job.max_salary === null ? NOT_SPECIFIED : `Up to ${formatSalary(job.max_salary)}`;
}

export function additionalDetails(job: Job): DetailGroup[] {
  const [primaryType, ...additionalTypes] = companyTypes(job);
  return [
    {
      title: 'Role Classifications',
      items: [
        {
          label: 'Seniority',
          value: labels(flagsInGroup(job, 'seniority')) || job.seniority_level || NOT_SPECIFIED,
        },
        { label: 'Role Types', value: labels(roleTypes(job)) || NOT_SPECIFIED },
        ...ifPresent('Job Family', job.job_family),
        ...ifPresent('Industry', job.industry),
      ],
    },
    {
      title: 'Location Details',
      items: [
        { label: 'Location Tags', value: labels(locationTags(job)) || 'None' },
        ...ifPresent('Work Style', job.remote_hybrid_onsite),
      ],
    },
    {
      title: 'Compensation',
      items: [
        { label: 'Salary Range', value: salaryRange(job) },
        { label: 'Disclosed', value: formatYesNo(job.is_comp_disclosed) },
      ],
    },
    {
      title: 'Company Details',
      items: [
        { label: 'Primary Type', value: primaryType ? JOB_FLAG_LABELS[primaryType] : NOT_SPECIFIED },
        ...ifPresent('Additional Types', labels(additionalTypes)),
        ...ifPresent('Time Type', job.job_time_type),
      ],
    },
  ];
}
