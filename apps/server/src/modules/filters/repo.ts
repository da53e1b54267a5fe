import type { FilterSettings, SavedFilter } from '@app/domain/job-filters';
import type { Kysely } from 'kysely';
import {
  type AlsoInTransaction,
  type Db,
  lockUntilCommit,
  requireClientStillThere,
} from '../../db/database.ts';
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
    version: row.version,
  };
}

/**
 * Saving a first set and replacing the set take turns per client: two of them at once would each
 * find no filters (or delete only the ones before them) and leave two sets.
 */
const lockClientFilters = (trx: Kysely<Database>, clientId: string) =>
  lockUntilCommit(trx, `job_search_filters:${clientId}`);

export function createFiltersRepo(db: Db) {
  /** `work` in the caller's transaction (`within`), else in one of its own. */
  const inTransaction = <T>(
    within: Kysely<Database> | undefined,
    work: (trx: Kysely<Database>) => Promise<T>,
  ) => (within ? work(within) : db.kysely.transaction().execute(work));

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

    /**
     * Saves the client's first set of filters, whole or not at all, with `also` in the same
     * transaction (`within`, the caller's, when given); false (and nothing saved) when the client
     * already has filters, 404 when the client is gone (erased meanwhile). A caller that passes
     * `within` has made that check (requireClientStillThere) first in it, so it is not made again.
     */
    insertFirstSet(
      clientId: string,
      rows: FilterRow[],
      also?: AlsoInTransaction<void>,
      within?: Kysely<Database>,
    ): Promise<boolean> {
      return inTransaction(within, async (trx) => {
        if (!within) await requireClientStillThere(trx, clientId);
        await lockClientFilters(trx, clientId);
        const existing = await trx
          .selectFrom('job_search_filters')
          .select('id')
          .where('client_id', '=', clientId)
          .limit(1)
          .executeTakeFirst();
        if (existing) return false;
        await trx.insertInto('job_search_filters').values(rows).execute();
        await also?.(trx);
        return true;
      });
    },

    /**
     * The filter as changed, read back in the transaction `also` joins; undefined when it is gone or
     * is no longer at `version` (changed by someone else since).
     */
    update(
      id: string,
      version: number,
      changes: Pick<FilterRow, 'name' | 'query' | 'filters' | 'updated_at'>,
      also?: AlsoInTransaction<FilterRow>,
    ): Promise<FilterRow | undefined> {
      return db.kysely.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('job_search_filters')
          .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
          .where('id', '=', id)
          .where('version', '=', version)
          .returningAll()
          .executeTakeFirst();
        if (row) await also?.(trx, row);
        return row;
      });
    },

    /**
     * Every filter of the client gives way to `rows`, in one transaction; answers how many went, or
     * null, changing nothing, when the client's filters are not `expected` (by id and version), if
     * given; 404 when the client is gone (erased meanwhile).
     */
    replaceAll(
      clientId: string,
      expected: readonly { id: string; version: number }[] | undefined,
      rows: FilterRow[],
      also?: AlsoInTransaction<number>,
    ): Promise<number | null> {
      return db.kysely.transaction().execute(async (trx) => {
        await requireClientStillThere(trx, clientId);
        await lockClientFilters(trx, clientId);
        const current = await trx
          .selectFrom('job_search_filters')
          .select(['id', 'version'])
          .where('client_id', '=', clientId)
          .execute();
        const key = (filters: readonly { id: string; version: number }[]) =>
          filters
            .map(({ id, version }) => `${id}@${Number(version)}`)
            .sort()
            .join(' ');
        if (expected && key(current) !== key(expected)) return null;
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

    /** Whether there was such a filter; `also` runs only when this call deleted it. */
    delete(id: string, also?: AlsoInTransaction<void>): Promise<boolean> {
      return db.kysely.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom('job_search_filters').where('id', '=', id).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return false;
        await also?.(trx);
        return true;
      });
    },
  };
}
