import type { ComponentType } from 'react';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import type { SecondFactorAccount } from '../features/staff-mfa/StaffMfaPage.tsx';

/** Gives the second-factor screens the account as a prop, so that feature never reaches into auth. */
export function withSecondFactorAccount(
  Screen: ComponentType<{ account: SecondFactorAccount }>,
): ComponentType {
  return function WithSecondFactorAccount() {
    const { user, refreshSession, signOut } = useAuth();
    const account: SecondFactorAccount = {
      state: user?.role === 'staff' ? (user.mfa ?? 'passed') : null,
      refreshSession,
      signOut,
    };
    return <Screen account={account} />;
  };
}
