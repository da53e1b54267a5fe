import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock.ts';
import { Unauthorized } from '../errors.ts';
import type { SigningKey } from './keys.ts';

export type Role = 'client' | 'staff';

/** What a valid access token says about its bearer. */
export interface AccessTokenClaims {
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The session passed the staff second factor before this token was issued. */
  mfa: boolean;
  /** Unix seconds. */
  expiresAt: number;
}

export interface AccessTokens {
  issue(claims: Omit<AccessTokenClaims, 'expiresAt'>): Promise<{ token: string; expiresAt: number }>;
  /** Resolves with the token's claims, or throws a 401 HttpError saying what is wrong with it. */
  verify(token: string): Promise<AccessTokenClaims>;
}

export const ACCESS_TOKEN_AUDIENCE = 'authenticated';
export const INVALID_SIGNATURE_MESSAGE = 'Invalid JWT signature';

/**
 * ES256 access tokens. A verified token is remembered until it expires (the exact token text, at
 * most `rememberedTokens` of them; 0 remembers none): verifying the signature cost half of an
 * authenticated read (`npm run bench -- session-check`, docs/decisions/018). Whether the session
 * is still live is checked on every request all the same, by the guard.
 */
export function createAccessTokens(
  key: SigningKey,
  options: { issuer: string; ttlSeconds: number; clock: Clock; rememberedTokens?: number },
): AccessTokens {
  const { clock } = options;
  const rememberedTokens = options.rememberedTokens ?? 10_000;
  const verified =
    rememberedTokens > 0
      ? new LRUCache<string, AccessTokenClaims>({
          max: rememberedTokens,
          // Each entry lives until its token expires (set below), by the clock that checks `exp`.
          ttl: options.ttlSeconds * 1000,
          perf: clock,
          ttlResolution: 0,
        })
      : undefined;

  return {
    async issue(claims) {
      const issuedAt = Math.floor(clock.now() / 1000);
      const expiresAt = issuedAt + options.ttlSeconds;
      const token = await new SignJWT({
        email: claims.email,
        role: claims.role,
        sid: claims.sessionId,
        ...(claims.mfa ? { mfa: true } : {}),
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.publicJwk.kid })
        .setSubject(claims.userId)
        .setIssuer(options.issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key.privateKey);
      return { token, expiresAt };
    },

    async verify(token) {
      const remembered = verified?.get(token);
      if (remembered) return remembered;
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key.publicKey, {
          algorithms: ['ES256'],
          issuer: options.issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'exp', 'email', 'role', 'sid'],
          currentDate: new Date(clock.now()),
        }));
      } catch (error) {
        throw Unauthorized(verificationFailureMessage(error));
      }
      const { sub, email, role, sid, exp, mfa } = payload;
      if (
        typeof sub !== 'string' ||
        typeof email !== 'string' ||
        (role !== 'client' && role !== 'staff') ||
        typeof sid !== 'string' ||
        typeof exp !== 'number' ||
        (mfa !== undefined && mfa !== true)
      ) {
        throw Unauthorized('Malformed access token');
      }
      const claims: AccessTokenClaims = {
        userId: sub,
        email,
        role,
        sessionId: sid,
        mfa: mfa === true,
        expiresAt: exp,
      };
      verified?.set(token, claims, { ttl: Math.max(1, exp * 1000 - clock.now()) });
      return claims;
    },
  };
}

function verificationFailureMessage(error: unknown): string {
  if (error instanceof errors.JWSSignatureVerificationFailed) return INVALID_SIGNATURE_MESSAGE;
  if (error instanceof errors.JWTExpired) return 'Access token has expired';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'Access token must be signed with ES256';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'Access token was issued by someone else';
    if (error.claim === 'aud') return 'Access token is not meant for this service';
    if (error.claim === 'nbf' || error.claim === 'iat') return 'Access token is not valid yet';
  }
  return 'Malformed access token';
}
