import { makeJob } from '@app/domain/jobs-testing';
import { describe, expect, it } from 'vitest';
import {
  additionalDetails,
  companyDetails,
  jobInformation,
  jobTypeAndArrangement,
  yourStatus,
} from './job-details.ts';

const values = (items: { label: string; value: string }[]) =>
  Object.fromEntries(items.map((item) => [item.label, item.value]));

describe('job details', () => {
  it('shows the defaults of a job with nothing filled in', () => {
    const job = makeJob();
    expect(values(jobInformation(job))).toEqual({
      Salary: 'N/A',
      Location: 'N/A',
      Posted: 'N/A',
      Applicants: 'N/A',
      Level: 'Not Specified',
    });
    expect(values(jobTypeAndArrangement(job))).toEqual({
      'Job Type': 'Not Specified',
      'Work Style': 'Not Specified',
      Relocation: 'No',
    });
    expect(values(companyDetails(job))).toEqual({ Type: 'Not Specified', 'Visa Friendly': 'No' });
    expect(values(yourStatus(job))).toEqual({
      Decision: 'Pending',
      Applied: 'Not Applied',
      Notes: 'No notes added',
    });
    expect(additionalDetails(job).map((group) => [group.title, values(group.items)])).toEqual([
      ['Role Classifications', { Seniority: 'Not Specified', 'Role Types': 'Not Specified' }],
      ['Location Details', { 'Location Tags': 'None' }],
      ['Compensation', { 'Salary Range': 'Not Specified', Disclosed: 'No' }],
      ['Company Details', { 'Primary Type': 'Not Specified' }],
    ]);
  });

  it('formats and derives the values of a full job', () => {
    const job = makeJob({
      max_salary: 185000,
      data_location_city: 'Seattle',
      data_location_state: 'WA',
      data_posted: '2024-11-03',
      data_num_applicants: 1234,
      seniority_level: 'Senior level',
      remote_hybrid_onsite: 'Hybrid',
      job_time_type: 'Full-time',
      job_family: 'Engineering',
      industry: 'Banking',
      is_contract: true,
      is_big_tech: true,
      is_enterprise: true,
      is_senior_level: true,
      technical: true,
      engineering: true,
      us_based: true,
      nyc_area: true,
      is_high_salary: true,
      is_comp_disclosed: true,
      is_relocation_offered: true,
      is_visa_friendly: true,
      client_approval: 'rejected',
      applied_for_job: true,
      client_notes: 'Call Dana',
      analyst_notes: 'Referral via https://example.com/ref',
    });
    expect(values(jobInformation(job))).toEqual({
      Salary: '$185,000',
      Location: 'Seattle, WA',
      Posted: 'Nov 3',
      Applicants: '1,234',
      Level: 'Senior level',
    });
    expect(values(jobTypeAndArrangement(job))).toEqual({
      'Job Type': 'Contract',
      'Work Style': 'Hybrid',
      Relocation: 'Yes',
    });
    expect(values(companyDetails(job))).toEqual({ Type: 'Big Tech, Enterprise', 'Visa Friendly': 'Yes' });
    expect(values(yourStatus(job))).toEqual({
      Decision: 'Rejected',
      Applied: 'Applied',
      Notes: 'Call Dana',
      'Analyst Notes': 'Referral via https://example.com/ref',
    });
    // Only the analyst's notes have their addresses made links, as in the list.
    expect(
      yourStatus(job)
        .filter((item) => item.links)
        .map((item) => item.label),
    ).toEqual(['Analyst Notes']);
    expect(additionalDetails(job).map((group) => [group.title, values(group.items)])).toEqual([
      [
        'Role Classifications',
        {
          Seniority: 'Senior Level',
          'Role Types': 'Technical, Engineering',
          'Job Family': 'Engineering',
          Industry: 'Banking',
        },
      ],
      ['Location Details', { 'Location Tags': 'US Based, NYC Area', 'Work Style': 'Hybrid' }],
      ['Compensation', { 'Salary Range': 'High Salary', Disclosed: 'Yes' }],
      [
        'Company Details',
        { 'Primary Type': 'Big Tech', 'Additional Types': 'Enterprise', 'Time Type': 'Full-time' },
      ],
    ]);
  });

  it('gives the salary ceiling as the range when no band is flagged', () => {
    const compensation = additionalDetails(makeJob({ max_salary: 90000 }))[2];
    expect(values(compensation?.items ?? [])['Salary Range']).toBe('Up to $90,000');
  });
});
