import {
  checkDocumentFile,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  MAX_UPLOAD_BYTES,
  uploadedDocumentSchema,
} from '@app/domain/document-upload';
import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import {
  BadRequest,
  HttpError,
  PayloadTooLarge,
  TooManyRequests,
  UnsupportedMediaType,
} from '../../errors.ts';
import { repeatWhileOpen } from '../../repeat.ts';
import type { ActivityService } from '../activity/service.ts';
import { sendAttachment } from './attachment.ts';
import { safeFileName } from './file-name.ts';
import { DOCUMENT_URL_PREFIX, type FilesService, UPLOAD_FOLDERS, type UploadFolder } from './service.ts';

export const NO_FILE_MESSAGE = 'Choose a file to upload';
export const BAD_FOLDER_MESSAGE = `Folder must be one of: ${UPLOAD_FOLDERS.join(', ')}`;
export const BROKEN_UPLOAD_MESSAGE = 'The upload was incomplete. Please try again.';
export const TOO_MANY_UPLOADS_MESSAGE =
  'Too many uploads at once. Please wait for one to finish, then try again.';
/**
 * How many uploads one person may have under way on one instance. Each holds up to 5 MB in memory
 * until its last byte arrives, which may take HTTP_REQUEST_TIMEOUT_MS: the per-minute limit alone
 * would let one account keep hundreds open at once. Memory is per instance, so the count is too.
 */
export const MAX_UPLOADS_UNDER_WAY = 3;
/**
 * How often each instance tries again the stored files the storage would not delete before, and
 * deletes the uploads left behind for an hour.
 */
const DELETION_SWEEP_EVERY_MS = 5 * 60_000;

/**
 * What each instance runs every DELETION_SWEEP_EVERY_MS: the queued deletions, then the forgotten
 * uploads. A failed sweep of the queue is logged and does not hold up the one of forgotten uploads.
 */
export async function sweepStoredFiles(
  files: Pick<FilesService, 'sweepQueuedDeletions' | 'sweepForgottenUploads'>,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  await files
    .sweepQueuedDeletions()
    .catch((error: unknown) => log.error({ err: error }, 'stored file deletion sweep failed'));
  await files.sweepForgottenUploads();
}

/** Registered as its own plugin so multipart parsing exists only for the upload route. */
export async function fileRoutes(
  app: FastifyInstance,
  options: { files: FilesService; activity: ActivityService },
): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { files, activity } = options;
  /** Uploads under way on this instance, by user id (see MAX_UPLOADS_UNDER_WAY). */
  const underWay = new Map<string, number>();

  // Deleting the same file twice is harmless, so every instance sweeps without a claim.
  repeatWhileOpen(
    app,
    DELETION_SWEEP_EVERY_MS,
    () => sweepStoredFiles(files, app.log),
    'sweep of forgotten uploads failed',
  );

  routes.post(
    '/api/file-upload',
    {
      // Each upload may hold 5 MB in memory: its own tighter budget (UPLOAD_RATE_LIMIT_PER_MINUTE).
      config: { rateLimit: { max: app.config.rateLimits.uploadsPerUser } },
      schema: {
        tags: ['files'],
        summary: 'Upload a resume or cover letter (.pdf, .docx or .doc, at most 5 MB)',
        description:
          'multipart/form-data with `file` and optional `folder` (resumes, cover-letters or uploads; default uploads).',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: uploadedDocumentSchema }) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      // Counted before the body is read: with multipart, the handler runs before the body is consumed.
      const held = underWay.get(userId) ?? 0;
      if (held >= MAX_UPLOADS_UNDER_WAY) throw TooManyRequests(TOO_MANY_UPLOADS_MESSAGE);
      underWay.set(userId, held + 1);
      try {
        const { file, folder } = await readUpload(request);
        const uploaded = await files.upload({ userId, folder, fileName: file.name, bytes: file.bytes });
        return reply.status(201).send({ data: uploaded });
      } finally {
        const left = (underWay.get(userId) ?? 1) - 1;
        if (left > 0) underWay.set(userId, left);
        else underWay.delete(userId);
      }
    },
  );

  const sendDocument = async (request: FastifyRequest, reply: FastifyReply, requestedPath: string) => {
    const user = currentUser(request);
    const download = await files.openForDownload(user, requestedPath);
    // Staff reading a client's document is an action on client data (decision 030).
    await activity.recordStaffDocumentAccess(user, download.ownerId, 'document.downloaded', {
      summary: download.fileName,
    });
    return sendAttachment(reply, download);
  };

  routes.get(
    '/api/documents/download',
    {
      schema: {
        tags: ['files'],
        summary: 'Download a stored document (its owner and staff only), always as an attachment',
        querystring: z.object({
          path: z.string().min(1).max(2048).describe('The stored path, or a URL that contains it'),
        }),
      },
    },
    async (request, reply) => sendDocument(request, reply, request.query.path),
  );

  routes.get(
    `${DOCUMENT_URL_PREFIX}*`,
    {
      schema: {
        tags: ['files'],
        summary: 'The same download, at the URL an upload answers with',
      },
    },
    // The whole request path is normalised: it keeps its encoding and the part after public/documents/.
    async (request, reply) => sendDocument(request, reply, request.url),
  );
}

/**
 * Reads the whole form: the file may come before or after `folder`. The file is kept in memory
 * (5 MB at most) because its type is checked from its bytes, some of which (a DOCX's directory)
 * are at the end; a file whose name already rules it out is refused before any of them is kept.
 * Any parsing failure is the client's (an aborted or malformed upload).
 */
async function readUpload(
  request: FastifyRequest,
): Promise<{ file: { name: string; bytes: Buffer }; folder: UploadFolder }> {
  if (!request.isMultipart()) throw BadRequest(NO_FILE_MESSAGE);
  let file: { name: string; bytes: Buffer } | undefined;
  let folder = 'uploads';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const refusal = refuseByName(part.fieldname, part.filename);
        if (refusal) {
          // Its bytes are let through unread: a part left paused would hold the client's upload,
          // and its connection, until the request times out.
          part.file.resume();
          throw refusal;
        }
        file = { name: part.filename, bytes: await part.toBuffer() };
      } else if (part.fieldname === 'folder') {
        folder = String(part.value);
      }
    }
  } catch (error) {
    throw uploadFailure(error);
  }
  if (!file) throw BadRequest(NO_FILE_MESSAGE);
  if (!isUploadFolder(folder)) throw BadRequest(BAD_FOLDER_MESSAGE);
  return { file, folder };
}

/**
 * Why a file part is refused before its bytes are read, if it is: the wrong form field, or a name
 * whose extension (once cleaned as it would be stored) the service would refuse anyway. Its size
 * and content are checked by the service once it has arrived.
 */
function refuseByName(fieldname: string, filename: string | undefined): HttpError | undefined {
  if (fieldname !== 'file') return BadRequest(NO_FILE_MESSAGE);
  // A part sent as application/octet-stream may have no file name at all.
  if (checkDocumentFile({ name: safeFileName(filename ?? ''), size: 0 }) === FILE_TYPE_MESSAGE) {
    return UnsupportedMediaType(FILE_TYPE_MESSAGE);
  }
  return undefined;
}

function isUploadFolder(folder: string): folder is UploadFolder {
  return (UPLOAD_FOLDERS as readonly string[]).includes(folder);
}

function uploadFailure(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return PayloadTooLarge(FILE_TOO_LARGE_MESSAGE);
  if (code === 'FST_FILES_LIMIT') return BadRequest('Upload one file at a time');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return BadRequest('Too many form fields');
  return BadRequest(BROKEN_UPLOAD_MESSAGE);
}
