/**
 * What a resume or cover-letter upload may be (spec 1, sections 5 and 9): the browser checks it
 * before sending, the server enforces it on receipt.
 */
import { z } from 'zod';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_DOCUMENT_EXTENSIONS = ['.pdf', '.docx', '.doc'] as const;
export const FILE_TOO_LARGE_MESSAGE = 'File size must be less than 5MB';
export const FILE_TYPE_MESSAGE = `File type not supported. Please upload: ${ACCEPTED_DOCUMENT_EXTENSIONS.join(',')}`;

/**
 * A file name split before its extension's dot, both as written: 'My_CV.PDF' is 'My_CV' and '.PDF'.
 * No extension ('') when there is no dot, only a leading one (a hidden file's name: '.pdf') or a
 * trailing one ('cv.'). The browser's check and the server's file names read extensions with it.
 */
export function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1
    ? { stem: name.slice(0, dot), extension: name.slice(dot) }
    : { stem: name, extension: '' };
}

/** The spec's message for a file that may not be uploaded, or null when it may. Size is checked first. */
export function checkDocumentFile(file: { name: string; size: number }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  if (
    !(ACCEPTED_DOCUMENT_EXTENSIONS as readonly string[]).includes(
      splitExtension(file.name).extension.toLowerCase(),
    )
  ) {
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
