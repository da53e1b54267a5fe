import { type Clock, isoTime } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { isSealedText, openSealedText, sealText } from './sealed-text.ts';

export interface StaffMfaRecord {
  /** The TOTP secret; null when it cannot be opened with this server's key (see `createMfaRepo`). */
  secret: string | null;
  /** The secret as stored: a set-up completes only while it is still the one this read found. */
  storedSecret: string;
  enrolledAt: string | null;
  lastTimeStep: number | null;
  failedAttempts: number;
  lockedUntil: string | null;
}

/**
 * The staff second factor's SQL: TOTP secrets, their last used time step and recovery codes. The
 * secrets are stored sealed with `secretKey` (sealed-text.ts), so a copy of the database alone does
 * not give anyone the codes; a key that changed (a new AUTH_COOKIE_SECRET) leaves them unreadable.
 */
export function createMfaRepo(db: Db, clock: Clock, secretKey: Buffer) {
  const nowIso = () => isoTime(clock);
  const { kysely } = db;

  return {
    async find(userId: string): Promise<StaffMfaRecord | undefined> {
      const row = await kysely
        .selectFrom('staff_mfa')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return (
        row && {
          // A plain secret is one an instance from before sealing wrote (during a rolling deploy,
          // say); it is sealed at the next start.
          secret: isSealedText(row.secret) ? openSealedText(secretKey, row.secret, userId) : row.secret,
          storedSecret: row.secret,
          enrolledAt: row.enrolled_at,
          lastTimeStep: row.last_time_step === null ? null : Number(row.last_time_step),
          failedAttempts: Number(row.failed_attempts),
          lockedUntil: row.locked_until,
        }
      );
    },

    /** A new secret waiting for its first code; replaces an earlier one that never got it. */
    async startEnrolment(userId: string, plainSecret: string): Promise<void> {
      const secret = sealText(secretKey, plainSecret, userId);
      await kysely
        .insertInto('staff_mfa')
        .values({ user_id: userId, secret, enrolled_at: null, last_time_step: null, locked_until: null })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet({ secret, last_time_step: null })
            .where('staff_mfa.enrolled_at', 'is', null),
        )
        .execute();
    },

    /**
     * Records a TOTP time step as used. Only one caller can win for a step: false means this step
     * (or a later one) was already used, including by a request racing this one.
     */
    async claimTimeStep(userId: string, timeStep: number): Promise<boolean> {
      const result = await kysely
        .updateTable('staff_mfa')
        .set({ last_time_step: timeStep, failed_attempts: 0, locked_until: null })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', timeStep)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Seals the secrets stored before secrets were sealed. Run at startup; each row changes only if
     * it still holds the plain secret, so instances starting together cannot seal one twice.
     */
    async sealPlainSecrets(): Promise<void> {
      const rows = await kysely.selectFrom('staff_mfa').select(['user_id', 'secret']).execute();
      for (const row of rows.filter((candidate) => !isSealedText(candidate.secret))) {
        await kysely
          .updateTable('staff_mfa')
          .set({ secret: sealText(secretKey, row.secret, row.user_id) })
          .where('user_id', '=', row.user_id)
          .where('secret', '=', row.secret)
          .execute();
      }
    },

    /**
     * Sends the staff member back to set-up: their secret can no longer be read, and they have
     * just proved themselves with a recovery code. The next enrolment replaces the secret.
     */
    async restartEnrolment(userId: string): Promise<void> {
      await kysely
        .updateTable('staff_mfa')
        .set({ enrolled_at: null, last_time_step: null, failed_attempts: 0, locked_until: null })
        .where('user_id', '=', userId)
        .execute();
    },

    /**
     * Completes enrolment with the recovery codes' hashes, in one transaction, if the secret the
     * code was checked against is still the stored one: a set-up started again meanwhile (another
     * tab) replaced it, and completing would keep a secret the person never scanned. False then.
     */
    async completeEnrolment(
      userId: string,
      storedSecret: string,
      recoveryCodeHashes: string[],
    ): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        const completed = await trx
          .updateTable('staff_mfa')
          .set({ enrolled_at: nowIso() })
          .where('user_id', '=', userId)
          .where('secret', '=', storedSecret)
          .where('enrolled_at', 'is', null)
          .executeTakeFirst();
        if (Number(completed.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('mfa_recovery_codes')
          .values(
            recoveryCodeHashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash, used_at: null })),
          )
          .execute();
        return true;
      });
    },

    /** Uses a recovery code once: false when it is unknown or already used. */
    async claimRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const result = await kysely
        .updateTable('mfa_recovery_codes')
        .set({ used_at: nowIso() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await kysely
        .updateTable('staff_mfa')
        .set({ failed_attempts: 0, locked_until: null })
        .where('user_id', '=', userId)
        .execute();
      return true;
    },

    /**
     * Takes one of the `limit` tries in a row before its code is checked, in one statement, so that
     * guesses sent in parallel cannot all be checked; the last try starts the lock at once (a right
     * code on it lifts the lock again: claimTimeStep, claimRecoveryCode). False while the lock holds.
     */
    async claimAttempt(userId: string, limit: number, now: string, lockUntil: string): Promise<boolean> {
      const result = await kysely
        .updateTable('staff_mfa')
        .set((eb) => {
          const lastTry = eb(eb('failed_attempts', '+', 1), '>=', limit);
          return {
            failed_attempts: eb
              .case()
              .when(lastTry)
              .then(0)
              .else(eb('failed_attempts', '+', 1))
              .end(),
            locked_until: eb.case().when(lastTry).then(lockUntil).else(eb.ref('locked_until')).end(),
          };
        })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type MfaRepo = ReturnType<typeof createMfaRepo>;
