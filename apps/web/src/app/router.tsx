import { createBrowserRouter, type RouteObject } from 'react-router';
import type { AuthClient } from '../features/auth/auth-client.ts';
import { titled } from './page-title.ts';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { PageSpinner } from './pages/PageSpinner.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { ProfileAccessGate, RequireCompleteProfile } from './profile-gates.tsx';
import { RootLayout } from './RootLayout.tsx';
import { EntryRoute, RequireSecondFactor, RequireSignedIn } from './route-guards.tsx';
import { routeModules } from './routes.tsx';

/**
 * The route table of spec 2, section 2, with who may open each route. The auth client is the
 * browser's own unless one is given (tests drive a fake server through it).
 */
export const appRoutes = (authClient?: AuthClient): RouteObject[] => [
  {
    element: <RootLayout authClient={authClient} />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageSpinner,
    children: [
      {
        // Staff finish the second factor before any page (see route-guards.tsx).
        element: <RequireSecondFactor />,
        children: [
          {
            index: true,
            Component: EntryRoute,
            handle: titled({ signedIn: 'Onboarding', signedOut: 'Sign In' }),
          },
          {
            element: <RequireSignedIn />,
            children: [
              {
                element: <ProfileAccessGate />,
                children: [{ path: 'profile', lazy: routeModules.profile, handle: titled('My Profile') }],
              },
              { path: 'edit-profile', lazy: routeModules.editProfile, handle: titled('Edit Profile') },
              {
                element: <RequireCompleteProfile />,
                children: [
                  { path: 'myjobs', lazy: routeModules.myJobs, handle: titled('Apply for Me') },
                  { path: 'job-stats', lazy: routeModules.jobStats, handle: titled('My Job Stats') },
                ],
              },
              { path: 'myteam', lazy: routeModules.myTeam, handle: titled('My Team') },
              // Staff access is enforced by the server; the page explains a refusal itself.
              { path: 'admin', lazy: routeModules.admin, handle: titled('Admin Email Management') },
              { path: 'admin/clients/:id', lazy: routeModules.adminClient, handle: titled('Client') },
              { path: 'admin/activity', lazy: routeModules.adminActivity, handle: titled('Activity') },
              { path: 'admin/outbox', lazy: routeModules.adminOutbox, handle: titled('Outbox') },
              { path: 'mfa', lazy: routeModules.staffMfa, handle: titled('Two-Step Verification') },
            ],
          },
          // Open to everyone: the preferences page asks signed-out visitors to sign in itself.
          {
            path: 'update-preferences',
            lazy: routeModules.updatePreferences,
            handle: titled('Email Preferences'),
          },
          { path: 'downloaddoc', lazy: routeModules.downloadDocument, handle: titled('Download Document') },
          { path: '*', Component: NotFoundPage, handle: titled('Page Not Found') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
