import { normalizeEmail } from './email-address.ts';

/**
 * The one rule that makes someone staff: a verified e-mail address whose domain is exactly the
 * company domain. `someone@evilcompany.test` is not staff for `company.test`, nor is
 * `someone@sub.company.test`. The server puts the resulting role in the access token; the browser
 * uses the same rule to decide which navigation entries to show.
 */
export function isStaffEmail(email: string, domain: string): boolean {
  const normalizedDomain = normalizeDomain(domain);
  if (normalizedDomain === '') return false;
  const normalizedEmail = normalizeEmail(email);
  const at = normalizedEmail.lastIndexOf('@');
  return at > 0 && normalizedEmail.slice(at + 1) === normalizedDomain;
}

/** A domain as configured or as a provider names it: `@Company.test` and `company.test` are one. */
export function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/^@/, '');
}

/** What anyone else sees on a staff page, and what the server's staff guard answers (spec 2, section 5). */
export function staffOnlyMessage(staffEmailDomain: string): string {
  return `Access denied. This feature is only available to @${staffEmailDomain} users.`;
}
