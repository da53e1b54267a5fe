import type { ComponentType } from 'react';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { OnboardingAccountProvider } from '../features/onboarding/account-context.tsx';

/** Gives an onboarding screen the signed-in account, so the onboarding feature never reaches into auth. */
export function withOnboardingAccount(Screen: ComponentType): ComponentType {
  return function WithOnboardingAccount() {
    const { user, session } = useAuth();
    if (!user) return null;
    const account = {
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      accessToken: session?.accessToken ?? null,
    };
    return (
      <OnboardingAccountProvider account={account}>
        <Screen />
      </OnboardingAccountProvider>
    );
  };
}
