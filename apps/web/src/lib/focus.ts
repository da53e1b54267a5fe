import { type RefObject, useEffect } from 'react';
import { useOnChange } from './use-on-change.ts';

/**
 * Focus that fell to the page, because the control just used left with its own press, goes on to
 * `element`; focus the person has moved elsewhere meanwhile stays where it is.
 */
export function focusIfLost(element: HTMLElement | null | undefined, options?: FocusOptions): void {
  if (!document.activeElement || document.activeElement === document.body) element?.focus(options);
}

/**
 * When `value` changes (not on the first showing: the page's own load), what replaced the control
 * just used takes the focus it lost: `target` names it for the new value.
 */
export function useFocusOnChange<T>(
  value: T,
  target: (value: T) => HTMLElement | null | undefined,
  { preventScroll = false }: { preventScroll?: boolean } = {},
): void {
  useOnChange(value, (changed) => focusIfLost(target(changed), { preventScroll }));
}

/**
 * Focuses a control to type in: a text area's caret goes after what is already written, where typing
 * goes on (focus given from code leaves it before the text).
 */
export function focusToType(element: HTMLElement | null | undefined): void {
  element?.focus();
  if (element instanceof HTMLTextAreaElement)
    element.setSelectionRange(element.value.length, element.value.length);
}

/**
 * Focuses `target` (a screen's heading, with tabIndex -1) once, as the screen first shows, when `now`:
 * the screen replaced the one the person was using, whose focused control left with it. A screen that
 * is simply loaded leaves focus to the browser.
 */
export function useFocusOnOpen(target: RefObject<HTMLElement | null>, now: boolean): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the screen first shows.
  useEffect(() => {
    if (now) target.current?.focus();
  }, []);
}
