import { OUTBOX_STATUSES, type OutboxMessage, type OutboxStatus } from '@app/domain/admin-email';
import { formatCount } from '@app/domain/jobs-format';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Mail, RefreshCw, Send } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, focusRing } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Label } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { GENERIC_ERROR } from '../admin-messages.ts';
import { formatMoment } from '../admin-record-view.ts';
import { EmailReaderDialog } from '../EmailFrame.tsx';
import { OUTBOX_KIND_LABELS, OUTBOX_STATUS_VIEW } from '../outbox-view.ts';
import { adminQueryKeys } from '../query-keys.ts';
import { useStaffGuard } from '../staff-access.tsx';
import { type OutboxPage, teamOutboxApi } from './team-outbox-api.ts';

/** While anything waits or is being sent, the page looks again this often. */
export const OUTBOX_REFRESH_MS = 5_000;

const STATUS_FILTER_LABELS: Record<OutboxStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const selectClasses = `block h-10 rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 ${focusRing}`;

const waiting = (message: OutboxMessage) => message.status === 'queued' || message.status === 'sending';

/**
 * /admin/outbox: every e-mail of the whole team, newest first, with whom it is for, where it stands
 * and why it waits; staff retry a queued or failed one now, or cancel a queued one. The list looks
 * again by itself while anything is queued or sending.
 */
export function TeamOutbox() {
  const guard = useStaffGuard();
  const api = useMemo(() => teamOutboxApi(guard), [guard]);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const [reading, setReading] = useState<OutboxMessage | null>(null);
  const [cancelling, setCancelling] = useState<OutboxMessage | null>(null);
  const filterId = useId();
  const list = useRef<HTMLUListElement>(null);

  const outbox = useInfiniteQuery({
    queryKey: adminQueryKeys.teamOutbox(status),
    queryFn: ({ pageParam }) => api.list(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.data.some(waiting)) ? OUTBOX_REFRESH_MS : false,
  });

  /** The message as it now stands, in every list it is in; the next look refreshes the rest. */
  const settle = (message: OutboxMessage) => {
    queryClient.setQueriesData<InfiniteData<OutboxPage>>({ queryKey: ['admin', 'team-outbox'] }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              data: page.data.map((item) => (item.id === message.id ? message : item)),
            })),
          }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allTeamOutbox });
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allOutboxes });
  };
  /** Focus stays on the message when the button used goes away with its new status. */
  const keepFocus = (id: string) =>
    setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      list.current?.querySelector<HTMLElement>(`[data-message="${id}"]`)?.focus();
    }, 0);

  const retry = useMutation({
    mutationFn: (message: OutboxMessage) => api.retry(message.id),
    onSuccess: (message) => {
      settle(message);
      const words = OUTBOX_STATUS_VIEW[message.status].label;
      if (message.status === 'sent') toast.success(`Sent: ${message.subject}`);
      else
        toast.warning(`${message.subject}: ${words}${message.last_error ? ` (${message.last_error})` : ''}`);
      keepFocus(message.id);
    },
    onError: (error) => toast.error(failureMessage(error, GENERIC_ERROR)),
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
    },
  });

  const messages = outbox.data?.pages.flatMap((page) => page.data);
  return (
    <Card
      title="All e-mails"
      description="Every e-mail of every client, newest first. The list refreshes by itself while anything is queued or sending."
      actions={
        <Button
          variant="ghost"
          size="sm"
          aria-busy={outbox.isFetching || undefined}
          onClick={() => void outbox.refetch()}
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          Refresh
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1.5">
          <Label htmlFor={filterId}>Status</Label>
          <select
            id={filterId}
            className={selectClasses}
            value={status ?? 'all'}
            onChange={(event) =>
              setStatus(event.target.value === 'all' ? null : (event.target.value as OutboxStatus))
            }
          >
            <option value="all">All</option>
            {OUTBOX_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <p role="status" className="text-sm text-neutral-700">
          {messages
            ? `${formatCount(messages.length)} ${messages.length === 1 ? 'e-mail' : 'e-mails'}${outbox.hasNextPage ? ' shown' : ''}`
            : ''}
        </p>
      </div>

      {outbox.isPending && <Spinner label="Loading the outbox..." />}
      {outbox.isError && !messages && (
        <p role="alert" className="text-sm text-red-700">
          {failureMessage(outbox.error, GENERIC_ERROR)}
        </p>
      )}
      {messages?.length === 0 && (
        <p className="text-sm text-neutral-600">
          {status ? 'No e-mails with this status.' : 'No e-mails yet.'}
        </p>
      )}
      {messages && messages.length > 0 && (
        <ul ref={list} className="divide-y divide-neutral-200" aria-label="Outbox messages">
          {messages.map((message) => (
            <TeamOutboxRow
              key={message.id}
              message={message}
              onRead={() => setReading(message)}
              onRetry={() => {
                if (!retry.isPending) retry.mutate(message);
              }}
              retrying={retry.isPending && retry.variables?.id === message.id}
              onCancel={() => setCancelling(message)}
            />
          ))}
        </ul>
      )}

      {outbox.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            aria-busy={outbox.isFetchingNextPage || undefined}
            onClick={() => {
              if (!outbox.isFetchingNextPage) void outbox.fetchNextPage();
            }}
          >
            {outbox.isFetchingNextPage ? 'Loading...' : 'Show Older E-mails'}
          </Button>
        </div>
      )}

      <EmailReaderDialog message={reading} onClose={() => setReading(null)} />
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
    </Card>
  );
}

function TeamOutboxRow({
  message,
  onRead,
  onRetry,
  retrying,
  onCancel,
}: {
  message: OutboxMessage;
  onRead(): void;
  onRetry(): void;
  retrying: boolean;
  onCancel(): void;
}) {
  const status = OUTBOX_STATUS_VIEW[message.status];
  const client = message.client_name ?? message.client_email ?? 'No client';
  const canRetry = message.status === 'queued' || message.status === 'failed';
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
          {OUTBOX_KIND_LABELS[message.kind] ?? message.kind} to {message.recipient}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-700">
          <span className={`rounded-full px-2.5 py-0.5 font-medium ${status.classes}`}>{status.label}</span>
          <span>
            {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
          <span>Queued {formatMoment(message.created_at)}</span>
          {message.sent_at && <span>Sent {formatMoment(message.sent_at)}</span>}
          {message.next_attempt_at && <span>Next try {formatMoment(message.next_attempt_at)}</span>}
        </p>
        {message.last_error && (message.status === 'queued' || message.status === 'failed') && (
          <p className="text-sm break-words text-neutral-700">Last error: {message.last_error}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onRead} aria-label={`Read ${message.subject}`}>
          <Mail className="size-4" aria-hidden="true" />
          Read
        </Button>
        {canRetry && (
          <Button
            size="sm"
            aria-busy={retrying || undefined}
            onClick={onRetry}
            aria-label={`Retry now: ${message.subject}`}
          >
            <Send className="size-4" aria-hidden="true" />
            {retrying ? 'Retrying...' : 'Retry Now'}
          </Button>
        )}
        {message.status === 'queued' && (
          <Button variant="danger" size="sm" onClick={onCancel} aria-label={`Cancel ${message.subject}`}>
            <Ban className="size-4" aria-hidden="true" />
            Cancel
          </Button>
        )}
      </div>
    </li>
  );
}
