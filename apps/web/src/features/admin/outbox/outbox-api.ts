import type { OutboxMessage, OutboxMessageContent, OutboxStatus } from '@app/domain/admin-email';
import { type ApiResult, apiFetch, apiFetchData, dataOrThrow } from '../../../lib/api.ts';
import { GENERIC_ERROR } from '../admin-messages.ts';

/** The staff outbox calls (docs/api.md, Staff outbox); a failure throws with the server's message. */
type Guard = <T>(result: ApiResult<T>) => ApiResult<T>;

export interface OutboxPage {
  data: OutboxMessage[];
  next_cursor: string | null;
}

export function outboxApi(guard: Guard) {
  const call = async <T>(answer: Promise<ApiResult<T>>): Promise<T> =>
    dataOrThrow(guard(await answer), GENERIC_ERROR);
  const act = async (id: string, action: 'retry' | 'cancel') =>
    call(
      apiFetchData<OutboxMessage>(`/admin/outbox/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
      }),
    );

  return {
    /** A page of every client's messages, newest first (or those in one status), after `cursor`. */
    async list(status: OutboxStatus | null, cursor: string | null): Promise<OutboxPage> {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (cursor) query.set('cursor', cursor);
      const search = query.size > 0 ? `?${query}` : '';
      return call(apiFetch<OutboxPage>(`/admin/outbox${search}`));
    },
    /** One message with its body, to read; the server logs the read in its client's activity. */
    read: (id: string) => call(apiFetchData<OutboxMessageContent>(`/admin/outbox/${encodeURIComponent(id)}`)),
    retry: (id: string) => act(id, 'retry'),
    cancel: (id: string) => act(id, 'cancel'),
  };
}
