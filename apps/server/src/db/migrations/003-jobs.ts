import type { Kysely } from 'kysely';

// Spelled out rather than taken from the domain package: a migration must create the same table
// forever, whatever later versions add to the job.
const TEXT_COLUMNS = [
  'data_job_title',
  'data_company',
  'data_company_url',
  'data_external_application_link',
  'url',
  'data_job_description',
  'data_location_city',
  'data_location_state',
  'data_location_country',
  'seniority_level',
  'job_time_type',
  'job_family',
  'industry',
  'remote_hybrid_onsite',
];
const FLAG_COLUMNS = [
  ...['is_full_time', 'is_part_time', 'is_contract', 'is_internship'],
  ...['is_remote', 'is_hybrid', 'is_onsite'],
  ...['is_big_tech', 'is_startup', 'is_enterprise', 'is_agency', 'is_consulting_firm'],
  ...['is_executive', 'is_director_level', 'is_managerial', 'is_senior_level', 'is_entry_level'],
  ...['technical', 'non_technical', 'engineering', 'data_related', 'product', 'operations', 'support'],
  ...['sales', 'marketing', 'hr_related', 'program_management'],
  ...['us_based', 'international', 'nyc_area', 'sf_bay_area', 'chicago_area', 'remote_friendly'],
  ...['is_high_salary', 'is_mid_salary', 'is_comp_disclosed', 'is_relocation_offered', 'is_visa_friendly'],
];

/**
 * Jobs staff assign to a client. A job belongs to a client e-mail (so it can be assigned before the
 * client ever signs in) and is linked to the user once one with that e-mail exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('job_uid', 'text', (c) => c.notNull())
    .addColumn('refresh_date', 'text')
    // Client fields: only the client changes them.
    .addColumn('client_approval', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('client_notes', 'text')
    // Staff fields: only staff (and imports) change them.
    .addColumn('analyst_notes', 'text')
    .addColumn('applied_for_job', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('data_posted', 'text')
    .addColumn('data_num_applicants', 'integer')
    .addColumn('max_salary', 'double precision');
  for (const field of TEXT_COLUMNS) table = table.addColumn(field, 'text');
  for (const flag of FLAG_COLUMNS)
    table = table.addColumn(flag, 'boolean', (c) => c.notNull().defaultTo(false));
  await table
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('jobs_client_email_job_uid_unique', ['client_email', 'job_uid'])
    .execute();

  await db.schema
    .createIndex('jobs_client_email_refresh_date_idx')
    .on('jobs')
    .columns(['client_email', 'refresh_date desc'])
    .execute();
  // Finds a client's jobs that still wait for their user; user_id alone serves the foreign key.
  await db.schema
    .createIndex('jobs_client_email_user_id_idx')
    .on('jobs')
    .columns(['client_email', 'user_id'])
    .execute();
  await db.schema.createIndex('jobs_user_id_idx').on('jobs').column('user_id').execute();

  // One counter per client e-mail, raised in the same transaction as every write to that client's
  // jobs: revalidating a list reads one row instead of all the jobs.
  await db.schema
    .createTable('job_list_versions')
    .addColumn('client_email', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_list_versions').execute();
  await db.schema.dropTable('jobs').execute();
}
