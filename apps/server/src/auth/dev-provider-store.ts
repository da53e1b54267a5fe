import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/**
 * Storage for the development provider's short-lived records (interactions, codes, grants,
 * sessions). Keeping them in memory is the point: the development provider serves one process and
 * nothing of it has to survive a restart.
 */
export function createMemoryStore(): AdapterFactory {
  const records = new Map<string, { payload: AdapterPayload; expiresAt: number }>();

  function live(key: string): AdapterPayload | undefined {
    const record = records.get(key);
    if (record && record.expiresAt <= Date.now()) {
      records.delete(key);
      return undefined;
    }
    return record?.payload;
  }

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    const findWhere = (matches: (payload: AdapterPayload) => boolean) => {
      for (const key of records.keys()) {
        const payload = key.startsWith(`${model}:`) ? live(key) : undefined;
        if (payload && matches(payload)) return payload;
      }
      return undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
        records.set(keyOf(id), { payload, expiresAt });
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        return findWhere((payload) => payload.uid === uid);
      },
      async findByUserCode(userCode) {
        return findWhere((payload) => payload.userCode === userCode);
      },
      async consume(id) {
        const payload = live(keyOf(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        records.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const [key, record] of records) {
          if (record.payload.grantId === grantId) records.delete(key);
        }
      },
    };
  };
}
