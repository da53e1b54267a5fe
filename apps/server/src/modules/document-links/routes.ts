import { sharedLinkSchema } from '@app/domain/document-download';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import type { ActivityService } from '../activity/service.ts';
import { sendAttachment } from '../files/attachment.ts';
import {
  DEFAULT_LINK_DAYS,
  type DocumentLinksService,
  LINK_DOWNLOAD_PATH,
  MAX_LINK_DAYS,
} from './service.ts';

export async function documentLinkRoutes(
  app: FastifyInstance,
  options: { links: DocumentLinksService; activity: ActivityService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { links } = options;

  routes.post(
    '/api/document-links',
    {
      schema: {
        tags: ['files'],
        summary: 'Create a signed, expiring download link for a document (its owner and staff only)',
        body: z.object({
          path: z.string().min(1).max(2048).describe('The stored path, or a URL that contains it'),
          expiresInDays: z.number().int().min(1).max(MAX_LINK_DAYS).default(DEFAULT_LINK_DAYS),
        }),
        response: { 201: z.object({ data: sharedLinkSchema }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const shared = await links.create(user, request.body.path, request.body.expiresInDays);
      // A link opens a client's document to whoever holds it: staff making one for a client's
      // document is an action on client data, like downloading it (decision 030).
      await options.activity.recordStaffDocumentAccess(user, shared.ownerId, 'document.shared', {
        summary: shared.fileName,
        expires_at: shared.link.expires_at,
      });
      return reply.status(201).send({ data: shared.link });
    },
  );

  routes.get(
    LINK_DOWNLOAD_PATH,
    {
      // The signature is the permission: whoever holds an unexpired link may download.
      config: { public: true },
      schema: {
        tags: ['files'],
        summary: 'Download the document a signed link names, as an attachment (no sign-in needed)',
        querystring: z.object({ token: z.string().optional() }),
      },
    },
    // A missing token is refused like a tampered one.
    async (request, reply) => sendAttachment(reply, await links.open(request.query.token ?? '')),
  );
}
