import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A load that failed with nothing to show, as a screen shows it with a Try Again button. TanStack
 * Query shows such a query as pending again while it is asked again, which would swap the failure,
 * and the Try Again button holding focus, for a spinner: focus would fall to the page. This keeps the
 * failure on screen, its button busy, until the answer comes.
 */
export function useLoadFailure(query: UseQueryResult<unknown>) {
  const [lastError, setLastError] = useState<Error | null>(null);
  // Kept from the render that failed; forgotten once the load succeeds.
  if (query.error && query.error !== lastError) setLastError(query.error);
  if (query.isSuccess && lastError !== null) setLastError(null);
  // errorUpdateCount: this very query failed before (a screen may move on to another job's query).
  const retrying = lastError !== null && query.isPending && query.isFetching && query.errorUpdateCount > 0;
  return {
    // A refresh that fails keeps what was loaded on screen: only a load with nothing to show failed.
    failed: (query.isError && query.data === undefined) || retrying,
    /** What went wrong last, also while it is asked again. */
    error: query.error ?? lastError,
    retrying,
    retry: () => void query.refetch(),
  };
}
