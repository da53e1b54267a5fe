import {
  ONBOARDING_FIELDS,
  type OnboardingFields,
  type OnboardingRecord,
} from '@app/domain/onboarding-fields';
import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import { toBool } from '../../db/database.ts';
import type { Database, OnboardingSubmissionsTable } from '../../db/schema.ts';

type Row = Selectable<OnboardingSubmissionsTable>;
type ColumnValue = string | boolean;

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

/** The record fields present in `fields`, in field-table order, as stored values. */
function toColumns(fields: Partial<OnboardingFields>): { names: string[]; values: ColumnValue[] } {
  const names: string[] = [];
  const values: ColumnValue[] = [];
  for (const field of ONBOARDING_FIELDS) {
    const value = fields[field.snake];
    if (value === undefined) continue;
    names.push(field.snake);
    values.push(Array.isArray(value) ? JSON.stringify(value) : value);
  }
  return { names, values };
}

/**
 * Compiling a ~50-column save cost as much as running it, and the wizard saves the same columns
 * every time: each statement's SQL is compiled once per set of columns (by the builder, so in the
 * database's own dialect) and then run with the new values, which take its placeholders in order.
 */
function compiledPerColumns(compile: (names: string[]) => string): (names: string[]) => string {
  const cache = new Map<string, string>();
  return (names) => {
    const key = names.join(',');
    let text = cache.get(key);
    if (text === undefined) {
      text = compile(names);
      // Bounded: a client choosing ever new subsets of fields must not grow it without end.
      if (cache.size >= COMPILED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, text);
    }
    return text;
  };
}

const COMPILED_CACHE_SIZE = 100;

/** Placeholder values: only the compiled SQL is kept, never these. */
const blanks = (names: string[]) => Object.fromEntries(names.map((name) => [name, ''])) as never;

/** Takes a Kysely handle so the service can run it inside a transaction. */
export function createOnboardingRepo(db: Kysely<Database>) {
  const run = async (text: string, parameters: ColumnValue[]): Promise<Row | undefined> =>
    (await db.executeQuery<Row>(CompiledQuery.raw(text, parameters))).rows[0];

  // Parameters: the columns, then updated_at, id, user_id.
  const updateSql = compiledPerColumns(
    (names) =>
      db
        .updateTable('onboarding_submissions')
        .set(blanks([...names, 'updated_at']))
        .where('id', '=', '')
        .where('user_id', '=', '')
        .returningAll()
        .compile().sql,
  );
  // Parameters: the columns, then id, user_id, created_at, updated_at; the update reuses them.
  const upsertSql = compiledPerColumns(
    (names) =>
      db
        .insertInto('onboarding_submissions')
        .values(blanks([...names, 'id', 'user_id', 'created_at', 'updated_at']))
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet((eb) =>
              Object.fromEntries(
                [...names, 'updated_at'].map((name) => [name, eb.ref(`excluded.${name}` as never)]),
              ),
            ),
        )
        .returningAll()
        .compile().sql,
  );

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
      const { names, values } = toColumns(fields);
      const row = await run(upsertSql(names), [...values, ids.id, userId, ids.now, ids.now]);
      if (!row) throw new Error('The onboarding upsert returned no row');
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
      const { names, values } = toColumns(fields);
      const row = await run(updateSql(names), [...values, now, id, userId]);
      return row && fromRow(row);
    },
  };
}
