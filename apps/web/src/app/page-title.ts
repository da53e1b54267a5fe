import { useEffect } from 'react';
import { useMatches } from 'react-router';

/**
 * What a route tells the app shell about itself: the page's name for the browser tab, or, where one
 * path shows different screens, the name for a signed-in person and for a visitor.
 */
export interface RouteHandle {
  title: string | { signedIn: string; signedOut: string };
}

/** The route's handle, in the form React Router keeps it. */
export const titled = (title: RouteHandle['title']): RouteHandle => ({ title });

/** 'Apply for Me · Apply Ahead': the deepest route's page name, then the brand; the brand alone without one. */
export function pageTitle(handle: RouteHandle | undefined, signedIn: boolean, brandName: string): string {
  const title = handle?.title;
  const page = typeof title === 'object' ? (signedIn ? title.signedIn : title.signedOut) : title;
  return page ? `${page} · ${brandName}` : brandName;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** Keeps the document's title on the page shown, so every tab and history entry names its page. */
export function useDocumentTitle(signedIn: boolean, brandName: string): void {
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  const title = pageTitle(handle, signedIn, brandName);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
