import { CANCELLABLE_STATUSES, type OutboxStatus, RETRYABLE_STATUSES } from '@app/domain/admin-email';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import { afterKeysetPosition, type KeysetPosition } from '../../db/keyset-cursor.ts';
import type { Database, MailOutboxTable } from '../../db/schema.ts';

export type OutboxRow = MailOutboxTable;

/**
 * A message as listed, with the name of the client it is for or about (none for pending clients):
 * everything but its body, which is read only for one message opened to read.
 */
export type OutboxListRow = Omit<OutboxRow, 'html' | 'text'> & {
  client_first_name: string | null;
  client_last_name: string | null;
};

const LISTED_COLUMNS = [
  'mail_outbox.id',
  'mail_outbox.kind',
  'mail_outbox.client_id',
  'mail_outbox.client_email',
  'mail_outbox.recipient',
  'mail_outbox.subject',
  'mail_outbox.attachments',
  'mail_outbox.status',
  'mail_outbox.attempts',
  'mail_outbox.last_error',
  'mail_outbox.next_attempt_at',
  'mail_outbox.created_at',
  'mail_outbox.updated_at',
  'mail_outbox.sent_at',
] as const satisfies readonly `mail_outbox.${Exclude<keyof OutboxRow, 'html' | 'text'>}`[];
// Every column but the bodies is listed: a column added to the table fails the type check here
// until it is listed too, instead of dropping out of the lists unseen.
type Unlisted = Exclude<
  `mail_outbox.${Exclude<keyof OutboxRow, 'html' | 'text'>}`,
  (typeof LISTED_COLUMNS)[number]
>;
const everyColumnListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyColumnListed;

/** A document to attach, read from storage when the message is sent (not copied into the outbox). */
export interface AttachmentRef {
  key: string;
  filename: string;
  content_type: string;
}

export function readAttachments(row: Pick<OutboxRow, 'attachments'>): AttachmentRef[] {
  try {
    const parsed: unknown = JSON.parse(row.attachments);
    return Array.isArray(parsed) ? (parsed as AttachmentRef[]) : [];
  } catch {
    return [];
  }
}

/**
 * The outbox. Every state change is one conditional UPDATE, so two instances (or the loop and a
 * request) can never both claim, send or settle the same message.
 */
export function createOutboxRepo(db: Db) {
  const outbox = () => db.kysely.updateTable('mail_outbox');
  const withClientName = () =>
    db.kysely
      .selectFrom('mail_outbox')
      .leftJoin('users', 'users.id', 'mail_outbox.client_id')
      .select(LISTED_COLUMNS)
      .select(['users.first_name as client_first_name', 'users.last_name as client_last_name']);
  return {
    /** `within`: the caller's transaction, when there is one. */
    async insert(row: OutboxRow, within: Kysely<Database> = db.kysely): Promise<void> {
      await within.insertInto('mail_outbox').values(row).execute();
    },

    find(id: string): Promise<OutboxRow | undefined> {
      return db.kysely.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async dueIds(now: string, limit: number): Promise<string[]> {
      const rows = await db.kysely
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Takes a queued message for sending; false when someone else took it or it is no longer queued. */
    async claim(id: string, now: string): Promise<boolean> {
      const result = await outbox()
        .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), updated_at: now }))
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSent(id: string, now: string): Promise<void> {
      await outbox()
        .set({ status: 'sent', sent_at: now, updated_at: now, last_error: null, next_attempt_at: null })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
    },

    /** After a failed try: back to the queue for a later try, or given up for good. */
    async settleFailure(
      id: string,
      outcome: {
        status: Extract<OutboxStatus, 'queued' | 'failed'>;
        error: string;
        nextAttemptAt: string | null;
      },
      now: string,
    ): Promise<void> {
      await outbox()
        .set({
          status: outcome.status,
          last_error: outcome.error,
          next_attempt_at: outcome.nextAttemptAt,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
    },

    /** Messages an instance left in `sending` (it stopped mid-send) go back to the queue. */
    async requeueStuck(olderThan: string, now: string): Promise<number> {
      const result = await outbox()
        .set({ status: 'queued', next_attempt_at: now, updated_at: now })
        .where('status', '=', 'sending')
        .where('updated_at', '<', olderThan)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Newest first, with the client's name; a client's messages (to them or about them) when a client
     * id is given, those in one status when a status is.
     */
    list(
      filter: { clientId?: string; status?: OutboxStatus },
      before: KeysetPosition | undefined,
      limit: number,
    ): Promise<OutboxListRow[]> {
      let query = withClientName();
      if (filter.clientId) query = query.where('mail_outbox.client_id', '=', filter.clientId);
      if (filter.status) query = query.where('mail_outbox.status', '=', filter.status);
      if (before)
        query = query.where(
          afterKeysetPosition({ at: 'mail_outbox.created_at', id: 'mail_outbox.id' }, before),
        );
      return query
        .orderBy('mail_outbox.created_at', 'desc')
        .orderBy('mail_outbox.id', 'desc')
        .limit(limit)
        .execute();
    },

    findWithClientName(id: string): Promise<OutboxListRow | undefined> {
      return withClientName().where('mail_outbox.id', '=', id).executeTakeFirst();
    },

    /** One message as listed, with its HTML body: for staff opening it to read. */
    findWithBody(id: string): Promise<(OutboxListRow & { html: string }) | undefined> {
      return withClientName().select('mail_outbox.html').where('mail_outbox.id', '=', id).executeTakeFirst();
    },

    /** A queued or failed message is due now; false when it is in any other state (or missing). */
    async requeueNow(id: string, now: string): Promise<boolean> {
      const result = await outbox()
        .set({ status: 'queued', next_attempt_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', RETRYABLE_STATUSES)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Takes back every queued message of one kind to or about a client (none in `sending`, which is
     * on its way); answers how many. `within`: the caller's transaction, when there is one.
     */
    async cancelQueuedOf(
      filter: { clientId: string; kind: OutboxRow['kind'] },
      now: string,
      within: Kysely<Database> = db.kysely,
    ): Promise<number> {
      const result = await within
        .updateTable('mail_outbox')
        .set({ status: 'cancelled', next_attempt_at: null, updated_at: now })
        .where('client_id', '=', filter.clientId)
        .where('kind', '=', filter.kind)
        .where('status', 'in', CANCELLABLE_STATUSES)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** A queued message is never tried again; false when it is in any other state (or missing). */
    async cancel(id: string, now: string): Promise<boolean> {
      const result = await outbox()
        .set({ status: 'cancelled', next_attempt_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', CANCELLABLE_STATUSES)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
