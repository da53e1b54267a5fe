/**
 * How long an unsent e-mail waits before its next try, as multiples of the base delay
 * (MAIL_RETRY_BASE_MS, 5 s by default): 5 s, 30 s, 2 min, 10 min, then every hour for good.
 */
const RETRY_MULTIPLIERS = [1, 6, 24, 120, 720] as const;

export function retryDelayMs(attempts: number, baseMs: number): number {
  const index = Math.min(Math.max(attempts, 1), RETRY_MULTIPLIERS.length) - 1;
  return baseMs * (RETRY_MULTIPLIERS[index] ?? 1);
}

/**
 * A message left in `sending` longer than this belongs to an instance that stopped mid-send; it is
 * queued again. Far above the transport's own time limits, so a live send is never taken over.
 */
export const STUCK_SENDING_MS = 10 * 60 * 1000;
