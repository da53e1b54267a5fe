import { isSameSitePath } from '@app/domain/same-site-path';
import { apiFetch, dataOrThrow } from '../../lib/api.ts';

export interface Enrolment {
  otpauth_url: string;
  /** A data: URL of the QR code image. */
  qr_code: string;
  secret: string;
}

export type SecondFactorProof = { code: string } | { recovery_code: string };

/** A new secret for the authenticator app (only until set-up completes). */
export async function startEnrolment(): Promise<Enrolment> {
  return dataOrThrow(await apiFetch<Enrolment>('/auth/v1/mfa/enrol', { method: 'POST' }));
}

export interface VerifyResult {
  /** Only when this code completed the set-up. */
  recoveryCodes: string[] | null;
  /** A recovery code taken while the server could not read the secret: set-up starts again. */
  enrolAgain: boolean;
}

/** Passes the second factor (or, see `enrolAgain`, opens its set-up again). */
export async function verifySecondFactor(proof: SecondFactorProof): Promise<VerifyResult> {
  const answer = dataOrThrow(
    await apiFetch<{ recovery_codes?: string[]; enrol_again?: true }>('/auth/v1/mfa/verify', {
      method: 'POST',
      json: proof,
    }),
  );
  return { recoveryCodes: answer.recovery_codes ?? null, enrolAgain: answer.enrol_again === true };
}

/** Only paths on this site, by the sign-in's own rule, are followed after verification; never /mfa again. */
export function safeReturnPath(value: string | null): string {
  return value !== null && isSameSitePath(value) && !value.startsWith('/mfa') ? value : '/';
}

/** The secret in groups of four, as authenticator apps show keys. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}
