import { randomUUID } from 'node:crypto';
import type { ReplacedFilters } from '@app/domain/client-page';
import { normalizeEmail } from '@app/domain/email-address';
import type { FormattedFilter, SavedFilter } from '@app/domain/job-filters';
import { FILTER_CHANGED_MESSAGE, type JobFilterUpdate } from '@app/domain/job-filters-api';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/guard.ts';
import { type AlsoInTransaction, type Db, nowIso } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { createFiltersRepo, type FilterRow, toSavedFilter } from './repo.ts';

export const FILTER_NOT_FOUND_MESSAGE = 'Job search filter not found';

/** A filter before and after staff changed it, and whose it is. */
export interface FilterChange {
  before: SavedFilter;
  filter: SavedFilter;
  clientId: string;
}

/** A filter staff deleted, and whose it was. */
export interface FilterRemoval {
  filter: SavedFilter;
  clientId: string;
}

/**
 * Job-search filters belong to a client id (a user, or a pending client; see the clients module).
 * They are staff data (decision 030): staff read, edit, delete and replace any client's; a client
 * reads their own and changes none (their routes are staff-only).
 */
export function createFiltersService(db: Db) {
  const repo = createFiltersRepo(db);

  async function existing(id: string): Promise<FilterRow> {
    const row = await repo.find(id);
    if (!row) throw NotFound(FILTER_NOT_FOUND_MESSAGE);
    return row;
  }

  async function listFor(clientId: string): Promise<SavedFilter[]> {
    return (await repo.listFor(clientId)).map(toSavedFilter);
  }

  function rowsFor(client: { id: string; email: string }, filters: FormattedFilter[]): FilterRow[] {
    const now = nowIso();
    return filters.map((filter, position) => ({
      id: randomUUID(),
      client_id: client.id,
      client_email: normalizeEmail(client.email),
      name: filter.name,
      query: filter.query,
      filters: JSON.stringify(filter.filters),
      date_saved: now,
      position,
      updated_at: now,
      version: 1,
    }));
  }

  return {
    listFor,

    existFor(clientId: string): Promise<boolean> {
      return repo.existsFor(clientId);
    },

    /** Staff may name any client by id; everyone else gets their own filters whatever they name. */
    list(caller: CurrentUser, requestedClientId: string | undefined): Promise<SavedFilter[]> {
      return listFor(caller.staff && requestedClientId ? requestedClientId : caller.id);
    },

    /**
     * Saves each filter for a client who has none yet; the ids come back in the order given, or
     * undefined (and nothing saved) when the client already has filters (decision 007); 404 when
     * the client is gone (erased meanwhile). `within`: the caller's transaction, when the filters
     * must stand or fall with its other writes; the caller has then checked the client in it.
     */
    async saveFirstSet(
      client: { id: string; email: string },
      filters: FormattedFilter[],
      also?: AlsoInTransaction<string[]>,
      within?: Kysely<Database>,
    ): Promise<string[] | undefined> {
      const rows = rowsFor(client, filters);
      const ids = rows.map((row) => row.id);
      const saved = await repo.insertFirstSet(client.id, rows, also && ((trx) => also(trx, ids)), within);
      return saved ? ids : undefined;
    },

    /**
     * The client's filters, when they are still `replacing` (if given), become exactly these; answers
     * how many were removed and the new ids, or null when the client's filters have changed since;
     * 404 when the client is gone (erased meanwhile).
     */
    async replaceAll(
      client: { id: string; email: string },
      replacing: ReplacedFilters,
      filters: FormattedFilter[],
      also?: AlsoInTransaction<{ removed: number; ids: string[] }>,
    ): Promise<{ removed: number; ids: string[] } | null> {
      const rows = rowsFor(client, filters);
      const ids = rows.map((row) => row.id);
      const removed = await repo.replaceAll(
        client.id,
        replacing,
        rows,
        also && ((trx, removed) => also(trx, { removed, ids })),
      );
      return removed === null ? null : { removed, ids };
    },

    /** Staff change a filter; answers it before and as saved, and whose it is. */
    async update(
      id: string,
      changes: JobFilterUpdate,
      also?: AlsoInTransaction<FilterChange>,
    ): Promise<FilterChange> {
      const current = await existing(id);
      const before = toSavedFilter(current);
      const change = (row: FilterRow): FilterChange => ({
        before,
        filter: toSavedFilter(row),
        clientId: current.client_id,
      });
      const row = await repo.update(
        id,
        changes.version,
        {
          name: changes.name ?? before.name,
          query: changes.query ?? before.query,
          filters: JSON.stringify({ ...before.filters, ...changes.filters }),
          updated_at: nowIso(),
        },
        also && ((trx, row) => also(trx, change(row))),
      );
      // Deleted (404 then) or no longer at the version the change was made on.
      if (!row) {
        await existing(id);
        throw Conflict(FILTER_CHANGED_MESSAGE);
      }
      return change(row);
    },

    /** Staff delete a filter; answers what it was. */
    async remove(id: string, also?: AlsoInTransaction<FilterRemoval>): Promise<FilterRemoval> {
      const current = await existing(id);
      const removal = { filter: toSavedFilter(current), clientId: current.client_id };
      if (!(await repo.delete(id, also && ((trx) => also(trx, removal)))))
        throw NotFound(FILTER_NOT_FOUND_MESSAGE);
      return removal;
    },
  };
}

export type FiltersService = ReturnType<typeof createFiltersService>;
