import { Card } from '../../components/ui/Card.tsx';

/** The page a route shows until its screen is delivered: its title and what it will offer. */
export function UpcomingPage({ title, description }: { title: string; description: string }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-neutral-900">{title}</h1>
      <Card>
        <p className="text-neutral-700">{description}</p>
        <p className="mt-2 text-sm text-neutral-600">
          This page is being prepared and will be available soon.
        </p>
      </Card>
    </div>
  );
}
