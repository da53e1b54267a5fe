import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameSitePath } from './login-state.ts';

const ORIGIN = 'http://site.invalid';

describe('sameSitePath', () => {
  it.each([
    ['/profile?tab=1', '/profile?tab=1'],
    ['/jobs/ünïcödé?q=日本#frag', '/jobs/%C3%BCn%C3%AFc%C3%B6d%C3%A9?q=%E6%97%A5%E6%9C%AC#frag'],
    ['/a\u2028b', '/a%E2%80%A8b'],
    ['/\uD800', '/%EF%BF%BD'],
    ['https://evil.test/', undefined],
    ['//evil.test/x', undefined],
    ['/\\evil.test', undefined],
    ['/.//evil.test', undefined],
    ['/\u0009/evil.test', undefined],
    ['profile', undefined],
  ])('%j gives %j', (value, expected) => {
    expect(sameSitePath(value)).toBe(expected);
  });

  it('answers, for any string, nothing or a printable ASCII path on this site', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.boolean(), (rest, leadingSlash) => {
        const path = sameSitePath(leadingSlash ? `/${rest}` : rest);
        if (path === undefined) return;
        expect(path).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
        expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
        // A header value Node accepts as a redirect target.
        expect(() => new Headers({ location: path })).not.toThrow();
      }),
      { seed: 12, numRuns: 2000 },
    );
  });
});
