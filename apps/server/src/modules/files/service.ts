import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  checkDocumentFile,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  type UploadedDocument,
} from '@app/domain/document-upload';
import { displayFileName, normalizeDocumentPath } from '@app/domain/profile-display';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Clock, isoTime } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { BadRequest, NotFound, PayloadTooLarge, UnsupportedMediaType } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { type DocumentType, detectDocumentType } from './document-type.ts';
import { extensionOf, safeFileName } from './file-name.ts';
import { createDocumentsRepo, type DocumentRow, queueDeletions } from './repo.ts';

export const UPLOAD_FOLDERS = ['resumes', 'cover-letters', 'uploads'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];
export const DOCUMENT_NOT_FOUND_MESSAGE = 'Document not found';
/**
 * An upload made longer ago than this that the record does not point at now was left behind
 * (picked, then replaced before saving, removed, cancelled or never saved): the periodic sweep
 * deletes it, and so does an upload that finds the quota full, to make room.
 */
const FORGOTTEN_AFTER_MS = 60 * 60 * 1000;
/** How many queued deletions one sweep takes at a time. */
const DELETION_BATCH = 100;

const storageQuotaMessage = (quotaBytes: number) =>
  `You have used your ${Math.round(quotaBytes / (1024 * 1024))} MB of document storage. Files you uploaded but did not keep are cleared an hour after upload: please try again then.`;
export const INVALID_DOCUMENT_PATH_MESSAGE = 'Invalid document path';

const CONTENT_TYPES: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

export interface DocumentDownload {
  stream: Readable;
  size: number;
  fileName: string;
  contentType: string;
  /** The user who uploaded it: whose document staff are reading. */
  ownerId: string;
}

export interface DocumentReader {
  id: string;
  /** Staff rights (see CurrentUser): any client's document, not only one's own. */
  staff: boolean;
}

/**
 * Uploads into the `documents` bucket, within each user's storage quota, and serves them back to
 * their owner and to staff. Callers that never upload may leave the quota out.
 */
export function createFilesService(
  db: Db,
  storage: Storage,
  publicUrl: string,
  clock: Clock,
  log: Pick<FastifyBaseLogger, 'warn'>,
  storageQuotaBytes = Number.POSITIVE_INFINITY,
) {
  const repo = createDocumentsRepo(db);

  /**
   * Deletes a user's document, row and file, unless their record names it or an e-mail still
   * waiting to be sent attaches it; answers whether it did. Signed links to it simply stop working.
   * The row goes first, with the file queued for deletion in the same transaction (which takes the
   * user's row, as a save naming a document does, so a save and this never cross); the file is then
   * deleted, or left to the queue's sweep when the storage refuses. Deleting twice is harmless, so
   * instances sweeping at once need no claim.
   */
  const removeUnreferenced = async (userId: string, pathOrUrl: string): Promise<boolean> => {
    const path = normalizeDocumentPath(pathOrUrl);
    if (path === null || !(await repo.deleteUnreferenced(userId, path, isoTime(clock)))) return false;
    await deleteQueued([path]);
    return true;
  };

  /** The document `pathOrUrl` names, when this user uploaded it; read inside `within` when given. */
  const ownDocument = async (
    userId: string,
    pathOrUrl: string,
    within?: Kysely<Database>,
  ): Promise<DocumentRow | undefined> => {
    const path = normalizeDocumentPath(pathOrUrl);
    const document = path === null ? undefined : await repo.findByPath(path, within);
    return document?.user_id === userId ? document : undefined;
  };

  /** The document `pathOrUrl` names, when this user uploaded it and it is still stored. */
  const ownStoredDocument = async (userId: string, pathOrUrl: string): Promise<DocumentRow | undefined> => {
    const document = await ownDocument(userId, pathOrUrl);
    return document && (await storage.exists(document.path)) ? document : undefined;
  };

  /** Deletes the user's uploads left behind (see FORGOTTEN_AFTER_MS); answers how many. */
  const removeForgotten = async (userId: string): Promise<number> => {
    const before = isoTime(clock, -FORGOTTEN_AFTER_MS);
    const inRecord = new Set((await repo.recordDocumentValues(userId)).map(normalizeDocumentPath));
    const forgotten = (await repo.pathsStoredBefore(userId, before)).filter((path) => !inRecord.has(path));
    let removed = 0;
    for (const path of forgotten) {
      // A document that cannot be deleted now must not hold up the others, nor the upload.
      try {
        if (await removeUnreferenced(userId, path)) removed += 1;
      } catch (error) {
        log.warn({ err: error, userId }, 'could not delete a forgotten upload');
      }
    }
    return removed;
  };

  /**
   * Deletes queued files and takes each off the queue; a file the storage refuses goes to the back
   * of the queue for the next sweep, so files that keep failing never hold up the others. A file
   * that a document row names after all (an upload whose commit only looked failed) is kept.
   * Answers how many left the queue.
   */
  const deleteQueued = async (paths: string[]): Promise<number> => {
    let settled = 0;
    for (const path of paths) {
      try {
        if (!(await repo.findByPath(path))) await storage.delete(path);
        await repo.dequeueDeletion(path);
        settled += 1;
      } catch (error) {
        log.warn({ err: error, path }, 'could not delete a stored file; the next sweep tries again');
        await repo.postponeDeletion(path, isoTime(clock)).catch(() => {});
      }
    }
    return settled;
  };

  /** Deletes a file no row names; one the storage refuses now is queued for the sweep. */
  const deleteUnnamed = async (path: string): Promise<void> => {
    try {
      await storage.delete(path);
    } catch (error) {
      log.warn({ err: error, path }, 'could not delete a stored file; the next sweep tries again');
      await queueDeletions(db.kysely, [path], isoTime(clock)).catch((queueError: unknown) => {
        log.warn({ err: queueError, path }, 'could not queue a stored file for deletion');
      });
    }
  };

  return {
    /**
     * Queues stored files for deletion inside the transaction that removes the rows naming them
     * (then `deleteQueued`): a storage that refuses, or a crash in between, cannot leave a file
     * that nothing points to and nothing will delete.
     */
    async queueDeletionsIn(trx: Kysely<Database>, paths: string[]): Promise<void> {
      await queueDeletions(trx, paths, isoTime(clock));
    },

    deleteQueued,

    /**
     * Deletes everyone's uploads left behind (see FORGOTTEN_AFTER_MS), with the same checks as a
     * full quota's clean-up: not pointed at by the record, not attached to an e-mail still waiting to
     * be sent. Answers how many were deleted.
     */
    async sweepForgottenUploads(): Promise<number> {
      let removed = 0;
      for (const userId of await repo.ownersOfDocumentsStoredBefore(isoTime(clock, -FORGOTTEN_AFTER_MS))) {
        removed += await removeForgotten(userId);
      }
      return removed;
    },

    /** Deletes every queued file the storage now accepts to delete; answers how many left the queue. */
    async sweepQueuedDeletions(): Promise<number> {
      // Files refused during this sweep move behind the moment it started and wait for the next
      // one; a file met twice (its move failed too) ends this one.
      const startedAt = isoTime(clock);
      const met = new Set<string>();
      let settled = 0;
      for (;;) {
        const batch = await repo.queuedDeletions(DELETION_BATCH, startedAt);
        const fresh = batch.filter((path) => !met.has(path));
        for (const path of fresh) met.add(path);
        settled += await deleteQueued(fresh);
        if (batch.length < DELETION_BATCH || fresh.length < batch.length) return settled;
      }
    },

    async upload(input: {
      userId: string;
      folder: UploadFolder;
      fileName: string;
      bytes: Buffer;
    }): Promise<UploadedDocument> {
      const name = safeFileName(input.fileName);
      const problem = checkDocumentFile({ name, size: input.bytes.length });
      if (problem === FILE_TOO_LARGE_MESSAGE) throw PayloadTooLarge(problem);
      if (problem) throw UnsupportedMediaType(problem);
      // The content must be what the extension claims: a renamed executable is not a document.
      const type = await detectDocumentType(input.bytes);
      if (type === null || extensionOf(name) !== type) throw UnsupportedMediaType(FILE_TYPE_MESSAGE);

      const path = `${input.folder}/${input.userId}/${randomUUID()}-${name}`;
      await storage.put(path, input.bytes, CONTENT_TYPES[type]);
      const row = {
        id: randomUUID(),
        user_id: input.userId,
        path,
        original_name: input.fileName.slice(0, 255),
        size: input.bytes.length,
        content_type: CONTENT_TYPES[type],
        created_at: isoTime(clock),
      };
      let stored: boolean;
      try {
        stored = await repo.insertWithinQuota(row, storageQuotaBytes);
        if (!stored && (await removeForgotten(input.userId)) > 0) {
          stored = await repo.insertWithinQuota(row, storageQuotaBytes);
        }
      } catch (error) {
        // No record, no file: an object nobody can reach is removed again.
        await deleteUnnamed(path);
        throw error;
      }
      if (!stored) {
        await deleteUnnamed(path);
        throw PayloadTooLarge(storageQuotaMessage(storageQuotaBytes));
      }
      return { url: documentUrl(publicUrl, path), path, name, size: input.bytes.length };
    },

    /** The stored document at `path`, whoever owns it. */
    findDocument(path: string): Promise<DocumentRow | undefined> {
      return repo.findByPath(path);
    },

    /**
     * The user's own document named by `pathOrUrl`, ready to attach to an e-mail, when it is still
     * stored; undefined for anything else.
     */
    async attachableDocument(
      userId: string,
      pathOrUrl: string,
    ): Promise<{ key: string; filename: string; content_type: string } | undefined> {
      const document = await ownStoredDocument(userId, pathOrUrl);
      return (
        document && {
          key: document.path,
          filename: displayFileName(document.path),
          content_type: document.content_type,
        }
      );
    },

    /** Whether `pathOrUrl` names a document this user uploaded and that is still stored. */
    async isOwnStoredDocument(userId: string, pathOrUrl: string): Promise<boolean> {
      return (await ownStoredDocument(userId, pathOrUrl)) !== undefined;
    },

    /**
     * Whether `pathOrUrl` names a document row of this user, read inside `within`: a save that names
     * it asks again in its transaction, having taken the user's row (removeUnreferenced), with no
     * call to the storage while it holds them.
     */
    async isOwnDocument(userId: string, pathOrUrl: string, within: Kysely<Database>): Promise<boolean> {
      return (await ownDocument(userId, pathOrUrl, within)) !== undefined;
    },

    removeUnreferenced,

    async openForDownload(reader: DocumentReader, requestedPath: string): Promise<DocumentDownload> {
      const path = normalizeDocumentPath(requestedPath);
      if (path === null) throw BadRequest(INVALID_DOCUMENT_PATH_MESSAGE);
      const document = await repo.findByPath(path);
      // Someone else's document answers exactly like a missing one.
      if (!document || (document.user_id !== reader.id && !reader.staff)) {
        throw NotFound(DOCUMENT_NOT_FOUND_MESSAGE);
      }
      const object = await storage.get(path);
      if (!object) throw NotFound(DOCUMENT_NOT_FOUND_MESSAGE);
      const type = extensionOf(path) as DocumentType;
      return {
        stream: object.stream,
        size: object.size,
        fileName: displayFileName(path),
        contentType: CONTENT_TYPES[type] ?? 'application/octet-stream',
        ownerId: document.user_id,
      };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Built once in modules.ts; tests run the sweeps (the deletion queue, forgotten uploads) on it. */
    storedFiles: Pick<FilesService, 'sweepQueuedDeletions' | 'sweepForgottenUploads'>;
  }
}

/**
 * Where a stored document can be fetched by its owner or staff (with their bearer token). The
 * `public/documents/<path>` shape is the one the spec's download rule trims back to the stored
 * path, so the URL kept in a profile works with both download routes.
 */
export function documentUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${DOCUMENT_URL_PREFIX}${path.split('/').map(encodeURIComponent).join('/')}`;
}

export const DOCUMENT_URL_PREFIX = '/api/storage/public/documents/';
