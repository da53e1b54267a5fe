import {
  filterJobs,
  type JobFilters,
  type JobListItem,
  type JobSort,
  type JobSortColumn,
  sortJobs,
  toggleSort,
} from '@app/domain/jobs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FILTERS_APPLIED_MS } from './job-messages.ts';

/** Two frames: enough for the 'Applying filters...' overlay to be painted before the work starts. */
function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * What a job page shows of the list: filters as chosen (draft) and as applied, the sort, and the
 * jobs that pass, in order. Filtering and sorting run here, on the client, with the domain's rules
 * (spec 2, section 5).
 */
export function useJobListView(jobs: readonly JobListItem[], initialFilters: JobFilters) {
  const [draft, setDraft] = useState<JobFilters>(initialFilters);
  const [applied, setApplied] = useState<JobFilters>(initialFilters);
  const [applying, setApplying] = useState(false);
  const [justApplied, setJustApplied] = useState(false);
  const [sort, setSort] = useState<JobSort | null>(null);

  const visible = useMemo(() => sortJobs(filterJobs(jobs, applied, new Date()), sort), [jobs, applied, sort]);

  useEffect(() => {
    if (!applying) return;
    return afterNextPaint(() => {
      setApplied(draft);
      setApplying(false);
      setJustApplied(true);
    });
  }, [applying, draft]);

  useEffect(() => {
    if (!justApplied) return;
    const timer = setTimeout(() => setJustApplied(false), FILTERS_APPLIED_MS);
    return () => clearTimeout(timer);
  }, [justApplied]);

  const applyFilters = useCallback(() => {
    setJustApplied(false);
    setApplying(true);
  }, []);

  const sortBy = useCallback(
    (column: JobSortColumn) => setSort((current) => toggleSort(current, column)),
    [],
  );

  return { draft, setDraft, applied, applyFilters, applying, justApplied, sort, sortBy, visible };
}
