/**
 * Why a sign-in failed, as a code in the address the server sends the browser back to
 * (`/?error=signin&reason=<code>`). The browser shows only these sentences, never text from the
 * address bar, so nobody can put words in the product's mouth with a crafted link.
 */
export const SIGN_IN_ERROR_MESSAGES = {
  access_denied: 'The sign-in was cancelled at your sign-in provider.',
  email_not_verified:
    'Your e-mail address is not verified with your sign-in provider. Verify it there, then sign in again.',
  no_email: 'Your sign-in provider did not share an e-mail address, which this service needs.',
  not_company_account:
    "This Google account is not managed by your company. Staff sign in with the company's Google Workspace account.",
  provider_unreachable: 'Your sign-in provider could not be reached. Please try again in a few minutes.',
  expired: 'The sign-in took too long or was started in another browser. Please sign in again.',
  unexpected: 'An unexpected error occurred.',
} as const;

export type SignInErrorReason = keyof typeof SIGN_IN_ERROR_MESSAGES;

export const SIGN_IN_ERROR_TITLE = 'Sign-in Error';

function isSignInErrorReason(value: string | null | undefined): value is SignInErrorReason {
  return typeof value === 'string' && Object.hasOwn(SIGN_IN_ERROR_MESSAGES, value);
}

/** The sentence for a reason code; anything unknown (or missing) is the unexpected error. */
export function signInErrorMessage(reason: string | null | undefined): string {
  return isSignInErrorReason(reason) ? SIGN_IN_ERROR_MESSAGES[reason] : SIGN_IN_ERROR_MESSAGES.unexpected;
}

/** Where the server sends the browser after a failed sign-in. */
export function signInErrorLocation(reason: SignInErrorReason): string {
  return `/?${new URLSearchParams({ error: 'signin', reason })}`;
}
