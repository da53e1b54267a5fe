import { OUTBOX_STATUSES, type OutboxStatus, outboxStatusSchema } from '@app/domain/admin-email';
import { formatCount } from '@app/domain/jobs-format';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { Label, Select } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { GENERIC_ERROR } from '../admin-messages.ts';
import { adminQueryKeys } from '../query-keys.ts';
import { useStaffGuard } from '../staff-access.tsx';
import { OutboxMessages } from './OutboxMessages.tsx';
import { type OutboxPage, outboxApi } from './outbox-api.ts';
import { refreshWhileGoing, stillGoing } from './outbox-refresh.ts';

const STATUS_FILTER_LABELS: Record<OutboxStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * /admin/outbox: every e-mail of the whole team, newest first, with whom it is for, where it stands
 * and why it waits; staff retry a queued or failed one now, or cancel a queued one. The list looks
 * again by itself while anything is queued or sending. The status shown is kept in the address
 * (`?status=failed`), so a reload or Back from a client's page keeps it.
 */
export function TeamOutbox() {
  const guard = useStaffGuard();
  const api = useMemo(() => outboxApi(guard), [guard]);
  const [params, setParams] = useSearchParams();
  const status = outboxStatusSchema.safeParse(params.get('status')).data ?? null;
  const filterId = useId();

  const outbox = useInfiniteQuery({
    queryKey: adminQueryKeys.teamOutbox(status),
    queryFn: ({ pageParam }) => api.list(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: refreshWhileGoing((data: InfiniteData<OutboxPage>) =>
      data.pages.some((page) => page.data.some(stillGoing)),
    ),
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
          <Select
            id={filterId}
            value={status ?? 'all'}
            // In place of the page's entry: Back leaves the outbox rather than undoing a filter.
            onChange={(event) =>
              setParams(event.target.value === 'all' ? {} : { status: event.target.value }, {
                replace: true,
              })
            }
          >
            <option value="all">All</option>
            {OUTBOX_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_FILTER_LABELS[value]}
              </option>
            ))}
          </Select>
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
      {messages && messages.length > 0 && <OutboxMessages messages={messages} withClient />}

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
    </Card>
  );
}
