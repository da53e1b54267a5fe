import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { type ProviderIdentity, toUserRecord, type UserRecord } from './repo.ts';

/** What a verified sign-in may change of a stored user: names only when the provider sent some. */
function namesFrom(identity: ProviderIdentity): { first_name?: string; last_name?: string } {
  const first = identity.firstName?.trim() ?? '';
  const last = identity.lastName?.trim() ?? '';
  return { ...(first ? { first_name: first } : {}), ...(last ? { last_name: last } : {}) };
}

/** Users and the provider identities that sign in to them; the identity resolver's only SQL. */
export function createIdentityRepo(db: Kysely<Database>) {
  const findUser = async (where: { id: string } | { email: string }) => {
    const query = db.selectFrom('users').selectAll();
    const row = await ('id' in where
      ? query.where('id', '=', where.id)
      : query.where('email', '=', where.email)
    ).executeTakeFirst();
    return row && toUserRecord(row);
  };

  return {
    findUser,

    async findUserIdOfIdentity(provider: string, subject: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('identities')
        .select('user_id')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** The user with this (lowercased) sign-in e-mail, created when there is none. */
    async findOrCreateUser(email: string, identity: ProviderIdentity): Promise<UserRecord> {
      const now = nowIso();
      await db
        .insertInto('users')
        .values({
          id: randomUUID(),
          email,
          email_verified: true,
          first_name: identity.firstName?.trim() ?? '',
          last_name: identity.lastName?.trim() ?? '',
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const user = await findUser({ email });
      if (!user) throw new Error(`user ${email} vanished while signing in`);
      return user;
    },

    async linkIdentity(userId: string, email: string, identity: ProviderIdentity): Promise<void> {
      const now = nowIso();
      await db
        .insertInto('identities')
        .values({
          id: randomUUID(),
          user_id: userId,
          provider: identity.provider,
          subject: identity.subject,
          email,
          email_verified: true,
          created_at: now,
          last_sign_in_at: now,
        })
        // The same identity signing in twice at once: the first link stands.
        .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
        .execute();
    },

    /**
     * Records a verified sign-in on the user and its identity: the e-mail the provider now verifies
     * (the user's sign-in e-mail too, unless another user already signs in with it) and any names.
     */
    async recordVerifiedSignIn(userId: string, email: string, identity: ProviderIdentity): Promise<void> {
      const now = nowIso();
      await db
        .updateTable('identities')
        .set({ email, email_verified: true, last_sign_in_at: now })
        .where('provider', '=', identity.provider)
        .where('subject', '=', identity.subject)
        .execute();
      await db
        .updateTable('users')
        .set({ ...namesFrom(identity), email_verified: true, updated_at: now })
        .where('id', '=', userId)
        .execute();
      await db
        .updateTable('users')
        .set({ email })
        .where('id', '=', userId)
        .where('email', '<>', email)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('users as other').select('other.id').where('other.email', '=', email))),
        )
        .execute();
    },
  };
}
