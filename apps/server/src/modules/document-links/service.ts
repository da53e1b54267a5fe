import type { SharedLink } from '@app/domain/document-download';
import { normalizeDocumentPath } from '@app/domain/profile-display';
import type { Clock } from '../../clock.ts';
import { BadRequest, Forbidden, HttpError, NotFound } from '../../errors.ts';
import {
  DOCUMENT_NOT_FOUND_MESSAGE,
  type DocumentDownload,
  type DocumentReader,
  type FilesService,
  INVALID_DOCUMENT_PATH_MESSAGE,
} from '../files/service.ts';
import { signLinkToken, verifyLinkToken } from './link-token.ts';

/** Spec 2, section 8: the one answer for a link that is tampered with, expired, foreign or stale. */
const LINK_DOWNLOAD_FAILED_MESSAGE = 'Could not download the file from the provided URL.';
export const DEFAULT_LINK_DAYS = 7;
export const MAX_LINK_DAYS = 30;
export const LINK_DOWNLOAD_PATH = '/api/document-links/download';

const DAY_SECONDS = 24 * 60 * 60;

/** A link just made, with whose document it opens. */
export interface SharedDocument {
  link: SharedLink;
  ownerId: string;
  fileName: string;
}

export interface DocumentLinksDeps {
  files: FilesService;
  publicUrl: string;
  key: Buffer;
  clock: Clock;
}

/** Links that let anyone holding them download one document until they expire. */
export function createDocumentLinksService({ files, publicUrl, key, clock }: DocumentLinksDeps) {
  return {
    /** Only the document's owner, or staff, may share it; anyone else learns nothing about it. */
    async create(
      reader: DocumentReader,
      requestedPath: string,
      days = DEFAULT_LINK_DAYS,
    ): Promise<SharedDocument> {
      const path = normalizeDocumentPath(requestedPath);
      if (path === null) throw BadRequest(INVALID_DOCUMENT_PATH_MESSAGE);
      const document = await files.findDocument(path);
      if (!document || (document.user_id !== reader.id && !reader.staff)) {
        throw NotFound(DOCUMENT_NOT_FOUND_MESSAGE);
      }
      const expiresAt = Math.floor(clock.now() / 1000) + days * DAY_SECONDS;
      const token = signLinkToken(key, { path, expiresAt });
      return {
        link: {
          url: `${publicUrl}${LINK_DOWNLOAD_PATH}?token=${encodeURIComponent(token)}`,
          expires_at: new Date(expiresAt * 1000).toISOString(),
        },
        ownerId: document.user_id,
        fileName: document.original_name,
      };
    },

    /**
     * A bad or expired signature is refused (403); a signed path that is no longer a stored
     * document is not found (404). Both say the same thing to the visitor.
     */
    async open(token: string): Promise<DocumentDownload> {
      const check = verifyLinkToken(key, token, Math.floor(clock.now() / 1000));
      if (!check.ok) throw Forbidden(LINK_DOWNLOAD_FAILED_MESSAGE);
      const path = normalizeDocumentPath(check.payload.path);
      const document = path === null ? undefined : await files.findDocument(path);
      if (!path || !document) throw NotFound(LINK_DOWNLOAD_FAILED_MESSAGE);
      try {
        // The signature stands for the owner's permission, so the file is read as the owner reads it.
        return await files.openForDownload({ id: document.user_id, staff: false }, path);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404)
          throw NotFound(LINK_DOWNLOAD_FAILED_MESSAGE);
        throw error;
      }
    },
  };
}

export type DocumentLinksService = ReturnType<typeof createDocumentLinksService>;
