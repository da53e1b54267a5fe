import { describe, expect, it } from 'vitest';
import {
  lastRefreshTryAfterMs,
  REFRESH_TOKEN_REUSE_INTERVAL_MS,
  refreshRetryDelayMs,
} from './session-refresh.ts';

describe('refresh retries', () => {
  it('back off as 200 ms × 2^attempt − 1', () => {
    expect([0, 1, 2, 3].map(refreshRetryDelayMs)).toEqual([199, 399, 799, 1599]);
  });

  it('all come while the server still exchanges the token they carry again', () => {
    // 199 + 399 + 799 + 1599 + 3199 + 6399 ms of retries, then the try 30 s later.
    expect(lastRefreshTryAfterMs()).toBe(42_594);
    expect(lastRefreshTryAfterMs()).toBeLessThan(REFRESH_TOKEN_REUSE_INTERVAL_MS);
  });
});
