import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Texts kept encrypted at rest: `v1.<iv>.<ciphertext>.<tag>`, each part base64url, sealed with
 * AES-256-GCM, so what is stored can be neither read nor altered without the key. Used for what the
 * server must read back in full, such as the staff second factor's TOTP secrets (a hash would not
 * do: checking a code needs the secret itself).
 *
 * `boundTo` names what the text belongs to (a user id, say) and is authenticated with it: a sealed
 * text copied to another row does not open there.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealText(key: Buffer, text: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** True for what `sealText` made (with any key); anything else was stored before texts were sealed. */
export const isSealedText = (stored: string): boolean => stored.startsWith(`${VERSION}.`);

/** The text, or null when it was not sealed with this key for `boundTo`, or has been altered. */
export function openSealedText(key: Buffer, stored: string, boundTo: string): string | null {
  const [version, ivText, sealedText, tagText, ...rest] = stored.split('.');
  if (version !== VERSION || ivText === undefined || sealedText === undefined || tagText === undefined)
    return null;
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (rest.length > 0 || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(sealedText, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
