import { isSameSitePath } from '@app/domain/same-site-path';

/**
 * Where a signed-out visitor was heading. Client pages send them to `/` (spec 2, section 6) with the
 * page in `redirect_to`, and signing in from there comes back to it (the server checks it again).
 */
export const RETURN_TO_PARAM = 'redirect_to';

/** `/?redirect_to=/myjobs%3Fstatus%3Dapplied` for a visitor stopped at `/myjobs?status=applied`. */
export function signInAddressFor(path: string): string {
  return path === '/' ? '/' : `/?${new URLSearchParams({ [RETURN_TO_PARAM]: path })}`;
}

/** The page to return to after signing in: a path on this site, else `/`. */
export function returnPathFrom(params: URLSearchParams): string {
  const path = params.get(RETURN_TO_PARAM) ?? '/';
  return isSameSitePath(path) ? path : '/';
}
