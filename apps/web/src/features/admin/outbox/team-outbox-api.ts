import type { OutboxMessage, OutboxStatus } from '@app/domain/admin-email';
import { type ApiResult, apiFetch, dataOrThrow } from '../../../lib/api.ts';
import { GENERIC_ERROR } from '../admin-messages.ts';

/** The team's outbox calls (docs/api.md, Staff outbox); a failure throws with the server's message. */
type Guard = <T>(result: ApiResult<T>) => ApiResult<T>;

export function teamOutboxApi(guard: Guard) {
  const call = async <T>(answer: Promise<ApiResult<T>>): Promise<T> =>
    dataOrThrow(guard(await answer), GENERIC_ERROR);
  const act = async (id: string, action: 'retry' | 'cancel') =>
    (
      await call(
        apiFetch<{ data: OutboxMessage }>(`/admin/outbox/${encodeURIComponent(id)}/${action}`, {
          method: 'POST',
        }),
      )
    ).data;

  return {
    /** The newest messages of every client, or those in one status. */
    async list(status: OutboxStatus | null): Promise<OutboxMessage[]> {
      const query = status ? `?status=${status}` : '';
      return (await call(apiFetch<{ data: OutboxMessage[] }>(`/admin/outbox${query}`))).data;
    },
    retry: (id: string) => act(id, 'retry'),
    cancel: (id: string) => act(id, 'cancel'),
  };
}
