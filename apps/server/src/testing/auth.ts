import type { FastifyInstance } from 'fastify';

export interface TestSignIn {
  accessToken: string;
  refreshToken: string;
  userId: string;
  authHeader: { authorization: string };
}

/**
 * Signs a person in without the OpenID round trip: the user and session are created by the real
 * session service, exactly as after a provider callback with a verified e-mail.
 */
export async function signInForTest(
  app: FastifyInstance,
  email: string,
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestSignIn> {
  const session = await app.auth.sessions.signIn({
    provider: 'test',
    subject: email.toLowerCase(),
    email,
    emailVerified: true,
    firstName: names.firstName,
    lastName: names.lastName,
  });
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    userId: session.user.id,
    authHeader: { authorization: `Bearer ${session.accessToken}` },
  };
}
