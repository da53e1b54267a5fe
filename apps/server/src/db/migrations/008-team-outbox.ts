import type { Kysely } from 'kysely';

/**
 * The team's outbox (/admin/outbox): every message newest first, or those in one status, read a page
 * at a time without sorting the whole table. Cancelled messages need no column: `status` is text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('mail_outbox_created_idx')
    .on('mail_outbox')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('mail_outbox_status_created_idx')
    .on('mail_outbox')
    .columns(['status', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_status_created_idx').execute();
  await db.schema.dropIndex('mail_outbox_created_idx').execute();
}
