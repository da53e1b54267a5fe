import { randomUUID } from 'node:crypto';
import { type Clock, isoTime } from '../clock.ts';
import { type Db, onPostgres, toBool } from '../db/database.ts';

export interface UserRecord {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** What a sign-in provider tells us about the person. */
export interface ProviderIdentity {
  provider: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** Google's `hd` claim: the Workspace domain that manages the account, if any. */
  hostedDomain?: string | undefined;
}

export interface RefreshTokenRecord {
  sessionId: string;
  userId: string;
  usedAt: string | null;
  sessionCreatedAt: string;
  sessionExpiresAt: string;
  sessionRevokedAt: string | null;
  sessionMfaPassedAt: string | null;
}

/** What the access-token guard needs to know of a session. */
export interface SessionStatus {
  userId: string;
  expiresAt: string;
  revokedAt: string | null;
  lastSeenAt: string | null;
}

/** A session as its owner (or staff) sees it in a devices list. */
export interface SessionListing {
  id: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** Last use is written at most this often per session. */
export const LAST_SEEN_RESOLUTION_SECONDS = 60;

/** Users by id, sessions and refresh tokens (identities: identity-repo.ts; second factor: mfa-repo.ts). */
export function createAuthRepo(db: Db, clock: Clock) {
  const nowIso = () => isoTime(clock);
  const { kysely } = db;

  async function findUserById(id: string): Promise<UserRecord | undefined> {
    const row = await kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUserRecord(row);
  }

  return {
    findUserById,

    async createSession(session: { userId: string; expiresAt: string; userAgent: string }): Promise<string> {
      const id = randomUUID();
      const now = nowIso();
      await kysely
        .insertInto('sessions')
        .values({
          id,
          user_id: session.userId,
          created_at: now,
          expires_at: session.expiresAt,
          revoked_at: null,
          user_agent: session.userAgent,
          last_seen_at: now,
          ended_reason: null,
          mfa_passed_at: null,
        })
        .execute();
      return id;
    },

    async findSessionStatus(sessionId: string): Promise<SessionStatus | undefined> {
      const row = await kysely
        .selectFrom('sessions')
        .select(['user_id', 'expires_at', 'revoked_at', 'last_seen_at'])
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return (
        row && {
          userId: row.user_id,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
          lastSeenAt: row.last_seen_at,
        }
      );
    },

    /** Records use of the session, at most once a minute. */
    async markSessionSeen(sessionId: string): Promise<void> {
      const staleBefore = isoTime(clock, -LAST_SEEN_RESOLUTION_SECONDS * 1000);
      await kysely
        .updateTable('sessions')
        .set({ last_seen_at: nowIso() })
        .where('id', '=', sessionId)
        .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', staleBefore)]))
        .execute();
    },

    /** A user's sessions that have neither ended nor expired, most recently used first. */
    async listLiveSessions(userId: string): Promise<SessionListing[]> {
      const rows = await kysely
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .orderBy('last_seen_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        userAgent: row.user_agent,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at ?? row.created_at,
        expiresAt: row.expires_at,
      }));
    },

    async findSessionOwner(sessionId: string): Promise<string | undefined> {
      const row = await kysely
        .selectFrom('sessions')
        .select('user_id')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Ends the session, saying why; its refresh tokens are dropped since none of them may be used
     * again. False when it had already ended (or never existed).
     */
    async revokeSession(sessionId: string, reason: string): Promise<boolean> {
      const result = await kysely
        .updateTable('sessions')
        .set({ revoked_at: nowIso(), ended_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      await kysely.deleteFrom('refresh_tokens').where('session_id', '=', sessionId).execute();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSecondFactorPassed(sessionId: string): Promise<void> {
      await kysely
        .updateTable('sessions')
        .set({ mfa_passed_at: nowIso() })
        .where('id', '=', sessionId)
        .execute();
    },

    /** Forgets a user's sessions that ended before `before` (expired or revoked). */
    async deleteEndedSessions(userId: string, before: string): Promise<void> {
      await kysely
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
        .execute();
    },

    async insertRefreshToken(tokenHash: string, sessionId: string): Promise<void> {
      await kysely
        .insertInto('refresh_tokens')
        .values({ token_hash: tokenHash, session_id: sessionId, created_at: nowIso(), used_at: null })
        .execute();
    },

    async findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
      const row = await kysely
        .selectFrom('refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .select([
          'refresh_tokens.session_id',
          'refresh_tokens.used_at',
          'sessions.user_id',
          'sessions.created_at',
          'sessions.expires_at',
          'sessions.revoked_at',
          'sessions.mfa_passed_at',
        ])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        row && {
          sessionId: row.session_id,
          userId: row.user_id,
          usedAt: row.used_at,
          sessionCreatedAt: row.created_at,
          sessionExpiresAt: row.expires_at,
          sessionRevokedAt: row.revoked_at,
          sessionMfaPassedAt: row.mfa_passed_at,
        }
      );
    },

    /**
     * A refresh, in one transaction: marks the token used, moves the session's end and last use,
     * stores the next token and forgets used tokens older than `forgetUsedBefore` (they cannot be
     * told from unknown ones any more; that is fine). A token already used at or after
     * `reusableSince` may be exchanged again (decision 040): the session's current token is retired
     * in its place. 'reused', changing nothing, when the token was used before that; 'ended' when
     * the session ended meanwhile (signed out, say). A refresh that fails midway leaves the token
     * usable, so a retry is not taken for theft.
     */
    async rotateRefreshToken(rotation: {
      used: string;
      next: string;
      sessionId: string;
      expiresAt: string;
      forgetUsedBefore: string;
      reusableSince: string;
    }): Promise<'rotated' | 'reused' | 'ended'> {
      return kysely.transaction().execute(async (trx) => {
        const now = nowIso();
        // One rotation of a session at a time. On PostgreSQL the session row is locked, so a retry
        // that retires the current token sees the token the rotation before it stored; SQLite runs
        // one write transaction at a time anyway.
        const session = await trx
          .selectFrom('sessions')
          .select(['revoked_at', 'expires_at'])
          .where('id', '=', rotation.sessionId)
          .$if(onPostgres(trx), (query) => query.forUpdate())
          .executeTakeFirst();
        if (!session || session.revoked_at || session.expires_at <= now) return 'ended';
        const claimed = await trx
          .updateTable('refresh_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', rotation.used)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) {
          // Used already, by this token's lost answer or by a request racing this one: once recently.
          const reusable = await trx
            .selectFrom('refresh_tokens')
            .select('token_hash')
            .where('token_hash', '=', rotation.used)
            .where('session_id', '=', rotation.sessionId)
            .where('used_at', '>=', rotation.reusableSince)
            .executeTakeFirst();
          if (!reusable) return 'reused';
          const retired = await trx
            .updateTable('refresh_tokens')
            .set({ used_at: now })
            .where('session_id', '=', rotation.sessionId)
            .where('used_at', 'is', null)
            .executeTakeFirst();
          if (Number(retired.numUpdatedRows) === 0) return 'reused';
        }
        await trx
          .updateTable('sessions')
          .set({ expires_at: rotation.expiresAt, last_seen_at: now })
          .where('id', '=', rotation.sessionId)
          .execute();
        await trx
          .deleteFrom('refresh_tokens')
          .where('session_id', '=', rotation.sessionId)
          .where('used_at', '<', rotation.forgetUsedBefore)
          .execute();
        await trx
          .insertInto('refresh_tokens')
          .values({
            token_hash: rotation.next,
            session_id: rotation.sessionId,
            created_at: now,
            used_at: null,
          })
          .execute();
        return 'rotated';
      });
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;

export function toUserRecord(row: {
  id: string;
  email: string;
  email_verified: boolean | number;
  first_name: string;
  last_name: string;
}): UserRecord {
  return {
    id: row.id,
    email: row.email,
    emailVerified: toBool(row.email_verified),
    firstName: row.first_name,
    lastName: row.last_name,
  };
}
