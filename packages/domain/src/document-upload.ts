/**
 * What a resume or cover-letter upload may be (spec 1, sections 5 and 9): the browser checks it
 * before sending, the server enforces it on receipt.
 */
import { z } from 'zod';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_DOCUMENT_EXTENSIONS = ['.pdf', '.docx', '.doc'] as const;
export const FILE_TOO_LARGE_MESSAGE = 'File size must be less than 5MB';
export const FILE_TYPE_MESSAGE = `File type not supported. Please upload: ${ACCEPTED_DOCUMENT_EXTENSIONS.join(',')}`;

/** The extension with its dot, lower-cased ('' when there is none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The spec's message for a file that may not be uploaded, or null when it may. Size is checked first. */
export function checkDocumentFile(file: { name: string; size: number }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  if (!(ACCEPTED_DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return FILE_TYPE_MESSAGE;
  }
  return null;
}

/** Spaces in a file name become underscores before upload. */
export function uploadFileName(name: string): string {
  return name.replace(/\s/g, '_');
}

/** The answer to an upload: where the file is kept, the name it was stored under, and its size in bytes. */
export const uploadedDocumentSchema = z.object({
  url: z.string(),
  path: z.string(),
  name: z.string(),
  size: z.number().int(),
});
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;
