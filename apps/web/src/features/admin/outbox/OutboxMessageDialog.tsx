import type { OutboxMessage } from '@app/domain/admin-email';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { LoadFailure } from '../../../components/ui/LoadFailure.tsx';
import { LoadingLine } from '../../../components/ui/Spinner.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { useLoadFailure } from '../../../lib/use-load-failure.ts';
import { GENERIC_ERROR } from '../admin-messages.ts';
import { EmailFrame } from '../EmailFrame.tsx';
import { adminQueryKeys } from '../query-keys.ts';
import { useStaffGuard } from '../staff-access.tsx';
import { outboxApi } from './outbox-api.ts';

/**
 * One e-mail of the outbox, opened to read: its subject and recipient as listed, and its body,
 * asked for as the dialog opens (the lists carry no bodies; the server logs each read in the
 * client's activity).
 */
export function OutboxMessageDialog({
  message,
  onClose,
}: {
  message: OutboxMessage | null;
  onClose(): void;
}) {
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title={message?.subject ?? ''}
      description={message ? `To ${message.recipient}` : undefined}
      size="lg"
    >
      {message && <MessageBody message={message} />}
    </Dialog>
  );
}

function MessageBody({ message }: { message: OutboxMessage }) {
  const guard = useStaffGuard();
  const api = useMemo(() => outboxApi(guard), [guard]);
  const body = useQuery({
    queryKey: adminQueryKeys.outboxMessage(message.id),
    queryFn: () => api.read(message.id),
    // A stored message's body never changes: asking again would only log another read. A failed read
    // is tried again only from Try Again, as the person chooses.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const failure = useLoadFailure(body);
  const reason = failureMessage(failure.error, GENERIC_ERROR);
  return (
    <div className="space-y-3">
      {body.isPending && !failure.failed && <LoadingLine>Loading the e-mail...</LoadingLine>}
      <LoadFailure
        failure={failure}
        message={reason}
        refreshNote={`Could not refresh the e-mail, so it shows it as last loaded: ${reason}`}
      />
      {body.data && <EmailFrame html={body.data.html} title={`E-mail: ${message.subject}`} />}
    </div>
  );
}
