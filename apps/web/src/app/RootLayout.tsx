import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider, useAuth } from '../features/auth/AuthProvider.tsx';
import type { AuthClient } from '../features/auth/auth-client.ts';
import { publicConfigQuery, usePublicConfig } from '../lib/public-config.ts';
import { AppHeader } from './nav/AppHeader.tsx';
import { useDocumentTitle } from './page-title.ts';
import { PageSpinner } from './pages/PageSpinner.tsx';

/** Every route's frame: the session, the brand, the header and the page. */
export function RootLayout({ authClient }: { authClient?: AuthClient }) {
  return (
    <AuthProvider client={authClient}>
      <Suspense fallback={<PageSpinner />}>
        <AppFrame />
      </Suspense>
    </AuthProvider>
  );
}

function AppFrame() {
  const { brandName, brandColor } = usePublicConfig();
  const { status, user, onAuthStateChange } = useAuth();
  const queryClient = useQueryClient();

  useDocumentTitle(status === 'signed-in', brandName);
  useEffect(() => {
    document.documentElement.style.setProperty('--brand-color', brandColor);
  }, [brandColor]);

  // Cached answers belong to the person who fetched them; only the site configuration outlives a sign-out.
  useEffect(
    () =>
      onAuthStateChange((event) => {
        if (event !== 'SIGNED_OUT') return;
        queryClient.removeQueries({
          predicate: (query) => query.queryKey[0] !== publicConfigQuery.queryKey[0],
        });
      }),
    [onAuthStateChange, queryClient],
  );

  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50 text-neutral-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <AppHeader />
      {/* On a phone the toasts lie over the bottom of the screen, full width (decision 028): room below
          every page lets its last controls scroll clear of them. */}
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-28 sm:px-6 sm:py-8">
        {status === 'loading' ? (
          <PageSpinner />
        ) : (
          // A page belongs to the person it was opened for: when another person's session takes over
          // this tab, every page starts afresh, so no form, state or query of the first stays mounted.
          <Suspense key={user?.id} fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        )}
      </main>
    </div>
  );
}
