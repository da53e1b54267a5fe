import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FILTER_LIST_MAX_ITEMS,
  FILTER_SETS_MAX,
  FILTER_TEXT_MAX_LENGTH,
  formatFiltersForSaving,
  formattedFiltersSchema,
  generateJobFilters,
  jobFilterSetSchema,
  toList,
} from './job-filters.ts';
import { completeOnboardingRecord } from './onboarding-testing.ts';

describe('generateJobFilters', () => {
  it('builds the filter set of a data engineer who wants remote work', () => {
    const record = completeOnboardingRecord({
      top_job_titles: 'Senior Data Engineer, Analytics Engineer, Data Platform Engineer',
      job_description_keywords: 'Python, dbt, Snowflake, Airflow',
      exclude_job_titles: 'Manager, Intern',
      exclude_job_description_keywords: 'security clearance, on-call',
      salary_expectation: '$145,000',
      work_location_type: ['Remote', 'Hybrid'],
    });

    expect(generateJobFilters(record)).toEqual({
      queries: ['Senior Data Engineer', 'Analytics Engineer', 'Data Platform Engineer'],
      inclusion_filters: { data_job_description: ['Python', 'dbt', 'Snowflake', 'Airflow'] },
      exclusion_filters: { data_job_description: ['security clearance', 'on-call', 'Manager', 'Intern'] },
      min_salary: 145000,
      is_remote: true,
    });
  });

  it('builds the filter set of an on-site nurse with no keywords', () => {
    const record = completeOnboardingRecord({
      top_job_titles: 'Registered Nurse',
      job_description_keywords: '',
      exclude_job_titles: '',
      exclude_job_description_keywords: '',
      salary_expectation: '75000',
      work_location_type: ['On-site'],
    });

    const filters = generateJobFilters(record);

    expect(filters).toEqual({
      queries: ['Registered Nurse'],
      inclusion_filters: { data_job_description: [] },
      exclusion_filters: { data_job_description: [] },
      min_salary: 75000,
      is_remote: false,
    });
    expect(jobFilterSetSchema.parse(filters)).toEqual(filters);
  });

  it('reads $75,000 as 75000 and leaves an unreadable salary empty', () => {
    expect(generateJobFilters({ salary_expectation: '$75,000' }).min_salary).toBe(75000);
    expect(generateJobFilters({ salary_expectation: '75k' }).min_salary).toBeNull();
    expect(generateJobFilters({ salary_expectation: '' }).min_salary).toBeNull();
    expect(generateJobFilters({}).min_salary).toBeNull();
  });

  it('drops blanks and repeats (ignoring case) but keeps the first spelling and order', () => {
    const filters = generateJobFilters({
      top_job_titles: ' Product Manager ,, product manager, Product Owner ',
      exclude_job_description_keywords: 'Sales',
      exclude_job_titles: 'sales, Account Executive',
    });
    expect(filters.queries).toEqual(['Product Manager', 'Product Owner']);
    expect(filters.exclusion_filters.data_job_description).toEqual(['Sales', 'Account Executive']);
  });

  it('sees Remote in a stored JSON list, in comma text, in any case', () => {
    expect(generateJobFilters({ work_location_type: '["Hybrid","Remote"]' }).is_remote).toBe(true);
    expect(generateJobFilters({ work_location_type: 'hybrid, remote' }).is_remote).toBe(true);
    expect(generateJobFilters({ work_location_type: ['Hybrid', 'On-site'] }).is_remote).toBe(false);
    expect(generateJobFilters({ work_location_type: [] }).is_remote).toBe(false);
  });

  it('leaves out entries too long to save and keeps the first ones of a list too long to save', () => {
    const keywords = Array.from({ length: 250 }, (_, index) => `skill ${index}`);
    const titles = Array.from({ length: 60 }, (_, index) => `Engineer ${index}`);
    const overlong = 'x'.repeat(FILTER_TEXT_MAX_LENGTH + 1);
    const longest = 'y'.repeat(FILTER_TEXT_MAX_LENGTH);
    const filters = generateJobFilters({
      top_job_titles: [overlong, ...titles].join(', '),
      job_description_keywords: [longest, overlong, ...keywords].join(', '),
      exclude_job_description_keywords: keywords.join(', '),
      exclude_job_titles: 'Intern',
    });
    expect(filters.queries).toEqual(titles.slice(0, FILTER_SETS_MAX));
    expect(filters.inclusion_filters.data_job_description).toEqual([
      longest,
      ...keywords.slice(0, FILTER_LIST_MAX_ITEMS - 1),
    ]);
    expect(filters.exclusion_filters.data_job_description).toEqual(keywords.slice(0, FILTER_LIST_MAX_ITEMS));
  });

  it('always makes filters that can be saved, whatever the answers', () => {
    // Entries of any length, commas included, in the shapes the answers are stored in.
    const entry = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ minLength: 190, maxLength: 260 }));
    const answer = fc.oneof(
      fc.array(entry, { maxLength: 300 }).map((entries) => entries.join(',')),
      fc.array(entry, { maxLength: 300 }),
      fc.array(entry, { maxLength: 300 }).map((entries) => JSON.stringify(entries)),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        fc.record({
          top_job_titles: answer,
          job_description_keywords: answer,
          exclude_job_titles: answer,
          exclude_job_description_keywords: answer,
          salary_expectation: fc.oneof(fc.string(), fc.stringMatching(/^\$?[\d,]{1,30}$/)),
          work_location_type: answer,
        }),
        (answers) => {
          const set = generateJobFilters(answers);
          expect(jobFilterSetSchema.safeParse(set).success).toBe(true);
          const formatted = formatFiltersForSaving(set, '2024-11-03T10:00:00.000Z');
          if (set.queries.length === 0) expect(formatted).toEqual([]);
          else expect(formattedFiltersSchema.safeParse(formatted).error).toBeUndefined();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the same filters for the same answers', () => {
    const record = completeOnboardingRecord({ job_description_keywords: 'React, TypeScript' });
    expect(generateJobFilters(record)).toEqual(generateJobFilters({ ...record }));
  });
});

describe('toList', () => {
  it('reads lists, JSON lists and comma text', () => {
    expect(toList(['a ', ' ', 'b'])).toEqual(['a', 'b']);
    expect(toList('["x", "y"]')).toEqual(['x', 'y']);
    expect(toList('x, y')).toEqual(['x', 'y']);
    expect(toList('[not json, really')).toEqual(['[not json', 'really']);
    expect(toList(null)).toEqual([]);
    expect(toList(42)).toEqual([]);
  });
});

describe('formatFiltersForSaving', () => {
  it('makes one filter per query, named by the query, sharing the keyword and salary filters', () => {
    const set = generateJobFilters({
      top_job_titles: 'Backend Engineer, Platform Engineer',
      job_description_keywords: 'Go, Kubernetes',
      exclude_job_titles: 'Staff',
      salary_expectation: '$160,000',
      work_location_type: ['Remote'],
    });

    const formatted = formatFiltersForSaving(set, '2024-11-03T10:00:00.000Z');

    const shared = {
      data_job_description: ['Go', 'Kubernetes'],
      exclude_job_description: ['Staff'],
      is_remote: true,
      min_salary: 160000,
    };
    expect(formatted).toEqual([
      {
        name: 'Backend Engineer',
        query: 'Backend Engineer',
        date_saved: '2024-11-03T10:00:00.000Z',
        filters: shared,
      },
      {
        name: 'Platform Engineer',
        query: 'Platform Engineer',
        date_saved: '2024-11-03T10:00:00.000Z',
        filters: shared,
      },
    ]);
    expect(formattedFiltersSchema.safeParse(formatted).success).toBe(true);
  });

  it('makes nothing to save when there are no job titles', () => {
    expect(formatFiltersForSaving(generateJobFilters({}), '2024-11-03T10:00:00.000Z')).toEqual([]);
  });
});

describe('formattedFiltersSchema', () => {
  const filter = {
    name: 'QA Engineer',
    query: 'QA Engineer',
    filters: { data_job_description: [], exclude_job_description: [], is_remote: false, min_salary: null },
  };

  it('accepts a saved-filter list and refuses an empty one, blank queries and negative salaries', () => {
    expect(formattedFiltersSchema.safeParse([filter]).success).toBe(true);
    expect(formattedFiltersSchema.safeParse([]).success).toBe(false);
    expect(formattedFiltersSchema.safeParse([{ ...filter, query: '  ' }]).success).toBe(false);
    expect(
      formattedFiltersSchema.safeParse([{ ...filter, filters: { ...filter.filters, min_salary: -1 } }])
        .success,
    ).toBe(false);
  });
});
