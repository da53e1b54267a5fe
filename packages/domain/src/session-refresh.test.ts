import { describe, expect, it } from 'vitest';
import { endOfTryLaterMs, REFRESH_TOKEN_REUSE_INTERVAL_MS, refreshRetryDelayMs } from './session-refresh.ts';

describe('refresh retries', () => {
  it('back off as 200 ms × 2^attempt − 1', () => {
    expect([0, 1, 2, 3].map(refreshRetryDelayMs)).toEqual([199, 399, 799, 1599]);
  });

  it('come, through the try later and its own retries, while the server still exchanges the token they carry', () => {
    // 199 + 399 + 799 + 1599 + 3199 + 6399 ms of retries, the try 30 s later, and its retries.
    expect(endOfTryLaterMs()).toBe(12_594 + 30_000 + 12_594);
    expect(endOfTryLaterMs()).toBeLessThan(REFRESH_TOKEN_REUSE_INTERVAL_MS);
  });
});
