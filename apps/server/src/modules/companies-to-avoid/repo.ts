import type { AvoidedCompany } from '@app/domain/companies-to-avoid';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function avoidedCompaniesRepo(db: Kysely<Database>) {
  return {
    async list(clientId: string): Promise<(AvoidedCompany & { name_key: string })[]> {
      return db
        .selectFrom('avoided_companies')
        .select(['name', 'name_key', 'created_at'])
        .where('client_id', '=', clientId)
        .orderBy('created_at')
        .orderBy('name_key')
        .execute();
    },

    async count(clientId: string): Promise<number> {
      const row = await db
        .selectFrom('avoided_companies')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** False when the client already lists a company with that key. */
    async add(clientId: string, name: string, nameKey: string, at: string): Promise<boolean> {
      const inserted = await db
        .insertInto('avoided_companies')
        .values({ client_id: clientId, name, name_key: nameKey, created_at: at })
        .onConflict((oc) => oc.columns(['client_id', 'name_key']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async remove(clientId: string, nameKey: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('avoided_companies')
        .where('client_id', '=', clientId)
        .where('name_key', '=', nameKey)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },
  };
}
