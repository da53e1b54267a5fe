import { errors, jwtVerify, SignJWT } from 'jose';
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

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** ES256 access tokens; each request's token is verified (see docs/decisions/018 for the cost). */
export function createAccessTokens(
  key: SigningKey,
  options: { issuer: string; ttlSeconds: number },
): AccessTokens {
  return {
    async issue(claims) {
      const issuedAt = nowSeconds();
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
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key.publicKey, {
          algorithms: ['ES256'],
          issuer: options.issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'exp', 'email', 'role', 'sid'],
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
      return { userId: sub, email, role, sessionId: sid, mfa: mfa === true, expiresAt: exp };
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
