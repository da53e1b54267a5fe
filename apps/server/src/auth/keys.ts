import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import { z } from 'zod';
import type { Config } from '../config.ts';

/** A P-256 public key as published: the curve point, its thumbprint as the id, and what it is for. */
export const publicJwkSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
});

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as published at /auth/v1/.well-known/jwks.json. */
  publicJwk: z.infer<typeof publicJwkSchema>;
}

/**
 * The access-token signing key: AUTH_JWT_PRIVATE_KEY when set (several instances share it),
 * otherwise a P-256 key generated once and kept in the data folder so restarts keep sessions.
 */
export async function loadSigningKey(config: Config): Promise<SigningKey> {
  const pem =
    config.auth.jwtPrivateKey ??
    readOrCreateSecretFile(path.join(config.dataDir, 'auth-jwt-private-key.pem'), () =>
      generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    );
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('AUTH_JWT_PRIVATE_KEY must be a P-256 (ES256) private key');
  }
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  // Parsed rather than cast: what is published is exactly these fields (config checks the curve).
  const publicJwk = publicJwkSchema.parse({ ...jwk, kid, alg: 'ES256', use: 'sig' });
  return { privateKey, publicKey, publicJwk };
}

/**
 * The 256-bit key that encrypts the short-lived sign-in state cookie: derived from
 * AUTH_COOKIE_SECRET when set (instances behind one load balancer share it), otherwise from a
 * secret generated once and kept in the data folder.
 */
export function loadCookieKey(config: Config): Uint8Array {
  const secret =
    config.auth.cookieSecret ??
    readOrCreateSecretFile(path.join(config.dataDir, 'auth-cookie-secret'), () =>
      randomBytes(32).toString('base64url'),
    );
  return new Uint8Array(createHash('sha256').update(secret).digest());
}

/**
 * A 256-bit key for one use: derived from the same secret as the sign-in cookie key
 * (AUTH_COOKIE_SECRET, or the secret generated once in the data folder), under the use's own label,
 * so no two uses' keys ever coincide and what one use made is refused by another.
 */
export function derivedKey(config: Config, label: string): Buffer {
  return createHmac('sha256', loadCookieKey(config)).update(label).digest();
}

/**
 * Reads a secret file, creating it (owner-only permissions) when missing. The secret is written whole
 * to a file of this process's own, then linked into place: a link never replaces a file, and the
 * secret is complete before its name exists. So processes starting together on one data folder end up
 * with the same secret, and none reads one half written.
 */
function readOrCreateSecretFile(file: string, create: () => string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(draft, create(), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, 'utf8');
}
