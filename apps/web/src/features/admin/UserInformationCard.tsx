import { type AdminRecord, missingAdminRequirements } from '@app/domain/admin-email';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { Card } from '../../components/ui/Card.tsx';
import { recordAcknowledgements, recordDetails } from './admin-record-view.ts';

/** The searched client's onboarding answers as staff need them, and whether the legal part is done. */
export function UserInformationCard({ record }: { record: AdminRecord }) {
  const acknowledgements = recordAcknowledgements(record);
  return (
    <Card title="User Information" actions={<RequiredCheck record={record} />}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {recordDetails(record).map((line) => (
          <div key={line.key} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-neutral-600 uppercase">{line.label}</dt>
            <dd className="min-w-0 text-sm wrap-anywhere text-neutral-900">{line.value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-neutral-900">Acknowledgements</h3>
      <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
        {acknowledgements.map((ack) => (
          <li key={ack.key} className="flex items-center gap-2 text-sm text-neutral-800">
            {ack.accepted ? (
              <CircleCheck className="size-4 shrink-0 text-green-700" aria-hidden="true" />
            ) : (
              <CircleX className="size-4 shrink-0 text-red-700" aria-hidden="true" />
            )}
            <span>
              {ack.label}: {ack.accepted ? 'Accepted' : 'Not accepted'}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** 'All Required Filled' needs a signature and all ten acknowledgements (spec 2, section 5). */
function RequiredCheck({ record }: { record: AdminRecord }) {
  const missing = missingAdminRequirements(record);
  if (missing.length === 0) {
    return (
      <p className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-3 py-1 text-sm font-medium text-green-800">
        <CircleCheck className="size-4" aria-hidden="true" />
        All Required Filled
      </p>
    );
  }
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900">
      <CircleAlert className="size-4" aria-hidden="true" />
      Missing: {missing.join(', ')}
    </p>
  );
}
