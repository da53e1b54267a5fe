import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { readJobListPlace, rememberJobListPlace } from './storage.ts';
import { useOnChange } from './use-on-change.ts';

/**
 * Where a long job list stands. The job first in view is remembered, for this entry of the tab's
 * history, as the list scrolls; when the list shows again (a reload, Back from another page, a phone
 * bringing back a tab it discarded in the background) it opens at that job. New filters or a new
 * sort (`resetKey`) start the list from its top instead, through `scrollToTop`.
 */
export function useListPlace<TScroll extends Element | Window, TItem extends Element>({
  virtualizer,
  jobIdAt,
  resetKey,
  scrollToTop,
}: {
  virtualizer: Virtualizer<TScroll, TItem>;
  /** The id of the job shown at `index`, in the order shown. */
  jobIdAt(index: number): string | undefined;
  resetKey: unknown;
  scrollToTop(): void;
}) {
  const { key: entry } = useLocation();

  // Once, as the list first shows with its jobs. The virtualizer keeps correcting the scroll while
  // the cards above its target are measured, so the job lands at the top of the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a place is restored when the list appears, not as it changes.
  useLayoutEffect(() => {
    const placeId = readJobListPlace(entry);
    if (placeId === null) return;
    for (let index = 1; index < virtualizer.options.count; index += 1) {
      if (jobIdAt(index) === placeId) {
        virtualizer.scrollToIndex(index, { align: 'start' });
        return;
      }
    }
  }, []);

  // The list's top needs no remembering: a list opens there anyway.
  const firstInView = virtualizer.range?.startIndex ?? 0;
  const firstIdInView = firstInView > 0 ? (jobIdAt(firstInView) ?? null) : null;
  useEffect(() => {
    rememberJobListPlace(entry, firstIdInView);
  }, [entry, firstIdInView]);

  // Only a change of the key resets: the list's first showing keeps the place restored above.
  useOnChange(resetKey, scrollToTop);
}
