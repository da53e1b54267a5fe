/**
 * The activity log: who did what, when, to which client's data. Append-only. See decision 030.
 *
 * Contract, for every module that records into it (through the service built in modules.ts):
 *
 * - An entry's input is `{ actor, clientId, action, detail }`:
 *   - `actor`: `staffActor(currentUser(request))` for staff, `clientActor(currentUser(request))` for a
 *     client acting on their own data, `SYSTEM_ACTOR` for a program (the import CLI).
 *   - `clientId`: the user id or pending-client id the action concerns; never an e-mail.
 *   - `action`: a key of `ACTIVITY_ACTIONS` in `@app/domain/activity` (add new kinds there, with
 *     their label, so the console and the CSV name them).
 *   - `detail`: a small JSON object of ids (`job_id`, `filter_id`, `outbox_id`), counts and names,
 *     plus an optional `summary`, a short phrase the console shows after the label ("Welcome
 *     e-mail, queued"). Never document contents, tokens or whole records; at most 8 KB as JSON.
 * - `recordIn(trx, input)` appends one entry in the transaction of the change it describes: the
 *   change and its line are stored together or not at all. Writes take an `AlsoInTransaction` for
 *   this (`(trx, result) => activity.recordIn(trx, ...)`).
 * - `record(input)` appends one entry on its own: for what changes nothing (a client page read, a
 *   download) and for e-mail, whose outbox row is its own record. Await it after the action: when
 *   the log cannot be written the request fails. Except for e-mail: once a message's outcome is
 *   known (sent, queued, failed, cancelled) its line goes through the mailer's `recordOutcome`,
 *   which never fails the request and writes a refused line again in the background.
 * - `recordStaffDocumentAccess(user, ownerId, action, detail)`: `record` for staff opening a client's
 *   document (a download, a shared link); nothing when the user is not staff or owns the document.
 * - `recordOnce(input, windowMs)`: as `record`, unless the same actor recorded the same action for
 *   the same client within the window (a page read again after each change is one visit).
 * - `list(filter, cursor, limit)`: newest first, `next_cursor` for the next page. A user's timeline
 *   includes what was recorded while they were a pending client.
 * - `exportCsv(filter)`: the same entries as CSV text chunks (csv-stringify), newest first.
 * - `staffActors()`: who can be filtered by.
 * Nothing updates or deletes an entry.
 */
import {
  ACTIVITY_ACTIONS,
  type ActivityAction,
  type ActivityDetail,
  type ActivityEntry,
  type ActorKind,
  describeActivity,
} from '@app/domain/activity';
import { neutraliseFormula } from '@app/domain/csv-cells';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { CurrentUser } from '../../auth/guard.ts';
import { clientStillThere, nowIso } from '../../db/database.ts';
import { type KeysetPosition, readKeysetPage } from '../../db/keyset-cursor.ts';
import type { Database } from '../../db/schema.ts';
import { type ActivityFilter, type ActivityRow, createActivityRepo, type ListedActivityRow } from './repo.ts';

export interface Actor {
  kind: ActorKind;
  userId: string | null;
  email: string;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', userId: null, email: '' };
export const staffActor = (user: Pick<CurrentUser, 'id' | 'email'>): Actor => ({
  kind: 'staff',
  userId: user.id,
  email: user.email,
});
export const clientActor = (user: Pick<CurrentUser, 'id' | 'email'>): Actor => ({
  kind: 'client',
  userId: user.id,
  email: user.email,
});

export interface ActivityInput {
  actor: Actor;
  clientId: string;
  action: ActivityAction;
  detail?: ActivityDetail;
}

/**
 * A bound on what one line keeps, with room for the ids of the largest bulk change (1,000 job ids,
 * about 39,000 characters): a line the server cannot write fails the change it belongs to.
 */
const MAX_DETAIL_CHARS = 65_536;
const EXPORT_BATCH = 500;

function toEntry(row: ActivityRow | ListedActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: row.at,
    actor_kind: row.actor_kind,
    actor_id: row.actor_user_id,
    actor_email: row.actor_email,
    client_id: row.client_id,
    client_email: 'client_email' in row ? row.client_email : null,
    action: row.action as ActivityAction,
    detail: JSON.parse(row.detail) as ActivityDetail,
  };
}

export function createActivityService(db: Kysely<Database>, clock: () => string = nowIso) {
  const repo = createActivityRepo(db);

  async function recordIn(trx: Kysely<Database>, input: ActivityInput): Promise<ActivityEntry> {
    if (!(input.action in ACTIVITY_ACTIONS)) throw new Error(`Unknown activity action ${input.action}`);
    const detail = JSON.stringify(input.detail ?? {});
    if (detail.length > MAX_DETAIL_CHARS) throw new Error(`Activity detail of ${input.action} is too long`);
    const row: ActivityRow = {
      // Time-ordered, and increasing within a millisecond: the log's tiebreak after `at`, so lines
      // written in the same millisecond still read in the order they happened.
      id: uuidv7(),
      at: clock(),
      actor_kind: input.actor.kind,
      actor_user_id: input.actor.userId,
      actor_email: input.actor.email,
      client_id: input.clientId,
      action: input.action,
      detail,
    };
    await createActivityRepo(trx).insert(row);
    return toEntry(row);
  }

  /**
   * A line of its own (a client opened, filters generated, a document read: actions that change
   * nothing else), written only while the client is still there. It takes the client's row first, as
   * an erasure does: a line written just after an erasure that the action raced would outlive the
   * client it names. Undefined when the client is gone.
   */
  const record = (input: ActivityInput): Promise<ActivityEntry | undefined> =>
    db
      .transaction()
      .execute(async (trx) =>
        (await clientStillThere(trx, input.clientId)) ? recordIn(trx, input) : undefined,
      );

  return {
    recordIn,
    record,

    /**
     * Staff opening a client's document (downloading it, or making a link that does) is an action
     * on client data (decision 030): records it on its own, as `record` does. Nothing is recorded
     * when the reader is not staff or the document is their own.
     */
    async recordStaffDocumentAccess(
      user: Pick<CurrentUser, 'id' | 'email' | 'staff'>,
      ownerId: string,
      action: Extract<ActivityAction, 'document.downloaded' | 'document.shared'>,
      detail: ActivityDetail,
    ): Promise<void> {
      if (!user.staff || ownerId === user.id) return;
      await record({ actor: staffActor(user), clientId: ownerId, action, detail });
    },

    async recordOnce(input: ActivityInput, windowMs: number): Promise<void> {
      const since = new Date(Date.parse(clock()) - windowMs).toISOString();
      if (
        input.actor.userId &&
        (await repo.hasSince(input.clientId, input.actor.userId, input.action, since))
      ) {
        return;
      }
      await record(input);
    },

    async list(
      filter: ActivityFilter,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ data: ActivityEntry[]; next_cursor: string | null }> {
      return readKeysetPage({
        cursor,
        limit,
        read: (after, count) => repo.page(filter, after, count),
        positionOf: (row) => row,
        toItem: toEntry,
      });
    },

    staffActors(): Promise<{ id: string; email: string }[]> {
      return repo.staffActors();
    },

    /** The whole filtered log as CSV, read in batches so a long log never sits in memory at once. */
    exportCsv(filter: ActivityFilter): NodeJS.ReadableStream {
      const csv = stringify({
        header: true,
        cast: { string: neutraliseFormula },
        columns: [
          'at',
          'actor_kind',
          'actor_email',
          'actor_id',
          'client_id',
          'client_email',
          'action',
          'description',
          'detail',
        ],
      });
      (async () => {
        let cursor: KeysetPosition | undefined;
        for (;;) {
          const rows = await repo.page(filter, cursor, EXPORT_BATCH);
          for (const row of rows) {
            const entry = toEntry(row);
            const line = {
              ...entry,
              description: describeActivity(entry),
              detail: row.detail,
            };
            if (!csv.write(line)) await new Promise((resolve) => csv.once('drain', resolve));
          }
          const last = rows.at(-1);
          if (rows.length < EXPORT_BATCH || !last) break;
          cursor = last;
        }
        csv.end();
      })().catch((error: unknown) => csv.destroy(error as Error));
      return csv;
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
