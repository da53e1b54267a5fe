import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/** How a screen's load went wrong, as useLoadFailure tells it (and LoadFailure shows it). */
export interface LoadFailureState {
  /** The load failed with nothing to show: the screen shows the failure and Try Again. */
  failed: boolean;
  /** A refresh failed: the screen still shows what was loaded before, and says it is not fresh. */
  refreshFailed: boolean;
  /** What went wrong last, also while it is asked again. */
  error: Error | null;
  /** Try Again was pressed and the answer has not come yet. */
  retrying: boolean;
  retry(): void;
}

/**
 * A load that failed, as a screen shows it. With nothing to show, the failure and a Try Again button:
 * TanStack Query shows such a query as pending again while it is asked again, which would swap the
 * failure, and the Try Again button holding focus, for a spinner, and focus would fall to the page.
 * This keeps the failure on screen, its button busy, until the answer comes. A refresh that fails
 * keeps what was loaded on screen, with a note that it is what was last loaded.
 */
export function useLoadFailure(query: UseQueryResult<unknown>): LoadFailureState {
  const [lastError, setLastError] = useState<Error | null>(null);
  // A query with placeholder data (the board keeps the last page's rows while the next one loads)
  // shows them, as loaded, while it is asked again: that is still waiting, not an answer.
  const waiting = query.isPending || query.isPlaceholderData;
  // Kept from the render that failed; forgotten once the load succeeds.
  if (query.error && query.error !== lastError) setLastError(query.error);
  if (query.isSuccess && !waiting && lastError !== null) setLastError(null);
  // errorUpdateCount: this very query failed before (a screen may move on to another job's query).
  const retrying = lastError !== null && waiting && query.isFetching && query.errorUpdateCount > 0;
  return {
    failed: (query.isError && query.data === undefined) || retrying,
    refreshFailed: query.isError && query.data !== undefined,
    error: query.error ?? lastError,
    retrying,
    retry: () => void query.refetch(),
  };
}
