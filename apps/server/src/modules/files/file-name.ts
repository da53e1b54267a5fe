import { splitExtension, uploadFileName } from '@app/domain/document-upload';

const MAX_NAME_LENGTH = 100;
/**
 * And at most this many bytes as UTF-8: a file system allows 255 bytes per name, and the stored name
 * carries a 37-byte prefix (`<uuid>-`) and, while it is written, a 45-byte suffix. A hundred
 * Cyrillic or Chinese characters would not fit.
 */
const MAX_NAME_BYTES = 120;
const MAX_EXTENSION_LENGTH = 10;

/**
 * Turns a client-supplied file name into one that is safe as the last segment of a storage key and
 * inside a Content-Disposition header: the base name only, no control or invisible characters, no
 * path separators, spaces as underscores (as the spec asks), only letters, digits and `._()-`,
 * no leading dot, and short (in characters and in bytes).
 */
export function safeFileName(original: string): string {
  const base = original.split(/[/\\]/).pop() ?? '';
  const visible = base.normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, '');
  const cleaned = uploadFileName(visible)
    .replace(/[^\p{L}\p{N}._()-]/gu, '_')
    .replace(/_{2,}/g, '_');
  // The extension is split off first, so a name that is only symbols before it ('★.pdf') keeps it;
  // one longer than MAX_EXTENSION_LENGTH (with its dot) stays part of the name.
  const parts = splitExtension(cleaned);
  const hasExtension = parts.extension.length <= MAX_EXTENSION_LENGTH;
  const extension = hasExtension ? parts.extension.toLowerCase() : '';
  const cleanStem = (hasExtension ? parts.stem : cleaned).replace(/^[._]+/, '');
  let stem = '';
  let bytes = Buffer.byteLength(extension);
  for (const char of Array.from(cleanStem).slice(0, MAX_NAME_LENGTH - extension.length)) {
    bytes += Buffer.byteLength(char);
    if (bytes > MAX_NAME_BYTES) break;
    stem += char;
  }
  return `${stem || 'document'}${extension}`;
}

/** The extension without its dot, lower-cased ('' when there is none), as DocumentType names it. */
export function extensionOf(name: string): string {
  return splitExtension(name).extension.slice(1).toLowerCase();
}
