import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Raises the version of a client's jobs list. Every write that changes which jobs a client has, or
 * what they say, calls it in the same transaction, so a list validator made from it is never stale.
 */
export async function bumpListVersion(db: Kysely<Database>, clientId: string): Promise<void> {
  await db
    .insertInto('job_list_versions')
    .values({ client_id: clientId, version: 1 })
    .onConflict((oc) =>
      oc.column('client_id').doUpdateSet({ version: sql<number>`job_list_versions.version + 1` }),
    )
    .execute();
}
