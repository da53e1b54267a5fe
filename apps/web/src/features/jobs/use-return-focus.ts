import { useCallback, useRef } from 'react';

/**
 * Dialogs opened from a table cell have no trigger element of their own to give focus back to, so
 * the page remembers what had focus when one opened and returns it after the dialog has closed.
 */
export function useReturnFocus() {
  const origin = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    origin.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback(() => {
    const element = origin.current;
    origin.current = null;
    // After the dialog's own close handling, which runs once it has unmounted.
    requestAnimationFrame(() => {
      if (element?.isConnected) element.focus();
    });
  }, []);
  return { remember, restore };
}
