import { type Kysely, sql } from 'kysely';
import { lockUntilCommit } from './database.ts';
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

/**
 * Makes the writes that add jobs to a client (an import, a claim handing a pending client's jobs
 * over) take turns until the transaction ends. Each reads which jobs the client has and then adds
 * the rest; two at once would each add the same job, and the later one's history would name a job
 * that was never stored.
 */
export function lockClientJobs(trx: Kysely<Database>, clientId: string): Promise<void> {
  return lockUntilCommit(trx, `jobs:${clientId}`);
}
