import type { Kysely } from 'kysely';

/**
 * What clients keep beyond the spec (decisions 036 and 037): the outcome of an applied job, each
 * job's append-only history, the companies a client never wants to be put forward to, the weekly
 * summary's settings and the weeks already claimed for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('outcome', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('outcome_date', 'text').execute();

  await db.schema
    .createTable('job_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: a job's history is removed with the client's data, not with a job taken back.
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    // 'team' or 'client': clients see the team as one, so no staff member is named here.
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON object.
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('job_events_job_idx').on('job_events').columns(['job_id', 'at']).execute();
  await db.schema.createIndex('job_events_client_idx').on('job_events').column('client_id').execute();

  await db.schema
    .createTable('avoided_companies')
    .addColumn('client_id', 'text', (c) => c.notNull())
    // As the client wrote it.
    .addColumn('name', 'text', (c) => c.notNull())
    // The comparison key (lowercase, no legal suffix): 'ACME Inc.' and 'Acme' are one company.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('avoided_companies_pk', ['client_id', 'name_key'])
    .execute();

  // The browser's time zone at sign-in (IANA name); null means UTC.
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('weekly_summary', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  // One row per client and week: the unique key is what keeps two instances from both sending.
  await db.schema
    .createTable('weekly_summary_claims')
    .addColumn('user_id', 'text', (c) => c.notNull())
    // The Monday-based week in the client's time zone, YYYY-MM-DD of its first day.
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('outbox_id', 'text')
    .addPrimaryKeyConstraint('weekly_summary_claims_pk', ['user_id', 'week'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weekly_summary_claims').execute();
  await db.schema.alterTable('users').dropColumn('weekly_summary').execute();
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
  await db.schema.dropTable('avoided_companies').execute();
  await db.schema.dropTable('job_events').execute();
  await db.schema.alterTable('jobs').dropColumn('outcome_date').execute();
  await db.schema.alterTable('jobs').dropColumn('outcome').execute();
}
