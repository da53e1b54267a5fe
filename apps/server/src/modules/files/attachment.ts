import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { DocumentDownload } from './service.ts';

/**
 * Sends a stored document the one safe way: always as an attachment (never rendered by the
 * browser, with an ASCII fallback name and the exact UTF-8 name), with the content type of its
 * extension, no sniffing and no shared caching.
 */
export function sendAttachment(reply: FastifyReply, download: DocumentDownload): FastifyReply {
  return reply
    .header('content-type', download.contentType)
    .header('content-length', download.size)
    .header('content-disposition', contentDisposition(download.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(download.stream);
}
