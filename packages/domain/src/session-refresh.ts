/**
 * How a browser retries a session refresh, and how long the server lets a used refresh token be
 * exchanged again (decision 040). They are one contract: when a refresh reached the server and only
 * its answer was lost, the browser's retries still carry the token it holds, and a retry that comes
 * after the interval is taken for theft and signs the person out.
 */

/** Retries after the first attempt of a round, each after `refreshRetryDelayMs(attempt)`. */
export const REFRESH_MAX_RETRIES = 6;

/** Backoff for retryable refresh failures: 200 ms × 2^attempt − 1 (spec 1, attempt counts from 0). */
export function refreshRetryDelayMs(attempt: number): number {
  return 200 * 2 ** attempt - 1;
}

/** After a round's retries run out on a passing failure, the browser starts another this much later. */
export const REFRESH_RETRY_LATER_MS = 30_000;

/**
 * How long after its first use a refresh token is still exchanged again. The waits of the first
 * round of retries (about 12.6 s), the try later and that round's retries add up to about 55.2 s
 * (endOfTryLaterMs). The requests' own time is not counted: the thirteen before the last share the
 * 4.8 s left (about 370 ms each). Requests that fail at once (offline, connection refused) fit; ones
 * that hang (the browser's refresh fetch has no timeout of its own) can push the last retries past
 * the interval, which then ends the session as a longer outage does. A timeout short enough to fit
 * would cut off refreshes on slow connections. Okta's grace period allows up to the same minute;
 * after it, a used token revokes the session.
 */
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 60_000;

/** How long one round's retries take, from its first attempt to its last. */
function roundMs(): number {
  let elapsed = 0;
  for (let attempt = 0; attempt < REFRESH_MAX_RETRIES; attempt++) elapsed += refreshRetryDelayMs(attempt);
  return elapsed;
}

/**
 * When the last retry of the try later comes, counted from the first attempt, counting the waits
 * only, not the requests' own time (see REFRESH_TOKEN_REUSE_INTERVAL_MS). Later rounds (while the
 * network stays down) come after the interval: after a lost answer, an outage that long still ends
 * the session. A 429 is not counted: that request never reached the token.
 */
export function endOfTryLaterMs(): number {
  return roundMs() + REFRESH_RETRY_LATER_MS + roundMs();
}
