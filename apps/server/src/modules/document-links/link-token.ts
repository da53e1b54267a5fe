import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadCookieKey } from '../../auth/keys.ts';
import type { Config } from '../../config.ts';

/**
 * Signed, expiring document links. A token is `<payload>.<signature>`, both base64url: the payload
 * is `{"p": <stored path>, "e": <expiry, seconds since the epoch>}`, the signature its HMAC-SHA256.
 * Nothing is stored: the signature is the permission, and the expiry is inside what is signed.
 */
export interface LinkPayload {
  path: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export type LinkCheck =
  | { ok: true; payload: LinkPayload }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

/**
 * The signing key: derived from the same secret as the sign-in cookie key (AUTH_COOKIE_SECRET, or
 * the secret generated once in the data folder), with its own label so the two keys never coincide.
 */
export function documentLinkKey(config: Config): Buffer {
  return createHmac('sha256', loadCookieKey(config)).update('document-links/v1').digest();
}

function signature(key: Buffer, encodedPayload: string): Buffer {
  return createHmac('sha256', key).update(encodedPayload).digest();
}

export function signLinkToken(key: Buffer, payload: LinkPayload): string {
  const encoded = Buffer.from(JSON.stringify({ p: payload.path, e: payload.expiresAt })).toString(
    'base64url',
  );
  return `${encoded}.${signature(key, encoded).toString('base64url')}`;
}

/** Checks the signature first (in constant time), then the shape, then the expiry. */
export function verifyLinkToken(key: Buffer, token: string, nowSeconds: number): LinkCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [encoded, given] = parts as [string, string];
  const expected = signature(key, encoded);
  const actual = Buffer.from(given, 'base64url');
  // Re-encoding catches signatures that decode to the right bytes from a different text.
  if (
    actual.length !== expected.length ||
    !timingSafeEqual(actual, expected) ||
    actual.toString('base64url') !== given
  ) {
    return { ok: false, reason: 'bad-signature' };
  }
  const payload = parsePayload(encoded);
  if (!payload) return { ok: false, reason: 'malformed' };
  if (payload.expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}

function parsePayload(encoded: string): LinkPayload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { p, e } = value as { p?: unknown; e?: unknown };
    if (typeof p !== 'string' || typeof e !== 'number' || !Number.isFinite(e)) return null;
    return { path: p, expiresAt: e };
  } catch {
    return null;
  }
}
