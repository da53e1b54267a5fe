import type { Kysely } from 'kysely';

/** Indexes the clients board reads by (decision 031). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each client's newest welcome e-mail in one index step.
  await db.schema
    .createIndex('mail_outbox_client_kind_created_idx')
    .on('mail_outbox')
    .columns(['client_id', 'kind', 'created_at'])
    .execute();

  // Each client's last activity from the index alone.
  await db.schema
    .createIndex('sessions_user_last_seen_idx')
    .on('sessions')
    .columns(['user_id', 'last_seen_at', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_user_last_seen_idx').execute();
  await db.schema.dropIndex('mail_outbox_client_kind_created_idx').execute();
}
