/**
 * The navigation a sign-out makes to the sign-in screen carries this state. A page that asks before
 * it is left (the onboarding wizard during an upload) lets it through: the session its work needed
 * has already ended, and a question then would only hold the person on a page they cannot use.
 */
export const SIGNED_OUT_NAVIGATION = { signedOut: true } as const;

export function isSignedOutNavigation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'signedOut' in state && state.signedOut === true;
}
