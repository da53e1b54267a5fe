import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { type Clock, isoTime } from '../clock.ts';
import { BadRequest, Conflict, HttpError } from '../errors.ts';
import type { MfaRepo } from './mfa-repo.ts';

const ALREADY_ENROLLED_MESSAGE =
  'Two-step verification is already set up: enter a code from your authenticator app.';
const NOT_ENROLLED_MESSAGE = 'Set up two-step verification first: scan the QR code, then enter a code.';
const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
const CODE_OR_RECOVERY_CODE_MESSAGE = 'Send either a 6-digit code or a recovery code.';
const WRONG_CODE_MESSAGE = 'That code is not right. Check your authenticator app and try again.';
const CODE_REUSED_MESSAGE = 'That code has already been used. Wait for the next code and try again.';
const WRONG_RECOVERY_CODE_MESSAGE = 'That recovery code is not right, or it has already been used.';
const RECOVERY_BEFORE_ENROLMENT_MESSAGE =
  'Recovery codes work once two-step verification is set up: enter a code from your authenticator app.';
const LOCKED_MESSAGE = 'Too many wrong codes. Please wait 5 minutes and try again.';
const SECRET_UNREADABLE_MESSAGE =
  'Your two-step verification can no longer be checked on this server. Enter one of your recovery codes, then set it up again.';
/** A set-up begun before the key changed: there are no recovery codes yet, only a new QR code. */
const ENROLMENT_UNREADABLE_MESSAGE =
  'This set-up can no longer be finished on this server. Reload the page to scan a new QR code.';
/** Set-up was started again (another tab) after this code's QR code was shown. */
const ENROLMENT_REPLACED_MESSAGE =
  'Set-up was started again in another window, with a new QR code. Reload the page, scan the new QR code, then enter a code.';

/** Wrong codes in a row before the second factor is locked, and for how long. */
const FAILURES_BEFORE_LOCK = 5;
const LOCK_SECONDS = 5 * 60;
const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits without look-alikes (no l, o, 0, 1): 5 bits a character. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** Codes from the step before and after the current one are accepted (clock drift). */
const TOLERANCE_SECONDS = 30;

/**
 * A refused code; the route logs it as a security event with `reason`. A wrong code is a 400, not
 * a 401: the session is fine, and a 401 would make the browser refresh it and send the code again.
 */
export class SecondFactorRefused extends HttpError {
  readonly reason: string;
  constructor(statusCode: number, message: string, reason: string) {
    super(statusCode, message);
    this.reason = reason;
  }
}

export interface Enrolment {
  otpauthUrl: string;
  qrCodeDataUrl: string;
  secret: string;
}

/** 16 random characters shown as four groups of four (80 bits). */
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const text = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte & 31]).join('');
  return text.match(/.{4}/g)!.join('-');
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
const hashRecoveryCode = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${code.toLowerCase().replace(/[\s-]/g, '')}`)
    .digest('base64url');

/**
 * The staff second factor: TOTP (RFC 6238, through otplib) with ten one-time recovery codes. A
 * code's time step is recorded when it is accepted, so the same code cannot be used twice; five
 * wrong codes in a row lock the factor for five minutes, across instances (the count is stored).
 */
export function createStaffMfa(deps: { repo: MfaRepo; issuer: string; clock: Clock }) {
  const { repo, issuer, clock } = deps;

  /** Every check of a code uses up a try first; none left is the lock's answer. */
  async function claimAttempt(userId: string): Promise<void> {
    const lockUntil = isoTime(clock, LOCK_SECONDS * 1000);
    if (!(await repo.claimAttempt(userId, FAILURES_BEFORE_LOCK, isoTime(clock), lockUntil))) {
      throw new SecondFactorRefused(429, LOCKED_MESSAGE, 'locked');
    }
  }

  return {
    async isEnrolled(userId: string): Promise<boolean> {
      return !!(await repo.find(userId))?.enrolledAt;
    },

    /** A new secret for the staff member's authenticator app; only until enrolment completes. */
    async enrol(user: { id: string; email: string }): Promise<Enrolment> {
      if ((await repo.find(user.id))?.enrolledAt) throw Conflict(ALREADY_ENROLLED_MESSAGE);
      const secret = generateSecret();
      await repo.startEnrolment(user.id, secret);
      const otpauthUrl = generateURI({ issuer, label: user.email, secret });
      const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
      return { otpauthUrl, qrCodeDataUrl, secret };
    },

    /**
     * Checks a TOTP code or a recovery code. The first accepted TOTP code completes enrolment and
     * answers the recovery codes, the only time they are ever shown.
     */
    async verify(
      userId: string,
      input: { code?: string | undefined; recoveryCode?: string | undefined },
    ): Promise<{ recoveryCodes?: string[]; enrolAgain?: boolean }> {
      const record = await repo.find(userId);
      if (!record) throw BadRequest(NOT_ENROLLED_MESSAGE);
      if (record.lockedUntil && record.lockedUntil > isoTime(clock)) {
        throw new SecondFactorRefused(429, LOCKED_MESSAGE, 'locked');
      }
      const code = input.code?.replace(/\s/g, '');
      const recoveryCode = input.recoveryCode?.trim();
      if (!code === !recoveryCode) throw BadRequest(CODE_OR_RECOVERY_CODE_MESSAGE);

      if (recoveryCode) {
        if (!record.enrolledAt) throw BadRequest(RECOVERY_BEFORE_ENROLMENT_MESSAGE);
        await claimAttempt(userId);
        if (!(await repo.claimRecoveryCode(userId, hashRecoveryCode(userId, recoveryCode)))) {
          throw new SecondFactorRefused(400, WRONG_RECOVERY_CODE_MESSAGE, 'wrong_recovery_code');
        }
        // With a secret this server cannot read, the code opens set-up again instead of the
        // session: otherwise every later sign-in would use up another recovery code.
        if (record.secret === null) {
          await repo.restartEnrolment(userId);
          return { enrolAgain: true };
        }
        return {};
      }

      if (!code || !/^\d{6}$/.test(code)) throw BadRequest(CODE_FORMAT_MESSAGE);
      // Not the person's mistake, so not counted towards the lock; recovery codes still work.
      if (record.secret === null) {
        const message = record.enrolledAt ? SECRET_UNREADABLE_MESSAGE : ENROLMENT_UNREADABLE_MESSAGE;
        throw new SecondFactorRefused(409, message, 'secret_unreadable');
      }
      await claimAttempt(userId);
      const result = await verify({
        secret: record.secret,
        token: code,
        epoch: Math.floor(clock.now() / 1000),
        epochTolerance: TOLERANCE_SECONDS,
      });
      if (!result.valid || !('timeStep' in result))
        throw new SecondFactorRefused(400, WRONG_CODE_MESSAGE, 'wrong_code');
      if (!(await repo.claimTimeStep(userId, result.timeStep))) {
        throw new SecondFactorRefused(400, CODE_REUSED_MESSAGE, 'code_reused');
      }
      if (record.enrolledAt) return {};
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const completed = await repo.completeEnrolment(
        userId,
        record.storedSecret,
        recoveryCodes.map((recovery) => hashRecoveryCode(userId, recovery)),
      );
      if (!completed) throw new SecondFactorRefused(409, ENROLMENT_REPLACED_MESSAGE, 'enrolment_replaced');
      return { recoveryCodes };
    },
  };
}

export type StaffMfa = ReturnType<typeof createStaffMfa>;
