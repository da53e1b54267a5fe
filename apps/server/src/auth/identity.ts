import { normalizeEmail } from '@app/domain/email-address';
import { isStaffEmail, normalizeDomain } from '@app/domain/staff';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ClientsService } from '../modules/clients/service.ts';
import { createIdentityRepo } from './identity-repo.ts';
import type { ProviderIdentity, UserRecord } from './repo.ts';
import { SignInError } from './sign-in.ts';

/**
 * Who signed in. A person is a user account; a provider identity (provider, subject) signs in to
 * exactly one. Only an e-mail the provider verified is believed: an unverified sign-in is refused
 * before anything is read or written, so it can neither create an account, nor take over one by
 * its e-mail, nor change a stored user. A new identity with a verified e-mail joins the user who
 * already signs in with that e-mail; then whatever staff assigned to that e-mail before (a pending
 * client) is handed over. See decision 017.
 */
export function createIdentityResolver(deps: {
  db: Kysely<Database>;
  clients: ClientsService;
  staffEmailDomain: string;
}) {
  const { db, clients, staffEmailDomain } = deps;

  return {
    async resolveUser(identity: ProviderIdentity): Promise<UserRecord> {
      if (!identity.emailVerified) {
        throw new SignInError('email_not_verified', 'the provider did not verify the e-mail address');
      }
      // Google verifies an address of a personal account too (one made before the company moved to
      // Workspace, or kept after its mailbox went); only the company's own Workspace account, named
      // by the hosted domain, may carry a staff address in.
      if (
        identity.provider === 'google' &&
        isStaffEmail(identity.email, staffEmailDomain) &&
        normalizeDomain(identity.hostedDomain ?? '') !== normalizeDomain(staffEmailDomain)
      ) {
        throw new SignInError(
          'not_company_account',
          'a staff address from a Google account outside the Workspace',
        );
      }
      const email = normalizeEmail(identity.email);
      const user = await db.transaction().execute(async (trx) => {
        const repo = createIdentityRepo(trx);
        const linked = await repo.findUserIdOfIdentity(identity.provider, identity.subject);
        if (!linked) {
          await repo.linkIdentity((await repo.findOrCreateUser(email, identity)).id, email, identity);
        }
        const userId = linked ?? (await repo.findUserIdOfIdentity(identity.provider, identity.subject));
        if (!userId) throw new Error('identity vanished while signing in');
        await repo.recordVerifiedSignIn(userId, email, identity);
        const signedIn = await repo.findUser({ id: userId });
        if (!signedIn) throw new Error(`user ${userId} vanished while signing in`);
        return signedIn;
      });
      await clients.claimPendingFor(user);
      return user;
    },
  };
}

export type IdentityResolver = ReturnType<typeof createIdentityResolver>;
