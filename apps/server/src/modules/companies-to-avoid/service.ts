import {
  AVOIDED_COMPANIES_FULL_MESSAGE,
  AVOIDED_COMPANIES_MAX,
  AVOIDED_COMPANY_DUPLICATE_MESSAGE,
  type AvoidedCompany,
  companyKey,
} from '@app/domain/companies-to-avoid';
import type { Kysely } from 'kysely';
import { lockUntilCommit, requireClientStillThere } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { avoidedCompaniesRepo } from './repo.ts';

export const AVOIDED_COMPANY_NOT_FOUND_MESSAGE = 'That company is not on your list.';

/**
 * Makes the adds to one client's list and the writes that check it take turns until `trx` ends:
 * a check that waited reads the company added meanwhile, and an add waits for the write it would
 * have forbidden (that write came first). Nothing on SQLite, which runs one transaction at a time.
 */
export function holdAvoidedCompanies(trx: Kysely<Database>, clientId: string): Promise<void> {
  return lockUntilCommit(trx, `avoided_companies:${clientId}`);
}

/**
 * The comparison keys of the client's list (see companyKey), read in `trx` once the list is held
 * there (holdAvoidedCompanies): a company the client adds meanwhile waits for `trx` to end, so the
 * check and the write it allows cannot interleave with the add. For a write refused at a listed
 * company (an import's row, a job marked applied); taken after the client's row, as add() does.
 */
export async function avoidedKeysHeld(trx: Kysely<Database>, clientId: string): Promise<Set<string>> {
  await holdAvoidedCompanies(trx, clientId);
  return createAvoidedCompaniesService(trx).keysFor(clientId);
}

/**
 * A client's companies to avoid (decision 037): kept by the client in preferences, read by staff on
 * the client's page, and honoured by every import and assignment of a job.
 */
export function createAvoidedCompaniesService(db: Kysely<Database>) {
  const repo = avoidedCompaniesRepo(db);
  return {
    async list(clientId: string): Promise<AvoidedCompany[]> {
      return (await repo.list(clientId)).map(({ name, created_at }) => ({ name, created_at }));
    },

    /** The comparison keys of the client's list (see companyKey). */
    async keysFor(clientId: string): Promise<Set<string>> {
      return new Set((await repo.list(clientId)).map((company) => company.name_key));
    },

    async add(clientId: string, name: string, now: Date): Promise<AvoidedCompany> {
      const at = now.toISOString();
      const added = await db.transaction().execute(async (trx) => {
        // The list has no foreign key to its client: one erased meanwhile would keep it for good.
        // The client's row before the list, as an import takes them: the other order could deadlock.
        await requireClientStillThere(trx, clientId);
        // Adds to one client's list take turns from the count to the insert: two at once would each
        // count the list before the other's insert and together pass the limit. An import and a job
        // being marked applied hold the list too (avoidedKeysHeld): the add waits for them, or they
        // for the add.
        await holdAvoidedCompanies(trx, clientId);
        const list = avoidedCompaniesRepo(trx);
        if ((await list.count(clientId)) >= AVOIDED_COMPANIES_MAX)
          throw Conflict(AVOIDED_COMPANIES_FULL_MESSAGE);
        return list.add(clientId, name, companyKey(name), at);
      });
      if (!added) throw Conflict(AVOIDED_COMPANY_DUPLICATE_MESSAGE);
      return { name, created_at: at };
    },

    /** Removes the listed company that `name` names (by key: 'ACME Inc.' removes 'Acme'). */
    async remove(clientId: string, name: string): Promise<void> {
      if (!(await repo.remove(clientId, companyKey(name)))) throw NotFound(AVOIDED_COMPANY_NOT_FOUND_MESSAGE);
    },
  };
}

export type AvoidedCompaniesService = ReturnType<typeof createAvoidedCompaniesService>;
