import type { ComponentType } from 'react';
import { withClientAccount } from './client-account.tsx';
import { withOnboardingAccount } from './onboarding-account.tsx';
import { withSecondFactorAccount } from './second-factor-account.tsx';

/** A screen's code, loaded the first time its route is visited: its component. */
export type RouteModule = () => Promise<{ Component: ComponentType }>;

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
  myJobs: async () => ({
    Component: withClientAccount((await import('../features/jobs/MyJobsPage.tsx')).MyJobsPage),
  }),
  // The stats page shows the jobs feature's table with the stats feature's chart above it.
  jobStats: async () => {
    const [{ JobStatsPage }, { JobsPerWeekChart }] = await Promise.all([
      import('../features/jobs/JobStatsPage.tsx'),
      import('../features/stats/JobsPerWeekChart.tsx'),
    ]);
    return {
      Component: withClientAccount(({ account }) => (
        <JobStatsPage account={account} insights={(jobs) => <JobsPerWeekChart jobs={jobs} />} />
      )),
    };
  },
  myTeam: async () => ({
    Component: withClientAccount((await import('../features/team/TeamPage.tsx')).TeamPage),
  }),
  admin: async () => ({
    Component: withClientAccount((await import('../features/admin/AdminPage.tsx')).AdminPage),
  }),
  adminClient: async () => ({
    Component: withClientAccount((await import('../features/admin/ClientPage.tsx')).ClientPage),
  }),
  adminActivity: async () => ({
    Component: withClientAccount((await import('../features/admin/ActivityPage.tsx')).ActivityPage),
  }),
  adminOutbox: async () => ({
    Component: withClientAccount((await import('../features/admin/outbox/OutboxPage.tsx')).OutboxPage),
  }),
  /** Staff two-step verification: set up on the first sign-in, a code on later ones. */
  staffMfa: async () => ({
    Component: withSecondFactorAccount((await import('../features/staff-mfa/StaffMfaPage.tsx')).StaffMfaPage),
  }),
} satisfies Record<string, RouteModule>;
