import type { Kysely } from 'kysely';

/**
 * The onboarding record (one per user), uploaded documents and onboarding feedback. Every field of
 * the record is its own column; text defaults to '', lists are JSON text defaulting to '[]'.
 */
const textColumns = [
  'goals',
  'first_name',
  'last_name',
  'middle_name',
  'email_address',
  'phone_number',
  'has_whatsapp',
  'birthdate',
  'pronouns',
  'where_found_us',
  'street_address',
  'city',
  'state',
  'zip_code',
  'country',
  'us_citizen',
  'work_authorization',
  'requires_sponsorship',
  'sponsorship_type',
  'currently_employed',
  'availability_to_start',
  'recent_position',
  'recent_employer',
  'experience_level',
  'resume',
  'cover_letter',
  'top_job_titles',
  'job_description_keywords',
  'exclude_job_titles',
  'exclude_job_description_keywords',
  'salary_expectation',
  'location_requirements',
  'open_for_relocation',
  'job_criteria',
  'linkedin_url',
  'application_history',
  'signature',
];
const listColumns = ['job_type', 'work_location_type'];
const booleanColumns = [
  'onboarding_completed',
  'subscribe_to_newsletter',
  'ack_incorrect_statements',
  'ack_read_above',
  'ack_no_guarantees',
  'ack_whatsapp',
  'ack_cancellation',
  'ack_refund_policy',
  'ack_refuse_service',
  'ack_global_team',
  'ack_self_service_cancel',
  'ack_billing_issues',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  let submissions = db.schema
    .createTable('onboarding_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // UNIQUE makes "one record per user" hold even when two saves race.
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'));
  for (const column of textColumns) {
    submissions = submissions.addColumn(column, 'text', (c) => c.notNull().defaultTo(''));
  }
  for (const column of listColumns) {
    submissions = submissions.addColumn(column, 'text', (c) => c.notNull().defaultTo('[]'));
  }
  for (const column of booleanColumns) {
    submissions = submissions.addColumn(column, 'boolean', (c) => c.notNull().defaultTo(false));
  }
  await submissions
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_user_id_idx').on('documents').column('user_id').execute();

  await db.schema
    .createTable('onboarding_feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('onboarding_feedback_created_at_idx')
    .on('onboarding_feedback')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['onboarding_feedback', 'documents', 'onboarding_submissions']) {
    await db.schema.dropTable(table).execute();
  }
}
