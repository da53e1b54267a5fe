import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseKind } from './databases.ts';

/**
 * Makes the app's database refuse inserts into `table` (only rows whose `column` holds `value`, when
 * given), as a full disk or a dropped connection would refuse them. Answers what undoes it.
 */
export async function refuseInserts(
  app: FastifyInstance,
  kind: DatabaseKind,
  table: string,
  only?: { column: string; value: string },
): Promise<() => Promise<void>> {
  const db = app.db.kysely;
  const name = sql.raw(`refuse_${table}`);
  const target = sql.raw(table);
  const when = only ? sql`NEW.${sql.raw(only.column)} = ${sql.lit(only.value)}` : sql`true`;
  if (kind === 'sqlite') {
    await sql`CREATE TRIGGER ${name} BEFORE INSERT ON ${target} WHEN ${when}
      BEGIN SELECT RAISE(ABORT, 'refused in a test'); END`.execute(db);
    return async () => {
      await sql`DROP TRIGGER ${name}`.execute(db);
    };
  }
  await sql`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF ${when} THEN RAISE EXCEPTION 'refused in a test'; END IF; RETURN NEW; END $$`.execute(db);
  await sql`CREATE TRIGGER ${name} BEFORE INSERT ON ${target} FOR EACH ROW EXECUTE FUNCTION ${name}()`.execute(
    db,
  );
  return async () => {
    await sql`DROP TRIGGER ${name} ON ${target}`.execute(db);
    await sql`DROP FUNCTION ${name}()`.execute(db);
  };
}
