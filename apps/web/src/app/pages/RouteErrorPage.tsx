import { useRouteError } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';

/** Shown instead of a screen that failed to load or crashed; rendered outside the app's providers. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <Card>
        <h1 className="text-xl font-semibold text-neutral-900">Something went wrong</h1>
        <p className="mt-2 text-neutral-600">
          This page could not be shown. Check your connection and try again.
        </p>
        <Button className="mt-4" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Card>
    </main>
  );
}
