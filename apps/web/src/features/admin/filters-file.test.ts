import { describe, expect, it } from 'vitest';
import { filtersFileContent, filtersFileName } from './filters-file.ts';

describe('the downloaded filters file', () => {
  it('is named by the e-mail and the local day', () => {
    expect(filtersFileName(' Jane@Example.com ', new Date(2026, 10, 22, 23, 59))).toBe(
      'job-filters-jane@example.com-2026-11-22.json',
    );
  });

  it('holds the draft as indented JSON that reads back the same', () => {
    const filters = {
      queries: ['Data Engineer'],
      inclusion_filters: { data_job_description: ['python'] },
      exclusion_filters: { data_job_description: ['unpaid'] },
      min_salary: 75000,
      is_remote: true,
    };
    const content = filtersFileContent(filters);
    expect(content).toContain('\n  "queries": [\n    "Data Engineer"\n  ],');
    expect(JSON.parse(content)).toEqual(filters);
  });
});
