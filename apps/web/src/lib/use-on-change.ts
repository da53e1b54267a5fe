import { useEffect, useRef } from 'react';

/**
 * Runs `effect` after a render in which `value` changed (compared with `Object.is`), never after the
 * first: what a change calls for (focus to move, a list to scroll back) is not due when a screen
 * first shows.
 */
export function useOnChange<T>(value: T, effect: (value: T) => void): void {
  const shown = useRef(value);
  const effectOf = useRef(effect);
  effectOf.current = effect;
  useEffect(() => {
    if (Object.is(shown.current, value)) return;
    shown.current = value;
    effectOf.current(value);
  }, [value]);
}
