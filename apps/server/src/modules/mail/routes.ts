import { outboxQuerySchema, outboxResponseSchema } from '@app/domain/admin-email';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Mailer } from './service.ts';

const OUTBOX_PAGE = 200;

/** The outbox for staff, and the sender's lifecycle: it runs while the app is ready, stops on close. */
export async function mailRoutes(fastify: FastifyInstance, options: { mailer: Mailer }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { mailer } = options;
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());

  app.get(
    '/api/admin/outbox',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary: `Staff: the newest ${OUTBOX_PAGE} e-mails (to or about a client when client_id is given), sent or waiting`,
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => ({ data: await mailer.list(request.query.client_id, OUTBOX_PAGE) }),
  );
}
