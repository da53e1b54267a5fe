import type { Kysely } from 'kysely';

/**
 * Stored files whose rows are gone and which must still be deleted: written in the transaction
 * that drops the rows (an account's erasure), removed once the storage has deleted the file. A
 * storage that refuses for a while, or a crash after the commit, leaves the path here for the
 * next sweep instead of a file nothing points to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_deletions')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('storage_deletions_queued_idx')
    .on('storage_deletions')
    .column('queued_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_deletions').execute();
}
