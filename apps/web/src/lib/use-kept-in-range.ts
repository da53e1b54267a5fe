import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * A virtualizer's range function for a list of jobs in `container` that renders, besides the items
 * in view, the item holding keyboard focus (unmounting it would send focus back to the top of the
 * page) and the item of `keptId` (work in progress, such as a text being written). Items carry their
 * job's id as `data-job-id`.
 */
export function useKeptInRange(
  container: RefObject<HTMLElement | null>,
  items: readonly { id: string }[],
  keptId: string | null = null,
): (range: Range) => number[] {
  const focusedId = useFocusedJobId(container);
  // Their indexes as text, so the range function changes only when the items kept do.
  const keptKey = [keptId, focusedId]
    .map((id) => (id === null ? -1 : items.findIndex((item) => item.id === id)))
    .filter((index) => index >= 0)
    .join(' ');
  return useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const kept of keptKey ? keptKey.split(' ') : []) indexes.add(Number(kept));
      return [...indexes].sort((a, b) => a - b);
    },
    [keptKey],
  );
}

/** The id of the job whose item holds focus in `container`, if one does. */
function useFocusedJobId(container: RefObject<HTMLElement | null>): string | null {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onFocusIn = (event: FocusEvent) =>
      setFocusedId((event.target as Element).closest('[data-job-id]')?.getAttribute('data-job-id') ?? null);
    const onFocusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setFocusedId(null);
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [container]);
  return focusedId;
}
