import type { FilterSettings, SavedFilter } from '@app/domain/job-filters';
import type { Db } from '../../db/database.ts';
import type { JobSearchFiltersTable } from '../../db/schema.ts';

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

    /** One statement, so a set of filters is saved whole or not at all. */
    async insertAll(rows: FilterRow[]): Promise<void> {
      await db.kysely.insertInto('job_search_filters').values(rows).execute();
    },

    async update(
      id: string,
      changes: Pick<FilterRow, 'name' | 'query' | 'filters' | 'updated_at'>,
    ): Promise<void> {
      await db.kysely.updateTable('job_search_filters').set(changes).where('id', '=', id).execute();
    },

    /** Every filter of the client gives way to `rows`, in one transaction; answers how many went. */
    replaceAll(clientId: string, rows: FilterRow[]): Promise<number> {
      return db.kysely.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('job_search_filters')
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        await trx.insertInto('job_search_filters').values(rows).execute();
        return Number(removed.numDeletedRows);
      });
    },

    async delete(id: string): Promise<void> {
      await db.kysely.deleteFrom('job_search_filters').where('id', '=', id).execute();
    },
  };
}
