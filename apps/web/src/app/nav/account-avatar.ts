import type { AuthUser } from '../../features/auth/auth-client.ts';

/** The round face of the account menu's button, shared by the button and the stand-in before it. */
export const avatarClasses =
  'flex size-9 items-center justify-center rounded-full border border-neutral-300 bg-neutral-100 text-sm font-semibold text-neutral-800 uppercase';

/** First and last initials; the e-mail's first letter when the provider gave no name. */
export function initialsOf(user: Pick<AuthUser, 'email' | 'first_name' | 'last_name'>): string {
  return `${user.first_name?.charAt(0) ?? ''}${user.last_name?.charAt(0) ?? ''}` || user.email.charAt(0);
}
