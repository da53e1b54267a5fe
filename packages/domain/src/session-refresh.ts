/**
 * How a browser retries a session refresh, and how long the server lets a used refresh token be
 * exchanged again (decision 040). They are one contract: when a refresh reached the server and only
 * its answer was lost, every retry the browser makes with the token it still holds must land inside
 * the interval, or the person's own retry is taken for theft and signs them out.
 */

/** Retries after the first attempt, each after `refreshRetryDelayMs(attempt)`. */
export const REFRESH_MAX_RETRIES = 6;

/** Backoff for retryable refresh failures: 200 ms × 2^attempt − 1 (spec 1, attempt counts from 0). */
export function refreshRetryDelayMs(attempt: number): number {
  return 200 * 2 ** attempt - 1;
}

/** After the retries run out on a passing failure, the browser tries once more this much later. */
export const REFRESH_RETRY_LATER_MS = 30_000;

/**
 * How long after its first use a refresh token is still exchanged again: the browser's retries
 * (about 12.7 s) and its try later (30 s more) fit inside it. Okta's grace period allows up to the
 * same minute; after it, a used token revokes the session.
 */
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 60_000;

/** When the browser's last try with one refresh token comes, counted from the first. */
export function lastRefreshTryAfterMs(): number {
  let elapsed = 0;
  for (let attempt = 0; attempt < REFRESH_MAX_RETRIES; attempt++) elapsed += refreshRetryDelayMs(attempt);
  return elapsed + REFRESH_RETRY_LATER_MS;
}
