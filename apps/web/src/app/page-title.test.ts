import { describe, expect, it } from 'vitest';
import { pageTitle, titled } from './page-title.ts';

describe('pageTitle', () => {
  it("names the page, then the brand: 'Apply for Me · Apply Ahead'", () => {
    expect(pageTitle(titled('Apply for Me'), true, 'Apply Ahead')).toBe('Apply for Me · Apply Ahead');
  });

  it('names what a visitor and a signed-in person see at the same address', () => {
    const entry = titled({ signedIn: 'Onboarding', signedOut: 'Sign In' });
    expect(pageTitle(entry, false, 'Apply Ahead')).toBe('Sign In · Apply Ahead');
    expect(pageTitle(entry, true, 'Apply Ahead')).toBe('Onboarding · Apply Ahead');
  });

  it('is the brand alone for a route without a name', () => {
    expect(pageTitle(undefined, true, 'Acme Jobs')).toBe('Acme Jobs');
  });
});
