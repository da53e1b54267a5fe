import type { ComponentType, ReactElement } from 'react';
import { withClientAccount } from './client-account.tsx';
import { withOnboardingAccount } from './onboarding-account.tsx';

/** A screen's code, loaded the first time its route is visited: its component, or a ready element. */
export type RouteModule = () => Promise<{ Component: ComponentType } | { element: ReactElement }>;

const upcoming =
  (title: string, description: string): RouteModule =>
  async () => {
    const { UpcomingPage } = await import('./pages/UpcomingPage.tsx');
    return { element: <UpcomingPage title={title} description={description} /> };
  };

/**
 * The screen behind each route of spec 2, section 2. A feature plugs its screen in by replacing its
 * line, e.g. `profile: async () => ({ Component: (await import('../features/profile/ProfilePage.tsx')).ProfilePage }),`.
 * Who may open each route is decided in router.tsx.
 */
export const routeModules = {
  /** `/` for a signed-in user (signed-out visitors see the sign-in screen). */
  entry: async () => ({
    Component: withOnboardingAccount(
      (await import('../features/onboarding/OnboardingEntry.tsx')).OnboardingEntry,
    ),
  }),
  profile: async () => ({
    Component: withClientAccount((await import('../features/profile/ProfilePage.tsx')).ProfilePage),
  }),
  editProfile: async () => ({
    Component: withOnboardingAccount((await import('../features/onboarding/EditProfile.tsx')).EditProfile),
  }),
  updatePreferences: async () => ({
    Component: withClientAccount(
      (await import('../features/preferences/PreferencesPage.tsx')).PreferencesPage,
    ),
  }),
  downloadDocument: async () => ({
    Component: (await import('../features/downloads/DownloadDocumentPage.tsx')).DownloadDocumentPage,
  }),
  myJobs: upcoming('Apply for Me', 'The jobs your team found and applied to for you.'),
  jobStats: upcoming('My Job Stats', 'View statistics for your approved job applications'),
  myTeam: async () => ({
    Component: withClientAccount((await import('../features/team/TeamPage.tsx')).TeamPage),
  }),
  admin: async () => ({
    Component: withClientAccount((await import('../features/admin/AdminPage.tsx')).AdminPage),
  }),
} satisfies Record<string, RouteModule>;
