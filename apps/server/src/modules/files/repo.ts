import { normalizeDocumentPath } from '@app/domain/profile-display';
import { type Kysely, sql } from 'kysely';
import { type Db, lockUserUntilCommit, onPostgres } from '../../db/database.ts';
import type { Database, DocumentsTable } from '../../db/schema.ts';

export type DocumentRow = DocumentsTable;

export function createDocumentsRepo(db: Db) {
  return {
    /**
     * Stores the row only while the user's documents, this one included, stay within `quotaBytes`;
     * false otherwise. The user's row is locked first on PostgreSQL, so two uploads of one user
     * cannot both fit into the same remaining space (SQLite runs one write transaction at a time).
     */
    async insertWithinQuota(document: DocumentRow, quotaBytes: number): Promise<boolean> {
      return db.kysely.transaction().execute(async (transaction) => {
        await lockUserUntilCommit(transaction, document.user_id);
        const { used } = await transaction
          .selectFrom('documents')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
          .where('user_id', '=', document.user_id)
          .executeTakeFirstOrThrow();
        if (Number(used) + document.size > quotaBytes) return false;
        await transaction.insertInto('documents').values(document).execute();
        return true;
      });
    },

    /** The user's documents stored before `before`, oldest first. */
    async pathsStoredBefore(userId: string, before: string): Promise<string[]> {
      const rows = await db.kysely
        .selectFrom('documents')
        .select('path')
        .where('user_id', '=', userId)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.path);
    },

    /**
     * Everyone with a document stored before `before` that their record does not name: whose uploads
     * may have been left behind. The record holds a path or a link ending in it, so a kept resume
     * keeps its owner off the list, and a sweep reads only the few who left something behind.
     */
    async ownersOfDocumentsStoredBefore(before: string): Promise<string[]> {
      const { kysely } = db;
      // This substring test only narrows who is read: removeForgotten (service.ts) compares exactly.
      // strpos on PostgreSQL, instr on SQLite: the position of the path in the stored value, 0 if absent.
      const position = onPostgres(kysely) ? sql.raw('strpos') : sql.raw('instr');
      const names = (column: 'resume' | 'cover_letter') =>
        sql<boolean>`${position}(coalesce(${sql.ref(`o.${column}`)}, ''), ${sql.ref('d.path')}) > 0`;
      const rows = await kysely
        .selectFrom('documents as d')
        .select('d.user_id')
        .distinct()
        .where('d.created_at', '<', before)
        .where(({ not, exists, selectFrom, or }) =>
          not(
            exists(
              selectFrom('onboarding_submissions as o')
                .select(sql.lit(1).as('one'))
                .whereRef('o.user_id', '=', 'd.user_id')
                .where(or([names('resume'), names('cover_letter')])),
            ),
          ),
        )
        .orderBy('d.user_id')
        .execute();
      return rows.map((row) => row.user_id);
    },

    /** What the user's onboarding record points at: its resume and cover letter, as stored. */
    recordDocumentValues(userId: string): Promise<string[]> {
      return recordDocumentValues(db.kysely, userId);
    },

    /**
     * Deletes the user's document at `path` unless their record names it or an e-mail waiting to be
     * sent attaches it, and queues its file for deletion with it; answers whether it did. Runs in a
     * transaction that takes the user's row first, as a save naming a document does (the onboarding
     * service): a save under way lands first and keeps the document, one that comes after finds it
     * gone. The file is deleted after the commit (deleteQueued), or by the queue's sweep.
     */
    async deleteUnreferenced(userId: string, path: string, queuedAt: string): Promise<boolean> {
      return db.kysely.transaction().execute(async (trx) => {
        await lockUserUntilCommit(trx, userId);
        const named = await recordDocumentValues(trx, userId);
        if (named.some((value) => normalizeDocumentPath(value) === path)) return false;
        if (await attachedToUnsentMail(trx, path)) return false;
        const deleted = await trx
          .deleteFrom('documents')
          .where('path', '=', path)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return false;
        await queueDeletions(trx, [path], queuedAt);
        return true;
      });
    },

    /** The document at `path`; read inside `within` when given (a caller's transaction). */
    async findByPath(path: string, within: Kysely<Database> = db.kysely): Promise<DocumentRow | undefined> {
      return within.selectFrom('documents').selectAll().where('path', '=', path).executeTakeFirst();
    },

    /** The oldest `limit` stored files still to delete, of those queued by `until`. */
    async queuedDeletions(limit: number, until: string): Promise<string[]> {
      const rows = await db.kysely
        .selectFrom('storage_deletions')
        .select('path')
        .where('queued_at', '<=', until)
        .orderBy('queued_at')
        .orderBy('path')
        .limit(limit)
        .execute();
      return rows.map((row) => row.path);
    },

    async dequeueDeletion(path: string): Promise<void> {
      await db.kysely.deleteFrom('storage_deletions').where('path', '=', path).execute();
    },

    /** Moves a deletion the storage refused to the back of the queue, behind every other. */
    async postponeDeletion(path: string, queuedAt: string): Promise<void> {
      await db.kysely
        .updateTable('storage_deletions')
        .set({ queued_at: queuedAt })
        .where('path', '=', path)
        .execute();
    },
  };
}

/**
 * Queues stored files for deletion, on the database or inside a caller's transaction (so the
 * queue and the removal of the rows naming the files are stored together).
 */
export async function queueDeletions(
  executor: Kysely<Database>,
  paths: string[],
  queuedAt: string,
): Promise<void> {
  if (paths.length === 0) return;
  await executor
    .insertInto('storage_deletions')
    .values(paths.map((path) => ({ path, queued_at: queuedAt })))
    .onConflict((conflict) => conflict.column('path').doNothing())
    .execute();
}

async function recordDocumentValues(executor: Kysely<Database>, userId: string): Promise<string[]> {
  const record = await executor
    .selectFrom('onboarding_submissions')
    .select(['resume', 'cover_letter'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return record ? [record.resume, record.cover_letter] : [];
}

/** Whether an e-mail still waiting to be sent attaches the stored object `path`. */
async function attachedToUnsentMail(executor: Kysely<Database>, path: string): Promise<boolean> {
  const pattern = `%${JSON.stringify(path).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const row = await executor
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', 'in', ['queued', 'sending'])
    .where(sql<boolean>`attachments like ${pattern} escape '\\'`)
    .executeTakeFirst();
  return row !== undefined;
}
