import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PROFILE_COMPLETE_COOKIE,
  readProfileCompleteCookie,
  removeProfileCompleteCookie,
  setProfileCompleteCookie,
} from './cookies.ts';

afterEach(() => {
  removeProfileCompleteCookie();
  vi.restoreAllMocks();
});

describe('profile-complete cookie', () => {
  it('is read back as it was set, with a timestamp', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1234);
    setProfileCompleteCookie(true);
    expect(readProfileCompleteCookie()).toEqual({ isComplete: true, timestamp: 1234 });
  });

  it('writes path /, a 7-day lifetime and SameSite Strict', () => {
    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value) => writes.push(value));
    setProfileCompleteCookie(false);
    expect(writes[0]).toMatch(
      new RegExp(`^${PROFILE_COMPLETE_COOKIE}=.+; path=/; max-age=604800; SameSite=Strict$`),
    );
  });

  it('reads null when absent, removed or unreadable', () => {
    expect(readProfileCompleteCookie()).toBeNull();
    setProfileCompleteCookie(true);
    removeProfileCompleteCookie();
    expect(readProfileCompleteCookie()).toBeNull();

    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    // biome-ignore lint/suspicious/noDocumentCookie: planting a corrupt value is the point of this test.
    document.cookie = `${PROFILE_COMPLETE_COOKIE}=not-json; path=/`;
    expect(readProfileCompleteCookie()).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});
