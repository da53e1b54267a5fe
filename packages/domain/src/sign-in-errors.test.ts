import { describe, expect, it } from 'vitest';
import { SIGN_IN_ERROR_MESSAGES, signInErrorLocation, signInErrorMessage } from './sign-in-errors.ts';

describe('sign-in error reasons', () => {
  it('maps every known code to its own sentence and anything else to the unexpected error', () => {
    expect(signInErrorMessage('email_not_verified')).toBe(
      'Your e-mail address is not verified with your sign-in provider. Verify it there, then sign in again.',
    );
    for (const unknown of [null, undefined, '', 'toString', '__proto__', 'Call 555-0100']) {
      expect(signInErrorMessage(unknown)).toBe('An unexpected error occurred.');
    }
    expect(new Set(Object.values(SIGN_IN_ERROR_MESSAGES)).size).toBe(
      Object.keys(SIGN_IN_ERROR_MESSAGES).length,
    );
  });

  it('builds the address the browser comes back to', () => {
    expect(signInErrorLocation('provider_unreachable')).toBe('/?error=signin&reason=provider_unreachable');
  });
});
