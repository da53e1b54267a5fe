import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import { openStorage } from '../../storage/storage.ts';
import { documentLinkKey } from './link-token.ts';
import {
  createDocumentLinksService,
  DEFAULT_LINK_DAYS,
  LINK_DOWNLOAD_FAILED_MESSAGE,
  LINK_DOWNLOAD_PATH,
  MAX_LINK_DAYS,
} from './service.ts';

export async function documentLinkRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const links = createDocumentLinksService({
    db: app.db,
    storage: openStorage(app.config.storageUrl),
    publicUrl: app.config.publicUrl,
    key: documentLinkKey(app.config),
  });

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
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const link = await links.create(
        { id: user.id, role: user.role },
        request.body.path,
        request.body.expiresInDays,
      );
      return reply.status(201).send({ data: link });
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
    async (request, reply) => {
      const { token } = request.query;
      if (!token) return reply.status(403).send({ error: LINK_DOWNLOAD_FAILED_MESSAGE });
      const download = await links.open(token);
      return reply
        .header('content-type', download.contentType)
        .header('content-length', download.size)
        .header('content-disposition', attachment(download.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(download.stream);
    },
  );
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
