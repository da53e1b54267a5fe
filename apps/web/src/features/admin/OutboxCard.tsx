import type { OutboxMessage } from '@app/domain/admin-email';
import { useQuery } from '@tanstack/react-query';
import { Mail, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { dataOrThrow } from '../../lib/api.ts';
import { listOutbox } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { formatMoment } from './admin-record-view.ts';
import { EmailReaderDialog } from './EmailFrame.tsx';
import { OUTBOX_KIND_LABELS, OUTBOX_STATUS_VIEW } from './outbox-view.ts';
import { adminQueryKeys } from './query-keys.ts';
import { useStaffGuard } from './staff-access.tsx';

/** Every e-mail to or about the client: delivered, or waiting in the outbox and why. */
export function OutboxCard({ clientId }: { clientId: string }) {
  const guard = useStaffGuard();
  const [reading, setReading] = useState<OutboxMessage | null>(null);
  const outbox = useQuery({
    queryKey: adminQueryKeys.outbox(clientId),
    queryFn: async () => {
      return dataOrThrow(guard(await listOutbox(clientId)), GENERIC_ERROR);
    },
  });

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
      {outbox.isPending && <Spinner label="Loading the outbox..." />}
      {outbox.isError && (
        <p role="alert" className="text-sm text-red-700">
          {outbox.error.message}
        </p>
      )}
      {outbox.data?.length === 0 && <p className="text-sm text-neutral-600">No e-mails yet.</p>}
      {outbox.data && outbox.data.length > 0 && (
        <ul className="divide-y divide-neutral-200" aria-label="Outbox messages">
          {outbox.data.map((message) => (
            <OutboxRow key={message.id} message={message} onRead={() => setReading(message)} />
          ))}
        </ul>
      )}
      <EmailReaderDialog message={reading} onClose={() => setReading(null)} />
    </Card>
  );
}

function OutboxRow({ message, onRead }: { message: OutboxMessage; onRead(): void }) {
  const status = OUTBOX_STATUS_VIEW[message.status];
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words text-neutral-900">{message.subject}</p>
        <p className="text-sm text-neutral-600">
          {OUTBOX_KIND_LABELS[message.kind] ?? message.kind} to {message.recipient} ·{' '}
          {formatMoment(message.created_at)}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
          <span className={`rounded-full px-2.5 py-0.5 font-medium ${status.classes}`}>{status.label}</span>
          <span>
            {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
          {message.attachments.length > 0 && (
            <span>Attachments: {message.attachments.map((file) => file.filename).join(', ')}</span>
          )}
        </p>
        {message.last_error && message.status !== 'sent' && (
          <p className="text-sm break-words text-neutral-700">Last error: {message.last_error}</p>
        )}
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRead}
        aria-label={`Read ${message.subject}`}
        className="shrink-0"
      >
        <Mail className="size-4" aria-hidden="true" />
        Read
      </Button>
    </li>
  );
}
