import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadCookieKey } from '../../auth/keys.ts';
import type { Config } from '../../config.ts';

/**
 * One-click unsubscribe links for the weekly summary: `<user id, base64url>.<HMAC-SHA256>`. Nothing
 * is stored and nothing expires: the signature is the permission to switch the summary off, which
 * is all the link can do (RFC 8058).
 */
export function unsubscribeKey(config: Config): Buffer {
  return createHmac('sha256', loadCookieKey(config)).update('weekly-summary-unsubscribe/v1').digest();
}

const signature = (key: Buffer, encoded: string) => createHmac('sha256', key).update(encoded).digest();

export function unsubscribeToken(key: Buffer, userId: string): string {
  const encoded = Buffer.from(userId).toString('base64url');
  return `${encoded}.${signature(key, encoded).toString('base64url')}`;
}

/** The user id a token was made for, or null for anything not made by `unsubscribeToken`. */
export function verifyUnsubscribeToken(key: Buffer, token: string): string | null {
  const [encoded, given, ...rest] = token.split('.');
  if (!encoded || !given || rest.length > 0) return null;
  const expected = signature(key, encoded);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (actual.toString('base64url') !== given) return null;
  return Buffer.from(encoded, 'base64url').toString('utf8');
}

export const UNSUBSCRIBE_PATH = '/api/weekly-summary/unsubscribe';

export function unsubscribeUrl(publicUrl: string, key: Buffer, userId: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(key, userId)}`;
}

/** RFC 2369 and RFC 8058: mail programs show an Unsubscribe button that POSTs to the link. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
