import { randomUUID } from 'node:crypto';
import { type Db, nowIso, toBool } from '../db/database.ts';

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
}

export interface RefreshTokenRecord {
  sessionId: string;
  userId: string;
  usedAt: string | null;
  sessionExpiresAt: string;
  sessionRevokedAt: string | null;
}

/** Users, identities, sessions and refresh tokens: the auth area's only SQL. */
export function createAuthRepo(db: Db) {
  const { kysely } = db;

  async function findUserById(id: string): Promise<UserRecord | undefined> {
    const row = await kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUserRecord(row);
  }

  return {
    findUserById,

    /**
     * Creates or updates the user with this e-mail (lowercased) and links the identity to them.
     * Names are only overwritten by non-empty values, so a provider that omits them keeps the
     * ones the person already has.
     */
    async upsertUserFromIdentity(identity: ProviderIdentity): Promise<UserRecord> {
      const email = identity.email.trim().toLowerCase();
      const now = nowIso();
      const firstName = identity.firstName?.trim() ?? '';
      const lastName = identity.lastName?.trim() ?? '';
      await kysely
        .insertInto('users')
        .values({
          id: randomUUID(),
          email,
          email_verified: identity.emailVerified,
          first_name: firstName,
          last_name: lastName,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict.column('email').doUpdateSet((eb) => ({
            email_verified: identity.emailVerified,
            first_name: firstName === '' ? eb.ref('users.first_name') : firstName,
            last_name: lastName === '' ? eb.ref('users.last_name') : lastName,
            updated_at: now,
          })),
        )
        .execute();
      const user = await kysely
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await kysely
        .insertInto('identities')
        .values({
          id: randomUUID(),
          user_id: user.id,
          provider: identity.provider,
          subject: identity.subject,
          email,
          email_verified: identity.emailVerified,
          created_at: now,
          last_sign_in_at: now,
        })
        .onConflict((conflict) =>
          conflict.columns(['provider', 'subject']).doUpdateSet({
            user_id: user.id,
            email,
            email_verified: identity.emailVerified,
            last_sign_in_at: now,
          }),
        )
        .execute();
      return toUserRecord(user);
    },

    async createSession(userId: string, expiresAt: string): Promise<string> {
      const id = randomUUID();
      await kysely
        .insertInto('sessions')
        .values({ id, user_id: userId, created_at: nowIso(), expires_at: expiresAt, revoked_at: null })
        .execute();
      return id;
    },

    async extendSession(sessionId: string, expiresAt: string): Promise<void> {
      await kysely
        .updateTable('sessions')
        .set({ expires_at: expiresAt })
        .where('id', '=', sessionId)
        .execute();
    },

    /** Revokes the session; its refresh tokens are dropped since none of them may be used again. */
    async revokeSession(sessionId: string): Promise<void> {
      await kysely
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      await kysely.deleteFrom('refresh_tokens').where('session_id', '=', sessionId).execute();
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
          'sessions.expires_at',
          'sessions.revoked_at',
        ])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        row && {
          sessionId: row.session_id,
          userId: row.user_id,
          usedAt: row.used_at,
          sessionExpiresAt: row.expires_at,
          sessionRevokedAt: row.revoked_at,
        }
      );
    },

    /**
     * Marks a refresh token used. Only one caller can win: false means it had already been used,
     * including by a request racing this one.
     */
    async claimRefreshToken(tokenHash: string): Promise<boolean> {
      const result = await kysely
        .updateTable('refresh_tokens')
        .set({ used_at: nowIso() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Used tokens older than `before` cannot be told from unknown ones any more; that is fine. */
    async deleteUsedRefreshTokens(sessionId: string, before: string): Promise<void> {
      await kysely
        .deleteFrom('refresh_tokens')
        .where('session_id', '=', sessionId)
        .where('used_at', '<', before)
        .execute();
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;

function toUserRecord(row: {
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
