/** E-mail addresses are compared without case, as sign-in providers and people spell them either way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
