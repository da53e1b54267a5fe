import type { Kysely } from 'kysely';

/**
 * Each saved filter counts its changes: an edit names the version it was made on, and one made on
 * an older version (someone else saved in between) is refused instead of silently undoing theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('job_search_filters')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_search_filters').dropColumn('version').execute();
}
