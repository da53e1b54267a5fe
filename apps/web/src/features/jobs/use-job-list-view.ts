import {
  DEFAULT_JOB_SORT,
  filterJobs,
  isOrderedDateRange,
  type JobFilters,
  type JobListItem,
  type JobSort,
  type JobSortColumn,
  sortJobs,
  toggleSort,
} from '@app/domain/jobs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readJobListSearch, writeJobListSearch } from '../../lib/job-list-search.ts';
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
 * (spec 2, section 5). The applied filters and the sort live in the address (see job-list-search.ts):
 * applying filters adds a history entry, so Back returns to the previous list; a new sort replaces
 * the entry rather than filling the history with clicks.
 */
export function useJobListView(jobs: readonly JobListItem[], defaults: JobFilters) {
  const [params, setParams] = useSearchParams();
  const searchText = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is the parameters' identity.
  const { filters: applied, sort } = useMemo(
    () => readJobListSearch(params, defaults),
    [searchText, defaults],
  );
  const appliedKey = JSON.stringify(applied);

  const [draft, setDraft] = useState<JobFilters>(applied);
  // When the address changes (Back, a link) the filter bar shows what is applied again.
  const [draftFor, setDraftFor] = useState(appliedKey);
  if (draftFor !== appliedKey) {
    setDraftFor(appliedKey);
    setDraft(applied);
  }
  const [applying, setApplying] = useState(false);
  const [justApplied, setJustApplied] = useState(false);

  const visible = useMemo(() => sortJobs(filterJobs(jobs, applied, new Date()), sort), [jobs, applied, sort]);

  // The address renders a moment after it is written. A second change before that (the sort menu,
  // then the order menu) builds on the first one's address, not on the one still shown, so neither
  // undoes the other.
  const lastWrite = useRef<{ over: string; params: URLSearchParams } | null>(null);
  const writeSearch = useCallback(
    (
      change: (latest: { filters: JobFilters; sort: JobSort | null }) => {
        filters: JobFilters;
        sort: JobSort | null;
      },
      replace: boolean,
    ) => {
      const base = lastWrite.current?.over === searchText ? lastWrite.current.params : params;
      const next = writeJobListSearch(base, change(readJobListSearch(base, defaults)), defaults);
      lastWrite.current = { over: searchText, params: next };
      setParams(next, { replace, preventScrollReset: true });
    },
    [params, searchText, setParams, defaults],
  );

  useEffect(() => {
    if (!applying) return;
    return afterNextPaint(() => {
      // Applying the same filters again changes nothing worth a history entry.
      writeSearch((latest) => ({ filters: draft, sort: latest.sort }), JSON.stringify(draft) === appliedKey);
      setApplying(false);
      setJustApplied(true);
    });
  }, [applying, draft, appliedKey, writeSearch]);

  useEffect(() => {
    if (!justApplied) return;
    const timer = setTimeout(() => setJustApplied(false), FILTERS_APPLIED_MS);
    return () => clearTimeout(timer);
  }, [justApplied]);

  /** Refused while the custom range has From after To; the filter bar says why. */
  const draftIsValid = draft.date !== 'custom' || isOrderedDateRange(draft.from, draft.to);
  const applyFilters = useCallback(() => {
    if (!draftIsValid) return;
    setJustApplied(false);
    setApplying(true);
  }, [draftIsValid]);

  const sortBy = useCallback(
    (column: JobSortColumn) =>
      writeSearch((latest) => ({ filters: latest.filters, sort: toggleSort(latest.sort, column) }), true),
    [writeSearch],
  );
  /** Changes the column or the direction, keeping the other as the list last had it. */
  const setSort = useCallback(
    (change: Partial<JobSort>) =>
      writeSearch(
        (latest) => ({ filters: latest.filters, sort: { ...(latest.sort ?? DEFAULT_JOB_SORT), ...change } }),
        true,
      ),
    [writeSearch],
  );

  return {
    draft,
    setDraft,
    draftIsValid,
    applied,
    applyFilters,
    applying,
    justApplied,
    sort,
    sortBy,
    setSort,
    visible,
  };
}
