import type { FilterSettings, SavedFilter } from '@app/domain/job-filters';
import type { Kysely } from 'kysely';
import type { AlsoInTransaction, Db } from '../../db/database.ts';
import type { Database, JobSearchFiltersTable } from '../../db/schema.ts';

export type FilterRow = JobSearchFiltersTable;

export function toSavedFilter(row: FilterRow): SavedFilter {
  return {
    id: row.id,
    client_email: row.client_email,
    name: row.name,
    date_saved: row.date_saved,
    query: row.query,
    filters: JSON.parse(row.filters) as FilterSettings,
  };
}

export function createFiltersRepo(db: Db) {
  return {
    async listFor(clientId: string): Promise<FilterRow[]> {
      return db.kysely
        .selectFrom('job_search_filters')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('date_saved')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async existsFor(clientId: string): Promise<boolean> {
      const row = await db.kysely
        .selectFrom('job_search_filters')
        .select('id')
        .where('client_id', '=', clientId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    find(id: string): Promise<FilterRow | undefined> {
      return db.kysely.selectFrom('job_search_filters').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A set of filters is saved whole or not at all, with `also` in the same transaction. */
    insertAll(rows: FilterRow[], also?: (trx: Kysely<Database>) => Promise<unknown>): Promise<void> {
      return db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('job_search_filters').values(rows).execute();
        await also?.(trx);
      });
    },

    /** The filter as changed, read back in the transaction `also` joins. */
    update(
      id: string,
      changes: Pick<FilterRow, 'name' | 'query' | 'filters' | 'updated_at'>,
      also?: AlsoInTransaction<FilterRow>,
    ): Promise<FilterRow> {
      return db.kysely.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('job_search_filters')
          .set(changes)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await also?.(trx, row);
        return row;
      });
    },

    /** Every filter of the client gives way to `rows`, in one transaction; answers how many went. */
    replaceAll(clientId: string, rows: FilterRow[], also?: AlsoInTransaction<number>): Promise<number> {
      return db.kysely.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('job_search_filters')
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        await trx.insertInto('job_search_filters').values(rows).execute();
        const count = Number(removed.numDeletedRows);
        await also?.(trx, count);
        return count;
      });
    },

    delete(id: string, also?: (trx: Kysely<Database>) => Promise<unknown>): Promise<void> {
      return db.kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('job_search_filters').where('id', '=', id).execute();
        await also?.(trx);
      });
    },
  };
}
