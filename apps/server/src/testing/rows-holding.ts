import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Every text column of every table that holds `id` anywhere in it, as `table.column`. */
export async function rowsHolding(db: Db, id: string): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables();
  const holding: string[] = [];
  for (const table of tables) {
    for (const column of table.columns) {
      if (!/char|text/i.test(column.dataType)) continue;
      const found = await sql<{
        count: number;
      }>`select count(*) as count from ${sql.table(table.name)} where ${sql.ref(column.name)} like ${`%${id}%`}`.execute(
        db.kysely,
      );
      if (Number(found.rows[0]?.count) > 0) holding.push(`${table.name}.${column.name}`);
    }
  }
  return holding;
}
