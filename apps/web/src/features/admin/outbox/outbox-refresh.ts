import type { OutboxMessage } from '@app/domain/admin-email';

/** While an e-mail shown is queued or being sent, what shows it looks again this often. */
const OUTBOX_REFRESH_MS = 5_000;

/** Whether the message may still change by itself: the sender has yet to take it, or is sending it. */
export const stillGoing = (message: Pick<OutboxMessage, 'status'>) =>
  message.status === 'queued' || message.status === 'sending';

/**
 * The clients board's pace for the same rule: its read is the heavy one (a sorted page with every
 * client's figures), and without SMTP a message can stay queued for as long as it is not sent.
 */
export const BOARD_REFRESH_MS = 30_000;

/**
 * The outbox's rule for every list of e-mails (decision 033), as a TanStack Query `refetchInterval`:
 * read again every `everyMs` (5 seconds) while `going` says an e-mail shown may still change, not at
 * all otherwise.
 */
export function refreshWhileGoing<Data>(going: (data: Data) => boolean, everyMs = OUTBOX_REFRESH_MS) {
  return (query: { state: { data: Data | undefined } }): number | false =>
    query.state.data !== undefined && going(query.state.data) ? everyMs : false;
}
