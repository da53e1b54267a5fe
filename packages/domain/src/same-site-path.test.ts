import { describe, expect, it } from 'vitest';
import { isSameSitePath } from './same-site-path.ts';

describe('a path on this site', () => {
  it.each(['/', '/myjobs?status=applied&sort=company', '/admin/clients/client-7#outbox'])(
    'takes %s',
    (path) => {
      expect(isSameSitePath(path)).toBe(true);
    },
  );

  it.each(['https://evil.test/', '//evil.test/x', '/\\evil.test', '/a\nb', 'profile', ''])(
    'refuses %s',
    (path) => {
      expect(isSameSitePath(path)).toBe(false);
    },
  );
});
