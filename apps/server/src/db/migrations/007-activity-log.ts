import { type Kysely, sql } from 'kysely';

/**
 * The staff workspace (decisions 030 and 031):
 * - the activity log: one row per thing staff did with a client's data (and per decision or note the
 *   client made), never changed or deleted by the application;
 * - when a job was marked applied, for the board's "Applied (7 days)";
 * - the board's per-client job counts, refreshed when a client's job list version moves on (or an
 *   application leaves the 7-day window), so a board page never counts a million jobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    // 'staff', 'client' or 'system' (a program such as the import CLI).
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    // No foreign key: the log outlives the accounts it names.
    .addColumn('actor_user_id', 'text')
    // The actor's e-mail when they acted: the log reads the same after an address changes.
    .addColumn('actor_email', 'text', (c) => c.notNull())
    // A user id or a pending client id.
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    // JSON object.
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  // Newest first, for everyone, by client and by staff member.
  await db.schema.createIndex('activity_log_at_idx').on('activity_log').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('activity_log_client_idx')
    .on('activity_log')
    .columns(['client_id', 'at', 'id'])
    .execute();
  await db.schema
    .createIndex('activity_log_actor_idx')
    .on('activity_log')
    .columns(['actor_user_id', 'at', 'id'])
    .execute();

  await db.schema.alterTable('jobs').addColumn('applied_at', 'text').execute();
  // Jobs applied before this column existed count from their last change, the best date there is.
  await sql`update jobs set applied_at = updated_at where applied_for_job = ${sql.lit(true)}`.execute(db);
  await db.schema
    .createIndex('jobs_client_id_applied_at_idx')
    .on('jobs')
    .columns(['client_id', 'applied_at'])
    .execute();

  await db.schema
    .createTable('client_board_stats')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    // The client's job_list_versions.version these counts were made from.
    .addColumn('list_version', 'integer', (c) => c.notNull())
    .addColumn('jobs_count', 'integer', (c) => c.notNull())
    .addColumn('applied_recent', 'integer', (c) => c.notNull())
    // When the oldest application counted in applied_recent leaves the 7-day window; null for none.
    .addColumn('applied_recent_until', 'text')
    .execute();
  await db.schema
    .createIndex('client_board_stats_jobs_idx')
    .on('client_board_stats')
    .columns(['jobs_count', 'client_id'])
    .execute();
  await db.schema
    .createIndex('client_board_stats_applied_idx')
    .on('client_board_stats')
    .columns(['applied_recent', 'client_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_board_stats').execute();
  await db.schema.dropIndex('jobs_client_id_applied_at_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('applied_at').execute();
  await db.schema.dropTable('activity_log').execute();
}
