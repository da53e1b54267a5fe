import { companyKey } from '@app/domain/companies-to-avoid';
import type { FastifyInstance } from 'fastify';
import { holdOpen } from '../../testing/transactions.ts';
import { holdAvoidedCompanies } from './service.ts';

/**
 * A client adding `name` to their companies to avoid, caught part-way: the add has taken the client's
 * list and inserted the company, not yet committed, until `release`. A write that checks the list
 * (an import, a job marked applied) started now has to wait for it.
 */
export function addingUncommitted(app: FastifyInstance, clientId: string, name: string) {
  return holdOpen(app.db, async (trx) => {
    await holdAvoidedCompanies(trx, clientId);
    await trx
      .insertInto('avoided_companies')
      .values({ client_id: clientId, name, name_key: companyKey(name), created_at: new Date().toISOString() })
      .execute();
  });
}
