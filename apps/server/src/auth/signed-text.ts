import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Texts that carry their own permission: `<text, base64url>.<HMAC-SHA256 of that, base64url>`.
 * Used by the links the product sends out (document links, unsubscribe links), so nothing about a
 * link has to be stored.
 */

const signature = (key: Buffer, encoded: string) => createHmac('sha256', key).update(encoded).digest();

export function signText(key: Buffer, text: string): string {
  const encoded = Buffer.from(text).toString('base64url');
  return `${encoded}.${signature(key, encoded).toString('base64url')}`;
}

/**
 * The text a token signed, or null for anything `signText` did not make with this key: checked in
 * constant time, and re-encoded so that a signature spelled differently but decoding to the same
 * bytes is refused too.
 */
export function verifySignedText(key: Buffer, token: string): string | null {
  const [encoded, given, ...rest] = token.split('.');
  if (!encoded || !given || rest.length > 0) return null;
  const expected = signature(key, encoded);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (actual.toString('base64url') !== given) return null;
  return Buffer.from(encoded, 'base64url').toString('utf8');
}
