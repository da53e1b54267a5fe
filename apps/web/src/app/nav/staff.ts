import { isStaffEmail } from '@app/domain/staff';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';

/**
 * Whether to show the staff entries: the same domain rule the server uses to give the staff role
 * (DESIGN.md). The server enforces it on every staff endpoint; the browser only follows it.
 */
export function useIsStaff(): boolean {
  const { user } = useAuth();
  const { staffEmailDomain } = usePublicConfig();
  return user !== null && isStaffEmail(user.email, staffEmailDomain);
}
