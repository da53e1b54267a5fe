import {
  ADMIN_ACTIONS,
  type AdminAction,
  adminEmailRequestSchema,
  fetchResponseSchema,
  generateFiltersResponseSchema,
  previewResponseSchema,
  saveFiltersResponseSchema,
  sendResponseSchema,
  sendTeamResponseSchema,
} from '@app/domain/admin-email';
import {
  clientDocumentParamsSchema,
  clientPageParamsSchema,
  clientPageResponseSchema,
  replaceFiltersBodySchema,
  replaceFiltersResponseSchema,
} from '@app/domain/client-page';
import {
  boardResponseSchema,
  welcomeBatchBodySchema,
  welcomeBatchResponseSchema,
} from '@app/domain/clients-board';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import { BadRequest } from '../../errors.ts';
import { staffActor } from '../activity/service.ts';
import { sendAttachment } from '../files/attachment.ts';
import { type Board, boardRequestSchema } from './board.ts';
import type { AdminService } from './service.ts';

const UNKNOWN_ACTION_MESSAGE = `Unknown action. Use one of: ${ADMIN_ACTIONS.join(', ')}`;

function isAdminAction(action: string | undefined): action is AdminAction {
  return (ADMIN_ACTIONS as readonly string[]).includes(action ?? '');
}

export async function adminRoutes(
  fastify: FastifyInstance,
  { admin, board }: { admin: AdminService; board: Board },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/board',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary:
          'Staff: the clients board, one row per client and pending client; searched, narrowed to a view or to clients by id, sorted and paged',
        querystring: boardRequestSchema,
        response: { 200: boardResponseSchema },
      },
    },
    async (request) => board.page(request.query),
  );

  app.post(
    '/api/admin/user-email-management',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary:
          'Staff: fetch a client, preview or send their welcome e-mail and team notification, generate and save job filters',
        body: adminEmailRequestSchema,
        response: {
          200: z.union([
            fetchResponseSchema,
            sendResponseSchema,
            sendTeamResponseSchema,
            generateFiltersResponseSchema,
            saveFiltersResponseSchema,
            previewResponseSchema,
          ]),
        },
      },
    },
    async (request) => {
      const { email, client_id, action, formatted_data } = request.body;
      if (!isAdminAction(action)) throw BadRequest(UNKNOWN_ACTION_MESSAGE);
      const actor = staffActor(currentUser(request));
      const target = { email, clientId: client_id };
      switch (action) {
        case 'fetch':
          return admin.fetch(actor, target);
        case 'send':
          return admin.sendWelcome(actor, target);
        case 'send_team':
          return admin.sendTeamNotification(actor, target);
        case 'generate_filters':
          return admin.generateFilters(actor, target);
        case 'save_filters':
          return admin.saveFilters(actor, target, formatted_data);
        case 'preview':
          return admin.preview(target);
      }
    },
  );

  app.post(
    '/api/admin/welcome-emails',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary:
          "Staff: the welcome e-mail to several clients by id, written as the client page writes it and left to the outbox's sender; each client is answered with what came of theirs",
        body: welcomeBatchBodySchema,
        response: { 200: welcomeBatchResponseSchema },
      },
    },
    async (request) => ({
      data: await admin.queueWelcomeForEach(
        staffActor(currentUser(request)),
        request.body.client_ids,
        request.log,
      ),
    }),
  );

  app.get(
    '/api/admin/clients/:id',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary:
          "Staff: one client's page by user or pending-client id: e-mails, onboarding, profile, filters, last e-mails (logged as opened)",
        params: clientPageParamsSchema,
        response: { 200: clientPageResponseSchema },
      },
    },
    async (request) => ({
      data: await admin.clientPage(staffActor(currentUser(request)), request.params.id),
    }),
  );

  app.get(
    '/api/admin/clients/:id/documents/:which',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary: "Staff: download the client's resume or cover letter, as an attachment (logged)",
        params: clientDocumentParamsSchema,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id, which } = request.params;
      return sendAttachment(
        reply,
        await admin.openDocument({ ...staffActor(user), userId: user.id }, id, which),
      );
    },
  );

  app.put(
    '/api/admin/clients/:id/filters',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary: 'Staff: replace every saved filter of the client with a new set (e.g. newly generated)',
        params: clientPageParamsSchema,
        body: replaceFiltersBodySchema,
        response: { 200: replaceFiltersResponseSchema },
      },
    },
    async (request) =>
      admin.replaceFilters(
        staffActor(currentUser(request)),
        request.params.id,
        request.body.formatted_data,
        request.body.replacing,
      ),
  );
}
