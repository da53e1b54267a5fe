import {
  ONBOARDING_FIELDS,
  type OnboardingFields,
  type OnboardingRecord,
} from '@app/domain/onboarding-fields';
import type { Kysely, Selectable } from 'kysely';
import { toBool } from '../../db/database.ts';
import type { Database, OnboardingSubmissionsTable } from '../../db/schema.ts';

type Row = Selectable<OnboardingSubmissionsTable>;

/** Stored columns → record: lists are JSON text, booleans 0/1 on SQLite. */
function fromRow(row: Row): OnboardingRecord {
  const record: Record<string, unknown> = { id: row.id, user_id: row.user_id };
  for (const field of ONBOARDING_FIELDS) {
    const stored = row[field.snake];
    record[field.snake] =
      field.kind === 'list' ? parseList(stored) : field.kind === 'boolean' ? toBool(stored) : String(stored);
  }
  record.created_at = row.created_at;
  record.updated_at = row.updated_at;
  return record as OnboardingRecord;
}

function parseList(stored: unknown): string[] {
  try {
    const list: unknown = JSON.parse(String(stored));
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The record fields present in `fields`, as stored values: lists as JSON text. */
function toColumns(fields: Partial<OnboardingFields>): Record<string, string | boolean> {
  const columns: Record<string, string | boolean> = {};
  for (const field of ONBOARDING_FIELDS) {
    const value = fields[field.snake];
    if (value !== undefined) columns[field.snake] = Array.isArray(value) ? JSON.stringify(value) : value;
  }
  return columns;
}

/** Takes a Kysely handle so the service can run it inside a transaction. */
export function createOnboardingRepo(db: Kysely<Database>) {
  return {
    async findByUser(userId: string): Promise<OnboardingRecord | undefined> {
      const row = await db
        .selectFrom('onboarding_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && fromRow(row);
    },

    /**
     * Creates the user's record, or updates the one they have: UNIQUE(user_id) plus ON CONFLICT
     * make two racing saves land on one row.
     */
    async upsertForUser(
      userId: string,
      fields: Partial<OnboardingFields>,
      ids: { id: string; now: string },
    ): Promise<OnboardingRecord> {
      const columns = toColumns(fields);
      const row = await db
        .insertInto('onboarding_submissions')
        .values({ ...columns, id: ids.id, user_id: userId, created_at: ids.now, updated_at: ids.now })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...columns, updated_at: ids.now }))
        .returningAll()
        .executeTakeFirstOrThrow();
      return fromRow(row);
    },

    /** Only the document fields of the user's record: read before every save that names one. */
    async findDocumentFields(
      userId: string,
    ): Promise<Pick<OnboardingRecord, 'resume' | 'cover_letter'> | undefined> {
      return db
        .selectFrom('onboarding_submissions')
        .select(['resume', 'cover_letter'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Updates the record only when it is the user's; undefined otherwise. */
    async updateOwn(
      id: string,
      userId: string,
      fields: Partial<OnboardingFields>,
      now: string,
    ): Promise<OnboardingRecord | undefined> {
      const row = await db
        .updateTable('onboarding_submissions')
        .set({ ...toColumns(fields), updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      return row && fromRow(row);
    },
  };
}
