import type { z } from 'zod';
import type { generateFiltersResponseSchema } from './admin-email.ts';
import type { FormattedFilter } from './job-filters.ts';

/** The one filter a Data Engineer search in Python makes, as generate_filters formats it. */
export const dataEngineerFilter: FormattedFilter = {
  name: 'Data Engineer',
  query: 'Data Engineer',
  filters: {
    data_job_description: ['python'],
    exclude_job_description: [],
    is_remote: false,
    min_salary: null,
  },
};

/**
 * The admin route's answer to generate_filters, for tests, without the client it names: a Data
 * Engineer search in Python.
 */
export function generatedFiltersAnswer(
  formatted_data: FormattedFilter[] = [],
): Omit<z.infer<typeof generateFiltersResponseSchema>, 'client' | 'matched'> {
  return {
    job_filters: {
      queries: ['Data Engineer'],
      inclusion_filters: { data_job_description: ['python'] },
      exclusion_filters: { data_job_description: [] },
      min_salary: null,
      is_remote: false,
    },
    formatted_data,
    filters_already_exist: true,
  };
}
