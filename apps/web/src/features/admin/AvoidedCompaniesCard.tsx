import type { AvoidedCompany } from '@app/domain/companies-to-avoid';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/ui/Card.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { LoadingLine } from '../../components/ui/Spinner.tsx';
import { apiFetchData, dataOrThrow, failureMessage } from '../../lib/api.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { useStaffGuard } from './staff-access.tsx';

/** The companies the client never wants to be put forward to; imports refuse jobs at them. */
export function AvoidedCompaniesCard({ clientId }: { clientId: string }) {
  const guard = useStaffGuard();
  const companies = useQuery({
    queryKey: ['admin', 'companies-to-avoid', clientId],
    queryFn: async () => {
      const answer = await apiFetchData<AvoidedCompany[]>(
        `/admin/companies-to-avoid?client_id=${encodeURIComponent(clientId)}`,
      );
      return dataOrThrow(guard(answer), GENERIC_ERROR);
    },
  });
  // Only a load with nothing to show fails the card: a refresh that fails keeps the companies shown.
  const failure = useLoadFailure(companies);
  const reason = failureMessage(failure.error, GENERIC_ERROR);
  return (
    <Card
      title="Companies to Avoid"
      description="Never apply to these for the client; an import refuses jobs at them."
    >
      <div className="space-y-3">
        {companies.data === undefined && !failure.failed && <LoadingLine>Loading companies...</LoadingLine>}
        {companies.data?.length === 0 && (
          <p className="text-sm text-neutral-600">The client has listed none.</p>
        )}
        {companies.data && companies.data.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Companies the client avoids">
            {companies.data.map((company) => (
              <li key={company.name} className="rounded-full bg-red-50 px-3 py-1 text-sm text-red-800">
                {company.name}
              </li>
            ))}
          </ul>
        )}
        <LoadFailure
          failure={failure}
          message={reason}
          refreshNote={`Could not refresh the list, so it shows the companies as last loaded: ${reason}`}
        />
      </div>
    </Card>
  );
}
