import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry.ts';

describe('retryDelayMs', () => {
  it('waits 5 s, 30 s, 2 min, 10 min and then an hour with the default base', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map((attempts) => retryDelayMs(attempts, 5000))).toEqual([
      5_000, 30_000, 120_000, 600_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('scales with the configured base and treats a first try as attempt 1', () => {
    expect(retryDelayMs(0, 50)).toBe(50);
    expect(retryDelayMs(2, 50)).toBe(300);
  });
});
