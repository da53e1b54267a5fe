import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseKind } from './databases.ts';

type Only = { column: string; value: string };

/**
 * Makes the app's database refuse `statement` on `table` (only for rows whose `column` would hold
 * `value`, when given), as a full disk or a dropped connection would refuse it. Answers what undoes it.
 */
async function refuse(
  app: FastifyInstance,
  kind: DatabaseKind,
  statement: 'INSERT' | 'UPDATE',
  table: string,
  only: Only | undefined,
): Promise<() => Promise<void>> {
  const db = app.db.kysely;
  const name = sql.raw(`refuse_${statement.toLowerCase()}_${table}`);
  const target = sql.raw(table);
  const on = sql.raw(statement);
  const when = only ? sql`NEW.${sql.raw(only.column)} = ${sql.lit(only.value)}` : sql`true`;
  if (kind === 'sqlite') {
    await sql`CREATE TRIGGER ${name} BEFORE ${on} ON ${target} WHEN ${when}
      BEGIN SELECT RAISE(ABORT, 'refused in a test'); END`.execute(db);
    return async () => {
      await sql`DROP TRIGGER ${name}`.execute(db);
    };
  }
  await sql`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF ${when} THEN RAISE EXCEPTION 'refused in a test'; END IF; RETURN NEW; END $$`.execute(db);
  await sql`CREATE TRIGGER ${name} BEFORE ${on} ON ${target} FOR EACH ROW EXECUTE FUNCTION ${name}()`.execute(
    db,
  );
  return async () => {
    await sql`DROP TRIGGER ${name} ON ${target}`.execute(db);
    await sql`DROP FUNCTION ${name}()`.execute(db);
  };
}

/** Inserts into `table` fail until the answered function is called. */
export function refuseInserts(app: FastifyInstance, kind: DatabaseKind, table: string, only?: Only) {
  return refuse(app, kind, 'INSERT', table, only);
}

/** Updates of `table` fail until the answered function is called (`only`: by the row's new value). */
export function refuseUpdates(app: FastifyInstance, kind: DatabaseKind, table: string, only?: Only) {
  return refuse(app, kind, 'UPDATE', table, only);
}
