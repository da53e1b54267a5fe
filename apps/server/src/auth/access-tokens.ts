import { errors, jwtVerify, SignJWT } from 'jose';
import { Unauthorized } from '../errors.ts';
import { ExpiringCache } from '../expiring-cache.ts';
import type { SigningKey } from './keys.ts';

export type Role = 'client' | 'staff';

/** What a valid access token says about its bearer. */
export interface AccessTokenClaims {
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
  /** Unix seconds. */
  expiresAt: number;
}

export interface AccessTokens {
  issue(claims: Omit<AccessTokenClaims, 'expiresAt'>): Promise<{ token: string; expiresAt: number }>;
  /** Resolves with the token's claims, or throws a 401 HttpError saying what is wrong with it. */
  verify(token: string): Promise<AccessTokenClaims>;
  /** The claims of a token verified before and not expired yet, without any asynchronous work. */
  remembered(token: string): AccessTokenClaims | undefined;
}

export const ACCESS_TOKEN_AUDIENCE = 'authenticated';
export const INVALID_SIGNATURE_MESSAGE = 'Invalid JWT signature';

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The last of a JWT's three dot-separated parts. */
const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1);

/**
 * ES256 access tokens. Verified tokens are remembered (the exact token text, until they
 * expire) so that signature checks do not dominate the cost of an API call.
 */
export function createAccessTokens(
  key: SigningKey,
  options: { issuer: string; ttlSeconds: number; cacheSize?: number },
): AccessTokens {
  // Keyed by the signature, the token's last ~86 characters: hashing the whole token for every
  // request cost more than the rest of the lookup. A hit still has to match the whole token.
  const verified = new ExpiringCache<string, { token: string; claims: AccessTokenClaims }>(
    options.cacheSize ?? 10_000,
  );
  const rememberedClaims = (token: string): AccessTokenClaims | undefined => {
    const entry = verified.get(signatureOf(token), nowSeconds());
    return entry?.token === token ? entry.claims : undefined;
  };

  return {
    async issue(claims) {
      const issuedAt = nowSeconds();
      const expiresAt = issuedAt + options.ttlSeconds;
      const token = await new SignJWT({ email: claims.email, role: claims.role, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.publicJwk.kid })
        .setSubject(claims.userId)
        .setIssuer(options.issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key.privateKey);
      return { token, expiresAt };
    },

    remembered(token) {
      return rememberedClaims(token);
    },

    async verify(token) {
      const cached = rememberedClaims(token);
      if (cached) return cached;
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
      const { sub, email, role, sid, exp } = payload;
      if (
        typeof sub !== 'string' ||
        typeof email !== 'string' ||
        (role !== 'client' && role !== 'staff') ||
        typeof sid !== 'string' ||
        typeof exp !== 'number'
      ) {
        throw Unauthorized('Malformed access token');
      }
      const claims: AccessTokenClaims = { userId: sub, email, role, sessionId: sid, expiresAt: exp };
      verified.set(signatureOf(token), { token, claims }, claims.expiresAt);
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
