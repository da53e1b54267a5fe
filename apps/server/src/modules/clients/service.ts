import type { ClientMatch, ClientRef } from '@app/domain/clients-api';
import { normalizeEmail } from '@app/domain/email-address';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type AccountRow, createClientsRepo, type PendingClientRow } from './repo.ts';

/** What an e-mail named: the client, and what it matched. */
interface EmailLookup {
  client: ClientRef;
  /** A user's sign-in e-mail matches first, then a pending client. */
  matched: Exclude<ClientMatch, 'client_id'>;
}

const fromUser = (user: AccountRow): ClientRef => ({ id: user.id, kind: 'user', email: user.email });

/** A claimed pending client is only history: its work went to the user who claimed it. */
const fromPending = (pending: PendingClientRow | undefined): ClientRef | undefined =>
  pending && !pending.claimed_by_user_id
    ? { id: pending.id, kind: 'pending', email: pending.email }
    : undefined;

/** Finding a client, by id or by e-mail, on `db` (the database or a transaction). */
function clientLookups(db: Kysely<Database>) {
  const repo = createClientsRepo(db);

  /** The pending client, or for one claimed since, the user who claimed it (decision 017). */
  async function currentOfPending(pending: PendingClientRow | undefined): Promise<ClientRef | undefined> {
    const claimant = pending?.claimed_by_user_id && (await repo.findUser(pending.claimed_by_user_id));
    return claimant ? fromUser(claimant) : fromPending(pending);
  }

  /**
   * A user by sign-in e-mail, else a pending client by the e-mail work was assigned to; one claimed
   * since names the user who claimed it, whose sign-in e-mail may have changed from it (decision 017).
   */
  async function findByEmail(rawEmail: string): Promise<EmailLookup | undefined> {
    const email = normalizeEmail(rawEmail);
    const user = await repo.findUserBySignInEmail(email);
    if (user) return { client: fromUser(user), matched: 'sign_in_email' };
    const pending = await currentOfPending(await repo.findPendingByEmail(email));
    return pending && { client: pending, matched: 'pending_client' };
  }

  return {
    /** A user or an unclaimed pending client by id. */
    async findById(id: string): Promise<ClientRef | undefined> {
      const user = await repo.findUser(id);
      return user ? fromUser(user) : fromPending(await repo.findPending(id));
    },

    /**
     * As findById, but a pending id claimed since stands for the user who claimed it: a link or an
     * open page from before the person signed in leads to them (and to their id from then on).
     */
    async findCurrentById(id: string): Promise<ClientRef | undefined> {
      const user = await repo.findUser(id);
      return user ? fromUser(user) : currentOfPending(await repo.findPending(id));
    },

    findByEmail,

    /** As findByEmail, but an e-mail nobody has yet becomes a new pending client. */
    async findOrInviteByEmail(rawEmail: string): Promise<EmailLookup> {
      const found = await findByEmail(rawEmail);
      if (found) return found;
      const { row, created } = await repo.findOrCreatePending(normalizeEmail(rawEmail));
      const client = await currentOfPending(row);
      if (!client) throw new Error(`The pending client ${row.id} was claimed by a user who is gone`);
      return { client, matched: created ? 'new_pending_client' : 'pending_client' };
    },
  };
}

/**
 * Whose work it is. A client is a user (someone who signed in with a verified e-mail) or a pending
 * client (an e-mail staff assigned work to before anyone signed in with it). Jobs, filters and
 * e-mails carry the client's id; a pending client's are handed to the user who first signs in with
 * that e-mail verified. See decision 017.
 */
export function createClientsService(db: Kysely<Database>) {
  const repo = createClientsRepo(db);
  return {
    ...clientLookups(db),

    /**
     * The same lookups inside the caller's transaction: a pending client invited there stands or
     * falls with the work it was invited for.
     */
    within: (trx: Transaction<Database>) => clientLookups(trx),

    /**
     * Gives the user what was assigned to their e-mail before they first signed in. Only for an
     * e-mail the sign-in provider verified; does nothing when there is nothing (left) to claim.
     */
    async claimPendingFor(user: { id: string; email: string }): Promise<boolean> {
      const pending = await repo.findPendingByEmail(normalizeEmail(user.email));
      if (!pending || pending.claimed_by_user_id) return false;
      return repo.claimPending(pending.id, user.id);
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
