import { derivedKey } from '../../auth/keys.ts';
import { signText, verifySignedText } from '../../auth/signed-text.ts';
import type { Config } from '../../config.ts';

/**
 * One-click unsubscribe links for the weekly summary: the user id, signed. Nothing is stored and
 * nothing expires: the signature is the permission to switch the summary off, which is all the link
 * can do (RFC 8058).
 */
export function unsubscribeKey(config: Config): Buffer {
  return derivedKey(config, 'weekly-summary-unsubscribe/v1');
}

export function unsubscribeToken(key: Buffer, userId: string): string {
  return signText(key, userId);
}

/** The user id a token was made for, or null for anything not made by `unsubscribeToken`. */
export function verifyUnsubscribeToken(key: Buffer, token: string): string | null {
  return verifySignedText(key, token);
}

export const UNSUBSCRIBE_PATH = '/api/weekly-summary/unsubscribe';

export function unsubscribeUrl(publicUrl: string, key: Buffer, userId: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(key, userId)}`;
}

/** RFC 2369 and RFC 8058: mail programs show an Unsubscribe button that POSTs to the link. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
