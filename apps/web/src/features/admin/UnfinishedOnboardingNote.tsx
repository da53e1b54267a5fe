import { formatCount } from '@app/domain/jobs-format';
import { TriangleAlert } from 'lucide-react';

/**
 * Before a welcome e-mail goes to clients who have not finished onboarding: theirs asks them to
 * finish instead of thanking them. `clients` is how many of those chosen (or 'this client').
 */
export function UnfinishedOnboardingNote({ clients }: { clients: number | 'this client' }) {
  const text =
    clients === 'this client'
      ? 'This client has not finished onboarding. The e-mail says so and asks them to finish; it does not thank them for completing it.'
      : clients === 1
        ? '1 of them has not finished onboarding. Their e-mail says so and asks them to finish; it does not thank them for completing it.'
        : `${formatCount(clients)} of them have not finished onboarding. Their e-mails say so and ask them to finish; they do not thank them for completing it.`;
  return (
    <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
