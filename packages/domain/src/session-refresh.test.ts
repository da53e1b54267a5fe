import { describe, expect, it } from 'vitest';
import { endOfTryLaterMs, REFRESH_TOKEN_REUSE_INTERVAL_MS, refreshRetryDelayMs } from './session-refresh.ts';

describe('refresh retries', () => {
  it('back off as 200 ms × 2^attempt − 1', () => {
    expect([0, 1, 2, 3].map(refreshRetryDelayMs)).toEqual([199, 399, 799, 1599]);
  });

  it('wait, through the try later and its own retries, all but 4.8 s of the reuse interval', () => {
    // 199 + 399 + 799 + 1599 + 3199 + 6399 ms of retries, the try 30 s later, and its retries.
    expect(endOfTryLaterMs()).toBe(12_594 + 30_000 + 12_594);
    // The waits only: the 13 requests before the last share what is left, about 370 ms each.
    expect(REFRESH_TOKEN_REUSE_INTERVAL_MS - endOfTryLaterMs()).toBe(4_812);
  });
});
