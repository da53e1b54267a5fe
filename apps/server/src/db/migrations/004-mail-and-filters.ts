import type { Kysely } from 'kysely';

/**
 * Job-search filters saved by staff for a client (by e-mail, like jobs), and the mail outbox that
 * every e-mail passes through so none is lost when SMTP is down or not configured.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_search_filters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    // JSON: data_job_description, exclude_job_description, is_remote, min_salary.
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('date_saved', 'text', (c) => c.notNull())
    // Order within a saved set, so filters list in the order of the client's job titles.
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('job_search_filters_client_email_idx')
    .on('job_search_filters')
    .column('client_email')
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_email', 'text')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // JSON list of { key, filename, content_type }: documents are read from storage when sending.
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('mail_outbox_client_email_idx')
    .on('mail_outbox')
    .column('client_email')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('job_search_filters').execute();
}
