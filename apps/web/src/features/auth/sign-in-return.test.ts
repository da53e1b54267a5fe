import { describe, expect, it } from 'vitest';
import { returnPathFrom, signInAddressFor } from './sign-in-return.ts';

describe('the page to return to after signing in', () => {
  it('travels through the sign-in address and back, query included', () => {
    const address = signInAddressFor('/myjobs?status=applied&sort=company');
    expect(address).toBe('/?redirect_to=%2Fmyjobs%3Fstatus%3Dapplied%26sort%3Dcompany');
    expect(returnPathFrom(new URL(address, 'http://site.test').searchParams)).toBe(
      '/myjobs?status=applied&sort=company',
    );
  });

  it('is plain / for the entry page itself', () => {
    expect(signInAddressFor('/')).toBe('/');
    expect(returnPathFrom(new URLSearchParams())).toBe('/');
  });

  it('is / when the page asked for is not on this site (the rule is in the domain: same-site-path.ts)', () => {
    expect(returnPathFrom(new URLSearchParams({ redirect_to: '/\\evil.test' }))).toBe('/');
  });
});
