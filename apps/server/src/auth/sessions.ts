import { createHash, randomBytes } from 'node:crypto';
import { isStaffEmail } from '@app/domain/staff';
import { Unauthorized } from '../errors.ts';
import type { AccessTokens, Role } from './access-tokens.ts';
import type { AuthRepo, ProviderIdentity, UserRecord } from './repo.ts';

/** The user as the API shows it. */
export interface PublicUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
}

export interface IssuedSession {
  accessToken: string;
  /** Unix seconds. */
  expiresAt: number;
  expiresIn: number;
  refreshToken: string;
  user: PublicUser;
}

export const SESSION_MISSING_MESSAGE = 'Auth session missing';
export const INVALID_REFRESH_TOKEN_MESSAGE = 'Invalid refresh token';
export const REFRESH_TOKEN_REUSED_MESSAGE =
  'Invalid refresh token: already used. The session has been signed out; please sign in again.';
export const SESSION_ENDED_MESSAGE = 'The session has ended; please sign in again.';

/** Staff are users whose verified e-mail is on the company domain; see @app/domain/staff. */
export function roleOf(user: UserRecord, staffEmailDomain: string): Role {
  return user.emailVerified && isStaffEmail(user.email, staffEmailDomain) ? 'staff' : 'client';
}

export function toPublicUser(user: UserRecord, role: Role): PublicUser {
  return { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName, role };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const isoIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/**
 * Sessions: one row per sign-in, a chain of single-use refresh tokens (stored hashed) and
 * short-lived access tokens. Access tokens stay valid until they expire; revoking a session stops
 * its refresh tokens.
 */
export function createSessionService(deps: {
  repo: AuthRepo;
  tokens: AccessTokens;
  staffEmailDomain: string;
  refreshTokenTtlSeconds: number;
}) {
  const { repo, tokens, staffEmailDomain, refreshTokenTtlSeconds } = deps;

  async function issue(user: UserRecord, sessionId: string): Promise<IssuedSession> {
    const refreshToken = randomBytes(32).toString('base64url');
    await repo.insertRefreshToken(hashToken(refreshToken), sessionId);
    const role = roleOf(user, staffEmailDomain);
    const access = await tokens.issue({ userId: user.id, email: user.email, role, sessionId });
    return {
      accessToken: access.token,
      expiresAt: access.expiresAt,
      expiresIn: access.expiresAt - Math.floor(Date.now() / 1000),
      refreshToken,
      user: toPublicUser(user, role),
    };
  }

  return {
    /** Records the person (creating or updating the user) and starts a session for them. */
    async signIn(identity: ProviderIdentity): Promise<IssuedSession> {
      const user = await repo.upsertUserFromIdentity(identity);
      await repo.deleteEndedSessions(user.id, new Date().toISOString());
      const sessionId = await repo.createSession(user.id, isoIn(refreshTokenTtlSeconds));
      return issue(user, sessionId);
    },

    /**
     * Exchanges a refresh token for a new one and a fresh access token. A token that was already
     * exchanged means it leaked (or was replayed), so the whole session is revoked.
     */
    async refresh(refreshToken: string): Promise<IssuedSession> {
      const tokenHash = hashToken(refreshToken);
      const record = await repo.findRefreshToken(tokenHash);
      if (!record) throw Unauthorized(INVALID_REFRESH_TOKEN_MESSAGE);
      if (record.sessionRevokedAt || record.sessionExpiresAt <= new Date().toISOString()) {
        throw Unauthorized(SESSION_ENDED_MESSAGE);
      }
      if (record.usedAt || !(await repo.claimRefreshToken(tokenHash))) {
        await repo.revokeSession(record.sessionId);
        throw Unauthorized(REFRESH_TOKEN_REUSED_MESSAGE);
      }
      const user = await repo.findUserById(record.userId);
      if (!user) throw Unauthorized(SESSION_ENDED_MESSAGE);
      await repo.extendSession(record.sessionId, isoIn(refreshTokenTtlSeconds));
      await repo.deleteUsedRefreshTokens(record.sessionId, isoIn(-refreshTokenTtlSeconds));
      return issue(user, record.sessionId);
    },

    async revoke(sessionId: string): Promise<void> {
      await repo.revokeSession(sessionId);
    },

    /** Revokes the session a refresh token belongs to; unknown tokens are ignored. */
    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      const record = await repo.findRefreshToken(hashToken(refreshToken));
      if (record) await repo.revokeSession(record.sessionId);
    },

    async findUser(userId: string): Promise<UserRecord | undefined> {
      return repo.findUserById(userId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
