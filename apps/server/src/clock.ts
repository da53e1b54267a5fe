/**
 * Where the server takes the time from. One clock is built in the composition root and handed to
 * every service whose behaviour depends on the time (expiry, retries, clean-ups), so a test can move
 * the time of a whole app without faking the global Date.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The clock's time, moved by `offsetMs`, as the ISO text the database stores. */
export function isoTime(clock: Clock, offsetMs = 0): string {
  return new Date(clock.now() + offsetMs).toISOString();
}

/** A clock that stands still until a test moves it (or puts it back where it started). */
export function createTestClock(startMs = Date.now()) {
  let current = startMs;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
    reset() {
      current = startMs;
    },
  };
}

/** The real time, which a test may move ahead: for intervals too long to wait out in a test. */
export function createMovingTestClock() {
  let aheadMs = 0;
  return {
    now: () => Date.now() + aheadMs,
    advance(ms: number) {
      aheadMs += ms;
    },
    reset() {
      aheadMs = 0;
    },
  };
}
