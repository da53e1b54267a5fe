import type { Kysely } from 'kysely';

/**
 * Sessions a person can see and end (the device, when it was last used, why it ended, whether it
 * passed the staff second factor), and the staff second factor itself: one TOTP secret per staff
 * user and their one-time recovery codes, stored hashed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ended_reason', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('mfa_passed_at', 'text').execute();

  await db.schema
    .createTable('staff_mfa')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Base32 TOTP secret, as authenticator apps take it (see docs/decisions/018).
    .addColumn('secret', 'text', (c) => c.notNull())
    // Null while enrolment waits for its first code.
    .addColumn('enrolled_at', 'text')
    // The last accepted TOTP time step: a code of that step or earlier is refused (no replay).
    .addColumn('last_time_step', 'integer')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('mfa_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mfa_recovery_codes').execute();
  await db.schema.dropTable('staff_mfa').execute();
  for (const column of ['mfa_passed_at', 'ended_reason', 'last_seen_at', 'user_agent']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
