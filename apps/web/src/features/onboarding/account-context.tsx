import { createContext, type ReactNode, useContext } from 'react';

/** The signed-in person, as the onboarding screens need them; the app shell provides it. */
export interface OnboardingAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The current access token, or null: an upload requires one (spec 1, section 5). */
  accessToken: string | null;
}

const AccountContext = createContext<OnboardingAccount | null>(null);

export function OnboardingAccountProvider({
  account,
  children,
}: {
  account: OnboardingAccount;
  children: ReactNode;
}) {
  return <AccountContext.Provider value={account}>{children}</AccountContext.Provider>;
}

export function useOnboardingAccount(): OnboardingAccount {
  const account = useContext(AccountContext);
  if (!account) throw new Error('useOnboardingAccount must be used within an OnboardingAccountProvider');
  return account;
}
