import type { OutboxMessage } from '@app/domain/admin-email';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { listOutbox } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { OutboxMessages } from './outbox/OutboxMessages.tsx';
import { refreshWhileGoing, stillGoing } from './outbox/outbox-refresh.ts';
import { adminQueryKeys } from './query-keys.ts';
import { useStaffGuard } from './staff-access.tsx';

/**
 * Every e-mail to or about the client: delivered, or waiting in the outbox and why, with the same
 * retry and cancel as the team's outbox. Like the team's outbox, it looks again every 5 seconds
 * while an e-mail it shows is queued or sending, so one the sender has since sent is not offered
 * for a retry or cancel the server would refuse.
 */
export function OutboxCard({ clientId }: { clientId: string }) {
  const guard = useStaffGuard();
  const outbox = useQuery({
    queryKey: adminQueryKeys.outbox(clientId),
    queryFn: async () => {
      return dataOrThrow(guard(await listOutbox(clientId)), GENERIC_ERROR);
    },
    refetchInterval: refreshWhileGoing((messages: OutboxMessage[]) => messages.some(stillGoing)),
  });
  const failure = useLoadFailure(outbox);
  const reason = failureMessage(failure.error, GENERIC_ERROR);

  return (
    <Card
      title="Outbox"
      description="E-mails to or about this client, newest first."
      actions={
        <Button variant="ghost" size="sm" busy={outbox.isFetching} onClick={() => void outbox.refetch()}>
          {!outbox.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
          Refresh Outbox
        </Button>
      }
    >
      <div className="space-y-3">
        {outbox.isPending && !failure.failed && <Spinner label="Loading the outbox..." />}
        <LoadFailure
          failure={failure}
          message={reason}
          refreshNote={`Could not refresh the outbox, so it shows the e-mails as last loaded: ${reason}`}
        />
        {outbox.data?.length === 0 && <p className="text-sm text-neutral-600">No e-mails yet.</p>}
        {outbox.data && outbox.data.length > 0 && (
          <OutboxMessages messages={outbox.data} withClient={false} />
        )}
      </div>
    </Card>
  );
}
