import type { ComponentType } from 'react';
import { useAuth } from '../features/auth/AuthProvider.tsx';

/** The person using a client-area screen, and the sign-in actions those screens offer. */
export interface ClientAccount {
  signedIn: boolean;
  /** The user's id; '' when signed out. */
  id: string;
  /** First and last name as the sign-in provider gave them; '' when unknown. */
  name: string;
  email: string;
  signIn(redirectTo?: string): void;
  signOut(): Promise<void>;
}

/**
 * Gives a client-area screen the account as a prop, so the profile, preferences and team features
 * never reach into the auth feature. Each screen declares only the part it uses.
 */
export function withClientAccount(Screen: ComponentType<{ account: ClientAccount }>): ComponentType {
  return function WithClientAccount() {
    const { status, user, signIn, signOut } = useAuth();
    const account: ClientAccount = {
      signedIn: status === 'signed-in',
      id: user?.id ?? '',
      name: [user?.first_name, user?.last_name].filter(Boolean).join(' '),
      email: user?.email ?? '',
      signIn,
      signOut,
    };
    return <Screen account={account} />;
  };
}
