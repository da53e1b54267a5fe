import { CLIENT_NOT_FOUND_MESSAGE } from '@app/domain/admin-email';
import {
  CLIENT_ID_NOT_FOUND_MESSAGE,
  clientLookupQuerySchema,
  clientLookupResponseSchema,
} from '@app/domain/clients-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFound } from '../../errors.ts';
import type { ClientsService } from './service.ts';

/**
 * Staff look a client up by e-mail to learn the id every other staff call takes, or by id to learn
 * whom an id stands for (nothing is logged: it names the client, it opens nothing of theirs).
 */
export async function clientsRoutes(
  fastify: FastifyInstance,
  options: { clients: ClientsService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { clients } = options;

  app.get(
    '/api/admin/clients',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary:
          "Staff: the client with this e-mail (a user's sign-in e-mail first, then a pending client) or this id; says which matched",
        querystring: clientLookupQuerySchema,
        response: { 200: clientLookupResponseSchema },
      },
    },
    async (request) => {
      const { email, client_id: clientId } = request.query;
      if (clientId !== undefined) {
        const client = await clients.findCurrentById(clientId);
        if (!client) throw NotFound(CLIENT_ID_NOT_FOUND_MESSAGE);
        return { data: { client, matched: 'client_id' as const } };
      }
      const found = await clients.findByEmail(email!);
      if (!found) throw NotFound(CLIENT_NOT_FOUND_MESSAGE);
      return { data: found };
    },
  );
}
