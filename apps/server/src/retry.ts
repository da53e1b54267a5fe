/**
 * How long work that failed `attempts` times in a row waits before its next try, as multiples of a
 * base delay: 1, 6, 24, 120, then 720 times it for good (an unsent e-mail with the 5 s default of
 * MAIL_RETRY_BASE_MS: 5 s, 30 s, 2 min, 10 min, then every hour).
 */
const RETRY_MULTIPLIERS = [1, 6, 24, 120, 720] as const;

export function retryDelayMs(attempts: number, baseMs: number): number {
  const index = Math.min(Math.max(attempts, 1), RETRY_MULTIPLIERS.length) - 1;
  return baseMs * (RETRY_MULTIPLIERS[index] ?? 1);
}
