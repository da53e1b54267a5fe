import { randomUUID } from 'node:crypto';
import { normalizeEmail } from '@app/domain/email-address';
import type { FormattedFilter, SavedFilter } from '@app/domain/job-filters';
import type { JobFilterUpdate } from '@app/domain/job-filters-api';
import type { CurrentUser } from '../../auth/guard.ts';
import { type Db, nowIso } from '../../db/database.ts';
import { NotFound } from '../../errors.ts';
import { createFiltersRepo, type FilterRow, toSavedFilter } from './repo.ts';

export const FILTER_NOT_FOUND_MESSAGE = 'Job search filter not found';

/**
 * Job-search filters belong to a client id (a user, or a pending client; see the clients module).
 * Staff reach every client's; a client reaches only their own, and someone else's filter answers
 * exactly like a missing one.
 */
export function createFiltersService(db: Db) {
  const repo = createFiltersRepo(db);

  async function reachable(caller: CurrentUser, id: string): Promise<FilterRow> {
    const row = await repo.find(id);
    if (!row || (caller.role !== 'staff' && row.client_id !== caller.id)) {
      throw NotFound(FILTER_NOT_FOUND_MESSAGE);
    }
    return row;
  }

  async function listFor(clientId: string): Promise<SavedFilter[]> {
    return (await repo.listFor(clientId)).map(toSavedFilter);
  }

  return {
    listFor,

    existFor(clientId: string): Promise<boolean> {
      return repo.existsFor(clientId);
    },

    /** Staff may name any client by id; everyone else gets their own filters whatever they name. */
    list(caller: CurrentUser, requestedClientId: string | undefined): Promise<SavedFilter[]> {
      return listFor(caller.role === 'staff' && requestedClientId ? requestedClientId : caller.id);
    },

    /** Saves each filter for the client; the ids come back in the order given. */
    async saveAll(client: { id: string; email: string }, filters: FormattedFilter[]): Promise<string[]> {
      const now = nowIso();
      const rows: FilterRow[] = filters.map((filter, position) => ({
        id: randomUUID(),
        client_id: client.id,
        client_email: normalizeEmail(client.email),
        name: filter.name,
        query: filter.query,
        filters: JSON.stringify(filter.filters),
        date_saved: now,
        position,
        updated_at: now,
      }));
      await repo.insertAll(rows);
      return rows.map((row) => row.id);
    },

    async update(caller: CurrentUser, id: string, changes: JobFilterUpdate): Promise<SavedFilter> {
      const current = toSavedFilter(await reachable(caller, id));
      const next = {
        name: changes.name ?? current.name,
        query: changes.query ?? current.query,
        filters: JSON.stringify({ ...current.filters, ...changes.filters }),
        updated_at: nowIso(),
      };
      await repo.update(id, next);
      return toSavedFilter(await reachable(caller, id));
    },

    async remove(caller: CurrentUser, id: string): Promise<void> {
      await reachable(caller, id);
      await repo.delete(id);
    },
  };
}

export type FiltersService = ReturnType<typeof createFiltersService>;
