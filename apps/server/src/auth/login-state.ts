import { isSameSitePath } from '@app/domain/same-site-path';
import { EncryptJWT, jwtDecrypt } from 'jose';

/**
 * What the callback needs to finish a sign-in that /authorize started. It travels in an encrypted,
 * short-lived cookie instead of server memory, so the callback can land on any instance.
 */
export interface LoginState {
  codeVerifier: string;
  state: string;
  nonce: string;
  redirectTo: string;
}

export const LOGIN_STATE_COOKIE = 'signin_state';
export const LOGIN_STATE_TTL_SECONDS = 600;

export async function sealLoginState(state: LoginState, key: Uint8Array): Promise<string> {
  return new EncryptJWT({ ...state })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${LOGIN_STATE_TTL_SECONDS}s`)
    .encrypt(key);
}

/** The sealed state, or undefined when it is missing, tampered with or older than ten minutes. */
export async function openLoginState(
  sealed: string | undefined,
  key: Uint8Array,
): Promise<LoginState | undefined> {
  if (!sealed) return undefined;
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const { codeVerifier, state, nonce, redirectTo } = payload;
    if ([codeVerifier, state, nonce, redirectTo].every((value) => typeof value === 'string')) {
      return { codeVerifier, state, nonce, redirectTo } as LoginState;
    }
  } catch {
    // Expired or forged: treated exactly like a missing cookie.
  }
  return undefined;
}

/**
 * The path on this site to return to after signing in, percent-encoded as a Location header must
 * be (so any Unicode character is kept, safely); undefined for anything that is not such a path,
 * before or after encoding (`/.//evil.test` would become `//evil.test`).
 */
export function sameSitePath(value: string): string | undefined {
  if (!isSameSitePath(value)) return undefined;
  const url = new URL(value, 'http://site.invalid');
  const encoded = `${url.pathname}${url.search}${url.hash}`;
  return isSameSitePath(encoded) ? encoded : undefined;
}
