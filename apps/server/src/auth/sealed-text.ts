import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Texts kept encrypted at rest: `v1.<iv>.<ciphertext>.<tag>`, each part base64url, sealed with
 * AES-256-GCM, so what is stored can be neither read nor altered without the key. Used for what the
 * server must read back in full, such as the staff second factor's TOTP secrets (a hash would not
 * do: checking a code needs the secret itself).
 */

const VERSION = 'v1';
const IV_BYTES = 12;

export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** True for what `sealText` made (with any key); anything else was stored before texts were sealed. */
export const isSealedText = (stored: string): boolean => stored.startsWith(`${VERSION}.`);

/** The text, or null when it was not sealed with this key or has been altered. */
export function openSealedText(key: Buffer, stored: string): string | null {
  const [version, iv, sealed, tag, ...rest] = stored.split('.');
  if (version !== VERSION || !iv || sealed === undefined || !tag || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
