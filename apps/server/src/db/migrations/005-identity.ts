import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * Jobs, saved filters and e-mails belong to a client id instead of an e-mail: the id of a user, or
 * of a pending client (an e-mail staff assigned work to before anyone signed in with it). Both are
 * random UUIDs, so one column holds either. See decision 017. There is no way down: once ids are
 * in place, the e-mails no longer say whose the work is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_at', 'text')
    .execute();

  // Every e-mail work was assigned to that no user signs in with becomes a pending client.
  const now = new Date().toISOString();
  const { rows } = await sql<{ email: string }>`
    select distinct lower(client_email) as email from (
      select client_email from jobs where user_id is null
      union select client_email from job_search_filters
      union select client_email from mail_outbox where client_email is not null
    ) assigned
    where lower(client_email) not in (select lower(email) from users)
  `.execute(db);
  for (const { email } of rows) {
    await sql`insert into pending_clients (id, email, created_at) values (${randomUUID()}, ${email}, ${now})`.execute(
      db,
    );
  }
  const clientIdOf = (column: string) => sql`coalesce(
    (select users.id from users where lower(users.email) = lower(${sql.ref(column)})),
    (select pending_clients.id from pending_clients where pending_clients.email = lower(${sql.ref(column)}))
  )`;

  // Jobs: the e-mail column becomes the client id in place, so its unique (client, job_uid)
  // constraint carries over on both databases; user_id, now the same thing, goes.
  await db.schema.dropIndex('jobs_client_email_refresh_date_idx').execute();
  await db.schema.dropIndex('jobs_client_email_user_id_idx').execute();
  await db.schema.dropIndex('jobs_user_id_idx').execute();
  await sql`update jobs set client_email = coalesce(user_id, ${clientIdOf('client_email')})`.execute(db);
  await db.schema.alterTable('jobs').renameColumn('client_email', 'client_id').execute();
  await db.schema.alterTable('jobs').dropColumn('user_id').execute();
  await db.schema
    .createIndex('jobs_client_id_refresh_date_idx')
    .on('jobs')
    .columns(['client_id', 'refresh_date desc'])
    .execute();

  // List versions start again from nothing: validators are now made from the client id, so none
  // made before can match.
  await sql`delete from job_list_versions`.execute(db);
  await db.schema.alterTable('job_list_versions').renameColumn('client_email', 'client_id').execute();

  // Filters and e-mails keep the address they were for (shown to staff, and in the filters file)
  // but are found by client id.
  for (const table of ['job_search_filters', 'mail_outbox']) {
    await db.schema.alterTable(table).addColumn('client_id', 'text').execute();
    await sql`update ${sql.table(table)} set client_id = ${clientIdOf('client_email')} where client_email is not null`.execute(
      db,
    );
    await db.schema.createIndex(`${table}_client_id_idx`).on(table).column('client_id').execute();
  }
  await db.schema.dropIndex('job_search_filters_client_email_idx').execute();
  await db.schema.dropIndex('mail_outbox_client_email_idx').execute();
}
