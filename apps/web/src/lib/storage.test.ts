import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJobListPlace, rememberJobListPlace } from './storage.ts';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('job list places', () => {
  it('are read back per history entry, and forgotten when the list is at its top', () => {
    rememberJobListPlace('entry-a', 'job-1');
    rememberJobListPlace('entry-b', 'job-2');
    expect(readJobListPlace('entry-a')).toBe('job-1');
    expect(readJobListPlace('entry-b')).toBe('job-2');
    rememberJobListPlace('entry-a', null);
    expect(readJobListPlace('entry-a')).toBeNull();
    expect(readJobListPlace('entry-b')).toBe('job-2');
  });

  it('keep the 20 most recently scrolled entries', () => {
    for (let entry = 1; entry <= 21; entry += 1) rememberJobListPlace(`entry-${entry}`, `job-${entry}`);
    // Scrolling an old entry again makes it recent.
    rememberJobListPlace('entry-2', 'job-2b');
    rememberJobListPlace('entry-22', 'job-22');
    expect(readJobListPlace('entry-1')).toBeNull();
    expect(readJobListPlace('entry-3')).toBeNull();
    expect(readJobListPlace('entry-2')).toBe('job-2b');
    expect(readJobListPlace('entry-4')).toBe('job-4');
    expect(readJobListPlace('entry-22')).toBe('job-22');
  });

  it('read nothing from unreadable storage, and a failed write loses only the place', () => {
    sessionStorage.setItem('job-list:places', '{not json');
    expect(readJobListPlace('entry-a')).toBeNull();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => rememberJobListPlace('entry-a', 'job-1')).not.toThrow();
    expect(logged).toHaveBeenCalledWith(
      'Could not remember the place in the job list',
      expect.any(DOMException),
    );
  });
});
