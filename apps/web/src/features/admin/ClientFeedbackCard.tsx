import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/ui/Card.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { listFeedback } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { formatMoment } from './admin-record-view.ts';
import { adminQueryKeys } from './query-keys.ts';
import { useStaffGuard } from './staff-access.tsx';

/** What clients wrote in the feedback card after onboarding, newest first, as plain text. */
export function ClientFeedbackCard() {
  const guard = useStaffGuard();
  const feedback = useQuery({
    queryKey: adminQueryKeys.feedback,
    queryFn: async () => {
      return dataOrThrow(guard(await listFeedback()), GENERIC_ERROR);
    },
  });

  return (
    <Card title="Onboarding Feedback" description="What clients told us after finishing onboarding.">
      {feedback.isPending && <Spinner label="Loading feedback..." />}
      {feedback.isError && (
        <p role="alert" className="text-sm text-red-700">
          {failureMessage(feedback.error, GENERIC_ERROR)}
        </p>
      )}
      {feedback.data?.length === 0 && <p className="text-sm text-neutral-600">No feedback yet.</p>}
      {feedback.data && feedback.data.length > 0 && (
        <ul className="divide-y divide-neutral-200" aria-label="Feedback from clients">
          {feedback.data.map((entry) => (
            <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
              <p className="text-sm text-neutral-600">
                {/* As on the board: on a phone a long address breaks anywhere rather than widen the page. */}
                <span className="font-medium wrap-anywhere text-neutral-900 sm:wrap-break-word">
                  {entry.email}
                </span>{' '}
                · {formatMoment(entry.createdAt)}
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap text-neutral-800">{entry.text}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
