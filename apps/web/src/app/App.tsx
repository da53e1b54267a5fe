import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createAppRouter } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    // Failures are shown to the person at once, with the spec's message; one quiet retry covers a blip.
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});
const router = createAppRouter();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* The one place for every toast (decision 028): bottom centre, clear of the header's menus, the
          wizard's step header at the top and, on a wide screen, the Back and Next buttons at the sides. */}
      <Toaster richColors closeButton position="bottom-center" />
    </QueryClientProvider>
  );
}
