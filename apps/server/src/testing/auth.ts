import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';

export interface TestSignIn {
  accessToken: string;
  refreshToken: string;
  userId: string;
  sessionId: string;
  authHeader: { authorization: string };
}

export const TEST_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** Per staff user (ids are unique across test databases): the TOTP secret and unused recovery codes. */
const secondFactors = new Map<string, { secret: string; recoveryCodes: string[] }>();
/** The staff user each signed-in test header belongs to. */
const staffByAuthorization = new Map<string, string>();

/** A staff sign-in that has not passed the second factor yet: its session and Authorization header. */
export async function staffBeforeSecondFactor(app: FastifyInstance, email: string) {
  const session = await app.auth.sessions.signIn(
    { provider: 'test', subject: email, email, emailVerified: true },
    { userAgent: TEST_USER_AGENT },
  );
  return { session, headers: { authorization: `Bearer ${session.accessToken}` } };
}

/**
 * Signs a person in without the OpenID round trip: the user and session are created by the real
 * session service, exactly as after a provider callback with a verified e-mail. Staff then pass
 * the second factor through its real routes (unless STAFF_MFA is off), as the browser would.
 */
export async function signInForTest(
  app: FastifyInstance,
  email: string,
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestSignIn> {
  const session = await app.auth.sessions.signIn(
    {
      provider: 'test',
      subject: email.toLowerCase(),
      email,
      emailVerified: true,
      firstName: names.firstName,
      lastName: names.lastName,
    },
    { userAgent: TEST_USER_AGENT },
  );
  const { sessionId } = await app.auth.tokens.verify(session.accessToken);
  let { accessToken } = session;
  if (session.user.mfa === 'enrol' || session.user.mfa === 'verify') {
    accessToken = await passSecondFactorForTest(app, session.user.id, accessToken);
    staffByAuthorization.set(`Bearer ${accessToken}`, session.user.id);
  }
  return {
    accessToken,
    refreshToken: session.refreshToken,
    userId: session.user.id,
    sessionId,
    authHeader: { authorization: `Bearer ${accessToken}` },
  };
}

/**
 * Enrols the staff member (first time) or passes with a fresh code; a code of the same 30-second
 * step cannot be used twice, so a second sign-in within it uses a recovery code instead.
 * Answers the access token that opens staff routes.
 */
async function passSecondFactorForTest(
  app: FastifyInstance,
  userId: string,
  accessToken: string,
): Promise<string> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const verify = (payload: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/auth/v1/mfa/verify', headers, payload });

  let factor = secondFactors.get(userId);
  if (!factor) {
    const enrol = await app.inject({ method: 'POST', url: '/auth/v1/mfa/enrol', headers });
    if (enrol.statusCode !== 200) throw new Error(`enrolment failed: ${enrol.statusCode} ${enrol.body}`);
    factor = { secret: enrol.json().secret as string, recoveryCodes: [] };
    secondFactors.set(userId, factor);
  }
  let response = await verify({ code: await generate({ secret: factor.secret }) });
  if (response.statusCode === 400 && factor.recoveryCodes.length > 0) {
    response = await verify({ recovery_code: factor.recoveryCodes.shift()! });
  }
  if (response.statusCode !== 200)
    throw new Error(`second factor failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  if (body.recovery_codes) factor.recoveryCodes = body.recovery_codes;
  return body.access_token;
}

/** An unused recovery code of the staff member these headers sign in (taken: it is about to be used). */
export function takeRecoveryCodeForTest(headers: { authorization?: string }): string | undefined {
  const userId = headers.authorization && staffByAuthorization.get(headers.authorization);
  return userId ? secondFactors.get(userId)?.recoveryCodes.shift() : undefined;
}
