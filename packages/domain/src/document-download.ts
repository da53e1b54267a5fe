import { z } from 'zod';
import { splitExtension } from './document-upload.ts';

/**
 * The type a downloaded document is saved with (spec 2, section 9): known by its extension, and a
 * PDF when the extension is unknown or missing.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

const FALLBACK_DOWNLOAD_TYPE = CONTENT_TYPES.pdf as string;

export function downloadContentType(fileName: string): string {
  // The extension as splitExtension finds it, without its dot.
  const extension = splitExtension(fileName).extension.slice(1).toLowerCase();
  return CONTENT_TYPES[extension] ?? FALLBACK_DOWNLOAD_TYPE;
}

/** A signed, expiring link to a document, made for its owner or staff (decision 008). */
export const sharedLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string().describe('ISO 8601'),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;
