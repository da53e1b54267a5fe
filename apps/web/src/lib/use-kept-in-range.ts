import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * A virtualizer's range function for a list of jobs in `container` that renders, besides the items
 * in view, the item holding keyboard focus (unmounting it would send focus back to the top of the
 * page), or that held it before a dialog it opened took it (the dialog gives it back on closing,
 * however far the job has moved meanwhile), and the item of `keptId` (work in progress, such as a
 * text being written). Items carry their job's id as `data-job-id`.
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

/**
 * The id of the job whose item holds focus in `container`, if one does, or held it when a dialog
 * took focus: the dialog, in a portal outside `container`, gives focus back to its opener only after
 * it has closed, so the opener must still be there then (see Dialog).
 */
function useFocusedJobId(container: RefObject<HTMLElement | null>): string | null {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onFocusIn = (event: FocusEvent) =>
      setFocusedId((event.target as Element).closest('[data-job-id]')?.getAttribute('data-job-id') ?? null);
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget instanceof Element ? event.relatedTarget : null;
      if (!element.contains(next) && !next?.closest('[role="dialog"], [role="alertdialog"]'))
        setFocusedId(null);
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
