import type { Kysely } from 'kysely';
import { afterKeysetPosition, type KeysetPosition } from '../../db/keyset-cursor.ts';
import type { ActivityLogTable, Database } from '../../db/schema.ts';

export type ActivityRow = ActivityLogTable;
/** A row as listed: with the client's sign-in e-mail now (null once the client is gone). */
export type ListedActivityRow = ActivityRow & { client_email: string | null };

export interface ActivityFilter {
  clientId?: string;
  actorUserId?: string;
}

/**
 * The activity log's table. Append-only here: there is an insert and there are reads, and nothing
 * else. Only a claim moves lines, from a pending client's id to the user's (clients/repo.ts).
 */
export function createActivityRepo(db: Kysely<Database>) {
  function filtered(filter: ActivityFilter) {
    let query = db
      .selectFrom('activity_log')
      .selectAll('activity_log')
      .select((eb) =>
        eb.fn
          .coalesce(
            eb.selectFrom('users').select('users.email').whereRef('users.id', '=', 'activity_log.client_id'),
            eb
              .selectFrom('pending_clients')
              .select('pending_clients.email')
              .whereRef('pending_clients.id', '=', 'activity_log.client_id'),
          )
          .as('client_email'),
      );
    if (filter.clientId !== undefined) {
      const clientId = filter.clientId;
      // One timeline for one person (decision 017): a user's includes lines still under a pending
      // client's id they claimed, and a claimed pending id stands for the user who claimed it.
      query = query.where((eb) =>
        eb.or([
          eb('client_id', '=', clientId),
          eb(
            'client_id',
            'in',
            eb.selectFrom('pending_clients').select('id').where('claimed_by_user_id', '=', clientId),
          ),
          eb(
            'client_id',
            'in',
            eb
              .selectFrom('pending_clients')
              .select('claimed_by_user_id')
              .where('id', '=', clientId)
              .where('claimed_by_user_id', 'is not', null),
          ),
        ]),
      );
    }
    if (filter.actorUserId !== undefined) query = query.where('actor_user_id', '=', filter.actorUserId);
    return query;
  }

  return {
    async insert(row: ActivityRow): Promise<void> {
      await db.insertInto('activity_log').values(row).execute();
    },

    /** Newest first, `limit` entries after the cursor. */
    page(
      filter: ActivityFilter,
      cursor: KeysetPosition | undefined,
      limit: number,
    ): Promise<ListedActivityRow[]> {
      let query = filtered(filter);
      if (cursor) query = query.where(afterKeysetPosition({ at: 'at', id: 'id' }, cursor));
      return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Whether the actor has an entry of this action for the client at or after `since`. */
    async hasSince(clientId: string, actorUserId: string, action: string, since: string): Promise<boolean> {
      const row = await db
        .selectFrom('activity_log')
        .select('id')
        .where('client_id', '=', clientId)
        .where('actor_user_id', '=', actorUserId)
        .where('action', '=', action)
        .where('at', '>=', since)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Every staff member who has an entry, by e-mail (the latest e-mail they acted with). */
    async staffActors(): Promise<{ id: string; email: string }[]> {
      const rows = await db
        .selectFrom('activity_log')
        .select((eb) => ['actor_user_id', eb.fn.max('actor_email').as('email')])
        .where('actor_kind', '=', 'staff')
        .where('actor_user_id', 'is not', null)
        .groupBy('actor_user_id')
        .orderBy('email')
        .execute();
      return rows.map((row) => ({ id: row.actor_user_id as string, email: row.email }));
    },
  };
}
