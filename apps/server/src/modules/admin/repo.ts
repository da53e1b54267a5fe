import type { Db } from '../../db/database.ts';

export interface ClientAccount {
  userId: string;
  email: string;
}

/** Finds the client staff typed: by their sign-in e-mail, else by the e-mail they gave in onboarding. */
export function createAdminRepo(db: Db) {
  return {
    async findClient(email: string): Promise<ClientAccount | undefined> {
      const byAccount = await db.kysely
        .selectFrom('users')
        .select(['id', 'email'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .executeTakeFirst();
      if (byAccount) return { userId: byAccount.id, email: byAccount.email };
      const byForm = await db.kysely
        .selectFrom('onboarding_submissions')
        .innerJoin('users', 'users.id', 'onboarding_submissions.user_id')
        .select(['users.id', 'users.email'])
        .where((eb) => eb(eb.fn('lower', ['onboarding_submissions.email_address']), '=', email))
        .orderBy('onboarding_submissions.updated_at', 'desc')
        .executeTakeFirst();
      return byForm && { userId: byForm.id, email: byForm.email };
    },
  };
}
