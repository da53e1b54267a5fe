import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './expiring-cache.ts';

describe('ExpiringCache', () => {
  it('answers a value until the time it expires, then forgets it', () => {
    const cache = new ExpiringCache<string, number>(10);
    cache.set('token', 1, 100);
    expect(cache.get('token', 99)).toBe(1);
    expect(cache.get('token', 100)).toBeUndefined();
    expect(cache.get('token', 50)).toBeUndefined();
  });

  it('makes room by dropping the oldest entry when full', () => {
    const cache = new ExpiringCache<string, number>(2);
    cache.set('a', 1, 100);
    cache.set('b', 2, 100);
    cache.set('a', 3, 100);
    cache.set('c', 4, 100);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toBe(2);
    expect(cache.get('c', 0)).toBe(4);
  });
});
