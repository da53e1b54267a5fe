import { useAuth } from '../../features/auth/AuthProvider.tsx';
import type { AuthUser } from '../../features/auth/auth-client.ts';

/**
 * Staff, by the role the server gave the session (decided there by the staff e-mail rule,
 * DESIGN.md). The server enforces it on every staff endpoint; the browser only follows it.
 */
export function isStaffUser(user: AuthUser | null): boolean {
  return user?.role === 'staff';
}

/** Staff whose session has not passed the second factor yet (decision 018): they see only /mfa. */
export function secondFactorPending(user: AuthUser | null): boolean {
  return isStaffUser(user) && user?.mfa !== undefined && user.mfa !== 'passed';
}

/** Whether to show the staff entries. */
export function useIsStaff(): boolean {
  return isStaffUser(useAuth().user);
}
