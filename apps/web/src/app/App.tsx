import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { startRestoringSession } from '../features/auth/AuthProvider.tsx';
import { publicConfigQuery } from '../lib/public-config.ts';
import { createAppQueryClient } from '../lib/query-client.ts';
import { createAppRouter } from './router.tsx';

const queryClient = createAppQueryClient();
// What every page waits for, the session and the site configuration, is asked for before the router
// starts loading the first page's code, so the requests and the download overlap.
startRestoringSession();
void queryClient.prefetchQuery(publicConfigQuery);
const router = createAppRouter();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* The one place for every toast (decision 028): bottom centre, clear of the header's menus, the
          wizard's step header at the top and, on a wide screen, the Back and Next buttons at the sides. */}
      {/* Spec 1, section 9: 32 px from the edge; on a phone Sonner's own 16 px is the spec's too. */}
      <Toaster richColors closeButton position="bottom-center" offset={32} />
    </QueryClientProvider>
  );
}
