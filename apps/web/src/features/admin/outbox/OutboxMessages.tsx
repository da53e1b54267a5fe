import { canCancel, canRetry, type OutboxMessage } from '@app/domain/admin-email';
import { type InfiniteData, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { Ban, Mail, Send } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, focusRing } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { focusIfLost } from '../../../lib/focus.ts';
import { GENERIC_ERROR } from '../admin-messages.ts';
import { formatMoment } from '../admin-record-view.ts';
import { OUTBOX_KIND_LABELS, OUTBOX_STATUS_VIEW } from '../outbox-view.ts';
import { adminQueryKeys } from '../query-keys.ts';
import { useStaffGuard } from '../staff-access.tsx';
import { OutboxMessageDialog } from './OutboxMessageDialog.tsx';
import { type OutboxPage, outboxApi } from './outbox-api.ts';

/** Every retry under way is a mutation under this key; the rows ask the mutation cache which. */
const RETRY_MUTATION_KEY = ['admin', 'outbox-retry'] as const;

/**
 * A list of outbox messages with what staff can do to each: read it, retry a queued or failed one
 * now, or cancel a queued one after a confirmation. Used by the team's outbox (`withClient`, each
 * message naming its client) and by a client's own Outbox card.
 */
export function OutboxMessages({ messages, withClient }: { messages: OutboxMessage[]; withClient: boolean }) {
  const guard = useStaffGuard();
  const api = useMemo(() => outboxApi(guard), [guard]);
  const queryClient = useQueryClient();
  const [reading, setReading] = useState<OutboxMessage | null>(null);
  const [cancelling, setCancelling] = useState<OutboxMessage | null>(null);
  const list = useRef<HTMLUListElement>(null);

  /**
   * Reads again what shows where e-mails stand: the outboxes, the clients board (each welcome
   * e-mail), the client pages (the newest e-mail of each kind) and the activity log.
   */
  const readAgain = () => {
    for (const queryKey of [
      adminQueryKeys.allTeamOutbox,
      adminQueryKeys.allOutboxes,
      adminQueryKeys.allBoards,
      adminQueryKeys.allClients,
      adminQueryKeys.allActivity,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  /** The message as it now stands, in every list it is in (the team's and its client's). */
  const settle = (message: OutboxMessage) => {
    const replace = (items: OutboxMessage[]) =>
      items.map((item) => (item.id === message.id ? message : item));
    queryClient.setQueriesData<InfiniteData<OutboxPage>>(
      { queryKey: adminQueryKeys.allTeamOutbox },
      (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: replace(page.data) })) } : data,
    );
    queryClient.setQueriesData<OutboxMessage[]>({ queryKey: adminQueryKeys.allOutboxes }, (items) =>
      items ? replace(items) : items,
    );
    readAgain();
  };
  /** Focus stays on the message when the button used goes away with its new status. */
  const keepFocus = (id: string) =>
    setTimeout(() => focusIfLost(list.current?.querySelector<HTMLElement>(`[data-message="${id}"]`)), 0);

  // Each message's retry is its own: several can be under way at once, and each row is busy only
  // while its own message is being retried.
  const retry = useMutation({
    mutationKey: RETRY_MUTATION_KEY,
    mutationFn: (message: OutboxMessage) => api.retry(message.id),
    onSuccess: (message) => {
      settle(message);
      const words = OUTBOX_STATUS_VIEW[message.status].label;
      if (message.status === 'sent') toast.success(`Sent: ${message.subject}`);
      else
        toast.warning(`${message.subject}: ${words}${message.last_error ? ` (${message.last_error})` : ''}`);
      keepFocus(message.id);
    },
    onError: (error) => {
      toast.error(failureMessage(error, GENERIC_ERROR));
      // Refused (409) most often because the message moved on meanwhile: show where it stands.
      readAgain();
    },
  });
  const retrying = useMutationState({
    filters: { mutationKey: RETRY_MUTATION_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as OutboxMessage).id,
  });

  const cancel = useMutation({
    mutationFn: (message: OutboxMessage) => api.cancel(message.id),
    onSuccess: (message) => {
      settle(message);
      setCancelling(null);
      toast.success(`Cancelled: ${message.subject}`);
      keepFocus(message.id);
    },
    onError: (error) => {
      setCancelling(null);
      toast.error(failureMessage(error, GENERIC_ERROR));
      readAgain();
    },
  });

  return (
    <>
      <ul ref={list} className="divide-y divide-neutral-200" aria-label="Outbox messages">
        {messages.map((message) => (
          <OutboxMessageRow
            key={message.id}
            message={message}
            withClient={withClient}
            onRead={() => setReading(message)}
            onRetry={() => retry.mutate(message)}
            retrying={retrying.includes(message.id)}
            onCancel={() => setCancelling(message)}
          />
        ))}
      </ul>
      <OutboxMessageDialog message={reading} onClose={() => setReading(null)} />
      <Dialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && !cancel.isPending && setCancelling(null)}
        title="Cancel this e-mail?"
        description={
          cancelling ? `${cancelling.subject} to ${cancelling.recipient} will never be sent.` : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setCancelling(null)}>
              Keep It
            </Button>
            <Button
              variant="danger"
              aria-busy={cancel.isPending || undefined}
              onClick={() => cancelling && !cancel.isPending && cancel.mutate(cancelling)}
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel E-mail'}
            </Button>
          </>
        }
      />
    </>
  );
}

function OutboxMessageRow({
  message,
  withClient,
  onRead,
  onRetry,
  retrying,
  onCancel,
}: {
  message: OutboxMessage;
  withClient: boolean;
  onRead(): void;
  onRetry(): void;
  retrying: boolean;
  onCancel(): void;
}) {
  const status = OUTBOX_STATUS_VIEW[message.status];
  const retryable = canRetry(message.status);
  const kind = `${OUTBOX_KIND_LABELS[message.kind] ?? message.kind} to ${message.recipient}`;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0 space-y-1">
        {/* Focus lands here when the button used goes away with the message's new status. */}
        <p
          data-message={message.id}
          tabIndex={-1}
          className={`font-medium break-words text-neutral-900 ${focusRing}`}
        >
          {message.subject}
        </p>
        <p className="text-sm break-words text-neutral-700">
          {withClient ? <ClientOf message={message} /> : null}
          {kind}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-700">
          <span className={`rounded-full px-2.5 py-0.5 font-medium ${status.classes}`}>{status.label}</span>
          <span>
            {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
          <span>Queued {formatMoment(message.created_at)}</span>
          {message.sent_at && <span>Sent {formatMoment(message.sent_at)}</span>}
          {message.next_attempt_at && <span>Next try {formatMoment(message.next_attempt_at)}</span>}
          {message.attachments.length > 0 && (
            // A long file name is one unbroken word: it wraps anywhere rather than pushing the row sideways.
            <span className="min-w-0 [overflow-wrap:anywhere]">
              Attachments: {message.attachments.map((file) => file.filename).join(', ')}
            </span>
          )}
        </p>
        {message.last_error && retryable && (
          <p className="text-sm break-words text-neutral-700">Last error: {message.last_error}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onRead} aria-label={`Read ${message.subject}`}>
          <Mail className="size-4" aria-hidden="true" />
          Read
        </Button>
        {retryable && (
          <Button size="sm" busy={retrying} onClick={onRetry} aria-label={`Retry now: ${message.subject}`}>
            {!retrying && <Send className="size-4" aria-hidden="true" />}
            {retrying ? 'Retrying...' : 'Retry Now'}
          </Button>
        )}
        {canCancel(message.status) && (
          <Button variant="danger" size="sm" onClick={onCancel} aria-label={`Cancel ${message.subject}`}>
            <Ban className="size-4" aria-hidden="true" />
            Cancel
          </Button>
        )}
      </div>
    </li>
  );
}

/** Whose message it is, linked to their page, ahead of the kind and recipient. */
function ClientOf({ message }: { message: OutboxMessage }) {
  const client = message.client_name ?? message.client_email ?? 'No client';
  return (
    <>
      {message.client_id ? (
        <Link
          to={`/admin/clients/${encodeURIComponent(message.client_id)}`}
          className={`rounded-sm font-medium text-brand underline-offset-2 hover:underline ${focusRing}`}
        >
          {client}
        </Link>
      ) : (
        client
      )}
      {message.client_name && message.client_email ? ` (${message.client_email})` : ''} ·{' '}
    </>
  );
}
