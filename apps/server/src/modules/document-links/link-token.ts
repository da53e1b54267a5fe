import { derivedKey } from '../../auth/keys.ts';
import { signText, verifySignedText } from '../../auth/signed-text.ts';
import type { Config } from '../../config.ts';

/**
 * Signed, expiring document links: the signed text (auth/signed-text.ts) is
 * `{"p": <stored path>, "e": <expiry, seconds since the epoch>}`. Nothing is stored: the signature
 * is the permission, and the expiry is inside what is signed.
 */
export interface LinkPayload {
  path: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export type LinkCheck =
  | { ok: true; payload: LinkPayload }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

/** The key of document links, of their own (see `derivedKey`). */
export function documentLinkKey(config: Config): Buffer {
  return derivedKey(config, 'document-links/v1');
}

export function signLinkToken(key: Buffer, payload: LinkPayload): string {
  return signText(key, JSON.stringify({ p: payload.path, e: payload.expiresAt }));
}

/** Checks the signature first (in constant time), then the shape, then the expiry. */
export function verifyLinkToken(key: Buffer, token: string, nowSeconds: number): LinkCheck {
  const text = verifySignedText(key, token);
  if (text === null) return { ok: false, reason: 'bad-signature' };
  const payload = parsePayload(text);
  if (!payload) return { ok: false, reason: 'malformed' };
  if (payload.expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}

function parsePayload(text: string): LinkPayload | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { p, e } = value as { p?: unknown; e?: unknown };
    if (typeof p !== 'string' || typeof e !== 'number' || !Number.isFinite(e)) return null;
    return { path: p, expiresAt: e };
  } catch {
    return null;
  }
}
