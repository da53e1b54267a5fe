import { useSyncExternalStore } from 'react';

/** Spec 2, section 9: the mobile breakpoint. */
const WIDE_SCREEN = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWide = () => window.matchMedia(WIDE_SCREEN).matches;

/** True from the mobile breakpoint up: job lists are tables there, and cards below it. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
