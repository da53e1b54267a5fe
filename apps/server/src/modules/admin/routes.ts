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
import { boardQuerySchema, boardResponseSchema } from '@app/domain/clients-board';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequest } from '../../errors.ts';
import type { ClientsService } from '../clients/service.ts';
import type { FilesService } from '../files/service.ts';
import type { FiltersService } from '../filters/service.ts';
import type { Mailer } from '../mail/service.ts';
import type { OnboardingService } from '../onboarding/service.ts';
import { createBoard } from './board.ts';
import { createAdminService } from './service.ts';

const UNKNOWN_ACTION_MESSAGE = `Unknown action. Use one of: ${ADMIN_ACTIONS.join(', ')}`;

function isAdminAction(action: string | undefined): action is AdminAction {
  return (ADMIN_ACTIONS as readonly string[]).includes(action ?? '');
}

export async function adminRoutes(
  fastify: FastifyInstance,
  options: {
    mailer: Mailer;
    clients: ClientsService;
    filters: FiltersService;
    onboarding: OnboardingService;
    files: FilesService;
  },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = createAdminService({ config: app.config, ...options });
  const board = createBoard({
    db: app.db.kysely,
    staffEmailDomain: app.config.staffEmailDomain,
    onboarding: options.onboarding,
  });

  app.get(
    '/api/admin/board',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary:
          'Staff: the clients board, one row per client and pending client; searched, narrowed to a view, sorted and paged',
        querystring: boardQuerySchema,
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
      const { email, action, formatted_data } = request.body;
      if (!isAdminAction(action)) throw BadRequest(UNKNOWN_ACTION_MESSAGE);
      switch (action) {
        case 'fetch':
          return admin.fetch(email);
        case 'send':
          return admin.sendWelcome(email);
        case 'send_team':
          return admin.sendTeamNotification(email);
        case 'generate_filters':
          return admin.generateFilters(email);
        case 'save_filters':
          return admin.saveFilters(email, formatted_data);
        case 'preview':
          return admin.preview(email);
      }
    },
  );
}
