import type { OutboxMessage } from '@app/domain/admin-email';

/** While an e-mail shown is queued or being sent, what shows it looks again this often. */
export const OUTBOX_REFRESH_MS = 5_000;

/** Whether the message may still change by itself: the sender has yet to take it, or is sending it. */
export const stillGoing = (message: Pick<OutboxMessage, 'status'>) =>
  message.status === 'queued' || message.status === 'sending';

/**
 * The outbox's rule for every list of e-mails (decision 033), as a TanStack Query `refetchInterval`:
 * read again every 5 seconds while `going` says an e-mail shown may still change, not at all
 * otherwise.
 */
export function refreshWhileGoing<Data>(going: (data: Data) => boolean) {
  return (query: { state: { data: Data | undefined } }): number | false =>
    query.state.data !== undefined && going(query.state.data) ? OUTBOX_REFRESH_MS : false;
}
