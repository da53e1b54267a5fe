import {
  type DecisionFilter,
  filterJobs,
  type JobListItem,
  type JobSort,
  type StatusFilter,
  sortJobs,
} from '@app/domain/jobs';
import { foldForSearch } from '@app/domain/search-text';

/** What the recruiter narrowed the table to. */
export interface ClientJobsFilters {
  search: string;
  applied: StatusFilter;
  decision: DecisionFilter;
}

/** Per job object: a changed job is a new object, so its text is made again, and only then. */
const searchTexts = new WeakMap<JobListItem, string>();

/** Everything a recruiter may type to find a job: its title, company and both sets of notes. */
function searchText(job: JobListItem): string {
  let text = searchTexts.get(job);
  if (text === undefined) {
    text = foldForSearch(
      [job.data_job_title, job.data_company, job.client_notes, job.analyst_notes].filter(Boolean).join('\n'),
    );
    searchTexts.set(job, text);
  }
  return text;
}

/**
 * The ids of the jobs shown, in order: those that pass the filters and contain every word typed,
 * sorted by the domain's rules (the default order without a sort).
 */
export function visibleJobIds(
  jobs: readonly JobListItem[],
  filters: ClientJobsFilters,
  sort: JobSort | null,
): string[] {
  const words = foldForSearch(filters.search).split(/\s+/).filter(Boolean);
  const passing = filterJobs(
    jobs,
    { status: filters.applied, decision: filters.decision, date: 'all' },
    new Date(),
  );
  const found =
    words.length === 0
      ? passing
      : passing.filter((job) => {
          const text = searchText(job);
          return words.every((word) => text.includes(word));
        });
  return sortJobs(found, sort).map((job) => job.id);
}
