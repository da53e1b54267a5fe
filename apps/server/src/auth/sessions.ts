import { createHash, randomBytes } from 'node:crypto';
import { REFRESH_TOKEN_REUSE_INTERVAL_MS } from '@app/domain/session-refresh';
import { isStaffEmail } from '@app/domain/staff';
import { LRUCache } from 'lru-cache';
import { type Clock, isoTime } from '../clock.ts';
import { HttpError, NotFound, Unauthorized } from '../errors.ts';
import type { AccessTokens, Role } from './access-tokens.ts';
import type { IdentityResolver } from './identity.ts';
import {
  type AuthRepo,
  LAST_SEEN_RESOLUTION_SECONDS,
  type ProviderIdentity,
  type SessionListing,
  type SessionStatus,
  type UserRecord,
} from './repo.ts';

/** Where a staff member stands with the second factor: set it up, enter a code, or done. */
export type SecondFactorState = 'enrol' | 'verify' | 'passed';

/** The user as the API shows it; `mfa` only for staff. */
export interface PublicUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  mfa?: SecondFactorState;
}

/** What a sign-in records about the device, for the devices list. */
export interface SessionDetails {
  userAgent: string | undefined;
}

export interface IssuedSession {
  accessToken: string;
  /** Unix seconds. */
  expiresAt: number;
  expiresIn: number;
  refreshToken: string;
  /** Seconds the refresh token may be kept: never past the session's absolute lifetime. */
  refreshTokenMaxAge: number;
  user: PublicUser;
}

/** Why a session ended, as recorded on it. */
export type SessionEndReason = 'signed_out' | 'refresh_token_reuse' | 'ended_by_owner' | 'disabled_by_staff';

export const INVALID_REFRESH_TOKEN_MESSAGE = 'Invalid refresh token';
export const REFRESH_TOKEN_REUSED_MESSAGE =
  'Invalid refresh token: already used. The session has been signed out; please sign in again.';
export const SESSION_ENDED_MESSAGE = 'The session has ended; please sign in again.';
const SESSION_NOT_FOUND_MESSAGE = 'No such signed-in device';
export const ACCOUNT_GONE_MESSAGE = 'This account no longer exists';

/** A refresh token came back after it was exchanged: the session is revoked; callers log it. */
export class RefreshTokenReusedError extends HttpError {
  readonly userId: string;
  constructor(userId: string) {
    super(401, REFRESH_TOKEN_REUSED_MESSAGE);
    this.userId = userId;
  }
}

/** How long one instance trusts what it read about a session: well under the 5 s promise. */
export const SESSION_CHECK_TTL_MS = 2_000;
/** Stored user agents are cut to this length: enough to tell the browser and system apart. */
const USER_AGENT_MAX_LENGTH = 256;

/** Staff are users whose verified e-mail is on the company domain; see @app/domain/staff. */
export function roleOf(user: Pick<UserRecord, 'email' | 'emailVerified'>, staffEmailDomain: string): Role {
  return user.emailVerified && isStaffEmail(user.email, staffEmailDomain) ? 'staff' : 'client';
}

export function toPublicUser(user: UserRecord, role: Role, mfa?: SecondFactorState): PublicUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role,
    ...(role === 'staff' && mfa ? { mfa } : {}),
  };
}

/** What the database keeps of a refresh token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Sessions: one row per sign-in, a chain of single-use refresh tokens (stored hashed) and
 * short-lived access tokens. A session ends when its owner signs out, when a used refresh token
 * comes back, when its owner or staff end it, or at its absolute lifetime; every request checks
 * that its session is still live (see `isLive`), so its access tokens die with it.
 */
export function createSessionService(deps: {
  repo: AuthRepo;
  identities: IdentityResolver;
  tokens: AccessTokens;
  staffEmailDomain: string;
  refreshTokenTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  secondFactor: { required: boolean; isEnrolled(userId: string): Promise<boolean> };
  clock: Clock;
}) {
  const {
    repo,
    identities,
    tokens,
    staffEmailDomain,
    refreshTokenTtlSeconds,
    sessionMaxAgeSeconds,
    secondFactor,
    clock,
  } = deps;
  const isoIn = (seconds: number) => isoTime(clock, seconds * 1000);
  const secondsUntil = (iso: string) => Math.max(0, Math.floor((Date.parse(iso) - clock.now()) / 1000));

  // What this instance last read of each session; a revocation elsewhere is seen within the TTL.
  // Sessions that no longer exist (ended ones are deleted at the owner's next sign-in) are
  // remembered too, as null, so their tokens cost one read per TTL.
  const sessionStatuses = new LRUCache<string, { status: SessionStatus | null }>({
    max: 50_000,
    ttl: SESSION_CHECK_TTL_MS,
    // The service's clock, read on every check (no timer per read), so tests can move it.
    perf: clock,
    ttlResolution: 0,
    fetchMethod: async (sessionId) => {
      const status = (await repo.findSessionStatus(sessionId)) ?? null;
      const seenBefore = clock.now() - LAST_SEEN_RESOLUTION_SECONDS * 1000;
      if (status && !status.revokedAt && (!status.lastSeenAt || Date.parse(status.lastSeenAt) < seenBefore)) {
        await repo.markSessionSeen(sessionId);
      }
      return { status };
    },
  });

  async function secondFactorState(user: UserRecord, role: Role, passed: boolean) {
    if (role !== 'staff') return undefined;
    if (passed || !secondFactor.required) return 'passed';
    return (await secondFactor.isEnrolled(user.id)) ? 'verify' : 'enrol';
  }

  /** A fresh access token for the session, and the user as it shows them. */
  async function access(
    user: UserRecord,
    sessionId: string,
    mfaPassed: boolean,
  ): Promise<Omit<IssuedSession, 'refreshToken' | 'refreshTokenMaxAge'>> {
    const role = roleOf(user, staffEmailDomain);
    const mfa = role === 'staff' && mfaPassed;
    const issued = await tokens.issue({ userId: user.id, email: user.email, role, sessionId, mfa });
    return {
      accessToken: issued.token,
      expiresAt: issued.expiresAt,
      expiresIn: issued.expiresAt - Math.floor(clock.now() / 1000),
      user: toPublicUser(user, role, await secondFactorState(user, role, mfa)),
    };
  }

  const newRefreshToken = () => randomBytes(32).toString('base64url');

  /** A new session's first refresh token, stored, with its access token. */
  async function issue(
    user: UserRecord,
    session: { id: string; expiresAt: string; mfaPassed: boolean },
  ): Promise<IssuedSession> {
    const refreshToken = newRefreshToken();
    await repo.insertRefreshToken(hashToken(refreshToken), session.id);
    return {
      ...(await access(user, session.id, session.mfaPassed)),
      refreshToken,
      refreshTokenMaxAge: secondsUntil(session.expiresAt),
    };
  }

  async function end(sessionId: string, reason: SessionEndReason): Promise<boolean> {
    const ended = await repo.revokeSession(sessionId, reason);
    sessionStatuses.delete(sessionId);
    return ended;
  }

  return {
    /** Finds (or creates) the person's user account (see identity.ts) and starts a session for them. */
    async signIn(identity: ProviderIdentity, details: SessionDetails): Promise<IssuedSession> {
      const user = await identities.resolveUser(identity);
      await repo.deleteEndedSessions(user.id, isoTime(clock));
      const expiresAt = isoIn(Math.min(refreshTokenTtlSeconds, sessionMaxAgeSeconds));
      const userAgent = (details.userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH);
      const sessionId = await repo.createSession({ userId: user.id, expiresAt, userAgent });
      return issue(user, { id: sessionId, expiresAt, mfaPassed: false });
    },

    /**
     * Exchanges a refresh token for a new one and a fresh access token. A token exchanged more than
     * REFRESH_TOKEN_REUSE_INTERVAL_MS ago means it leaked (or was replayed), so the whole session is
     * revoked; within that interval it is the same browser retrying a refresh whose answer it never
     * got, and it gets a new token (decision 040). Refreshing never carries a session past its
     * absolute lifetime (AUTH_SESSION_MAX_AGE from sign-in).
     */
    async refresh(refreshToken: string): Promise<IssuedSession> {
      const tokenHash = hashToken(refreshToken);
      const record = await repo.findRefreshToken(tokenHash);
      if (!record) throw Unauthorized(INVALID_REFRESH_TOKEN_MESSAGE);
      if (record.sessionRevokedAt || record.sessionExpiresAt <= isoTime(clock)) {
        throw Unauthorized(SESSION_ENDED_MESSAGE);
      }
      const reused = async () => {
        await end(record.sessionId, 'refresh_token_reuse');
        return new RefreshTokenReusedError(record.userId);
      };
      const reusableSince = isoIn(-REFRESH_TOKEN_REUSE_INTERVAL_MS / 1000);
      if (record.usedAt && record.usedAt < reusableSince) throw await reused();
      const user = await repo.findUserById(record.userId);
      if (!user) throw Unauthorized(SESSION_ENDED_MESSAGE);
      const absoluteEnd = Date.parse(record.sessionCreatedAt) + sessionMaxAgeSeconds * 1000;
      const expiresAt = new Date(
        Math.min(clock.now() + refreshTokenTtlSeconds * 1000, absoluteEnd),
      ).toISOString();
      // The answer is made before the token is used: whatever fails before the rotation commits
      // leaves the token usable for the retry.
      const granted = await access(user, record.sessionId, record.sessionMfaPassedAt !== null);
      const next = newRefreshToken();
      const rotated = await repo.rotateRefreshToken({
        used: tokenHash,
        next: hashToken(next),
        sessionId: record.sessionId,
        expiresAt,
        forgetUsedBefore: isoIn(-refreshTokenTtlSeconds),
        reusableSince,
      });
      if (rotated === 'ended') throw Unauthorized(SESSION_ENDED_MESSAGE);
      if (rotated === 'reused') throw await reused();
      return { ...granted, refreshToken: next, refreshTokenMaxAge: secondsUntil(expiresAt) };
    },

    /**
     * Whether the session an access token names is still live (not ended, not expired) and
     * belongs to the token's user. Read through a per-instance cache of SESSION_CHECK_TTL_MS.
     */
    async isLive(sessionId: string, userId: string): Promise<boolean> {
      // A read cut short (the entry deleted as its session ends, or evicted) rejects: read again.
      const cached = await sessionStatuses.fetch(sessionId).catch(() => sessionStatuses.fetch(sessionId));
      const status = cached?.status;
      return (
        !!status &&
        status.userId === userId &&
        !status.revokedAt &&
        Date.parse(status.expiresAt) > clock.now()
      );
    },

    /** Signing out: ends the session. */
    async signOut(sessionId: string): Promise<void> {
      await end(sessionId, 'signed_out');
    },

    /** Ends the session a refresh token belongs to; unknown tokens are ignored. */
    async signOutByRefreshToken(refreshToken: string): Promise<void> {
      const record = await repo.findRefreshToken(hashToken(refreshToken));
      if (record) await end(record.sessionId, 'signed_out');
    },

    /** The user's live sessions (their signed-in devices). */
    async list(userId: string): Promise<SessionListing[]> {
      return repo.listLiveSessions(userId);
    },

    /** The owner ends one of their sessions (again is fine); 404 for a session that is not theirs. */
    async endOwn(userId: string, sessionId: string): Promise<void> {
      if ((await repo.findSessionOwner(sessionId)) !== userId) throw NotFound(SESSION_NOT_FOUND_MESSAGE);
      await end(sessionId, 'ended_by_owner');
    },

    /** Ends every session of the user, but `keep` when given; answers how many ended. */
    async endAll(userId: string, keep?: string): Promise<number> {
      let ended = 0;
      // Only live sessions: expired ones have ended already and are not relabelled as ended now.
      for (const { id } of await repo.listLiveSessions(userId)) {
        if (id !== keep && (await end(id, 'ended_by_owner'))) ended++;
      }
      return ended;
    },

    /**
     * Forgets what this instance remembers of a deleted user's sessions (their rows went with the
     * account), so their tokens are refused here at once, and on other instances within
     * SESSION_CHECK_TTL_MS as for any ended session.
     */
    forgetUser(userId: string): void {
      for (const [sessionId, entry] of sessionStatuses.entries()) {
        if (entry.status?.userId === userId) sessionStatuses.delete(sessionId);
      }
    },

    /**
     * Staff disable a session (again is fine); 404 when there is no such session. Answers the id of
     * the user it belongs to.
     */
    async disable(sessionId: string): Promise<string> {
      const owner = await repo.findSessionOwner(sessionId);
      if (!owner) throw NotFound(SESSION_NOT_FOUND_MESSAGE);
      await end(sessionId, 'disabled_by_staff');
      return owner;
    },

    /** A fresh access token for a session whose second factor is still to come (set up again). */
    async reissue(
      sessionId: string,
      userId: string,
    ): Promise<Omit<IssuedSession, 'refreshToken' | 'refreshTokenMaxAge'> | undefined> {
      const user = await repo.findUserById(userId);
      return user && access(user, sessionId, false);
    },

    /**
     * The session passed the staff second factor: recorded on it, so its refreshes carry it, and
     * answered with an access token that says so.
     */
    async passSecondFactor(
      sessionId: string,
      userId: string,
    ): Promise<Omit<IssuedSession, 'refreshToken' | 'refreshTokenMaxAge'> | undefined> {
      const user = await repo.findUserById(userId);
      if (!user) return undefined;
      await repo.markSecondFactorPassed(sessionId);
      return access(user, sessionId, true);
    },

    async findUser(userId: string): Promise<UserRecord | undefined> {
      return repo.findUserById(userId);
    },

    /** The user as the API shows them to the bearer of an access token with these claims. */
    async publicUser(userId: string, role: Role, mfaPassed: boolean): Promise<PublicUser | undefined> {
      const user = await repo.findUserById(userId);
      return user && toPublicUser(user, role, await secondFactorState(user, role, mfaPassed));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
