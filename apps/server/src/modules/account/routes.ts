import { deleteAccountBodySchema, STAFF_ACCOUNT_KEPT_MESSAGE } from '@app/domain/account-api';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import { Forbidden } from '../../errors.ts';
import type { AccountService } from './service.ts';

export async function accountRoutes(fastify: FastifyInstance, options: { account: AccountService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { account } = options;
  const tags = ['account'];

  app.get(
    '/api/account/export',
    {
      schema: {
        tags,
        summary:
          'Everything held about you as one JSON file: profile, onboarding, documents with download links, jobs with notes, outcomes and history, companies to avoid, filters, e-mails, feedback, sessions',
      },
    },
    async (request, reply) => {
      const data = await account.export(currentUser(request).id);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('content-disposition', contentDisposition(`my-data-${day}.json`))
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/api/account',
    {
      schema: {
        tags,
        summary:
          'Delete your account and everything held about you; `email` must be the address you sign in with. Ends every session. Staff accounts are kept (403)',
        body: deleteAccountBodySchema,
        response: { 204: z.null().describe('Deleted: no body') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (user.role === 'staff') throw Forbidden(STAFF_ACCOUNT_KEPT_MESSAGE);
      await account.erase(user.id, request.body.email);
      return reply.code(204).send(null);
    },
  );
}
