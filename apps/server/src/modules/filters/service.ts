import { randomUUID } from 'node:crypto';
import type { FormattedFilter, SavedFilter } from '@app/domain/job-filters';
import type { JobFilterUpdate } from '@app/domain/job-filters-api';
import type { CurrentUser } from '../../auth/guard.ts';
import { type Db, nowIso } from '../../db/database.ts';
import { NotFound } from '../../errors.ts';
import { createFiltersRepo, type FilterRow, toSavedFilter } from './repo.ts';

export const FILTER_NOT_FOUND_MESSAGE = 'Job search filter not found';

/** Client e-mails are compared without case, as the sign-in provider may spell them either way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Job-search filters belong to a client e-mail. Staff reach every client's; a client reaches only
 * their own, and someone else's filter answers exactly like a missing one.
 */
export function createFiltersService(db: Db) {
  const repo = createFiltersRepo(db);

  async function reachable(caller: CurrentUser, id: string): Promise<FilterRow> {
    const row = await repo.find(id);
    if (!row || (caller.role !== 'staff' && row.client_email !== normalizeEmail(caller.email))) {
      throw NotFound(FILTER_NOT_FOUND_MESSAGE);
    }
    return row;
  }

  async function listFor(clientEmail: string): Promise<SavedFilter[]> {
    return (await repo.listFor(normalizeEmail(clientEmail))).map(toSavedFilter);
  }

  return {
    listFor,

    existFor(clientEmail: string): Promise<boolean> {
      return repo.existsFor(normalizeEmail(clientEmail));
    },

    /** Staff may name any client; everyone else gets their own filters whatever they name. */
    list(caller: CurrentUser, requestedEmail: string | undefined): Promise<SavedFilter[]> {
      const email = caller.role === 'staff' && requestedEmail ? requestedEmail : caller.email;
      return listFor(email);
    },

    /** Saves each filter for the client; the ids come back in the order given. */
    async saveAll(clientEmail: string, filters: FormattedFilter[]): Promise<string[]> {
      const now = nowIso();
      const rows: FilterRow[] = filters.map((filter, position) => ({
        id: randomUUID(),
        client_email: normalizeEmail(clientEmail),
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
