import type { FastifyInstance } from 'fastify';
import { type AccessTokens, createAccessTokens } from './access-tokens.ts';
import { mountDevelopmentProvider } from './dev-provider.ts';
import { installGuard } from './guard.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { loadCookieKey, loadSigningKey } from './keys.ts';
import { createAuthRepo } from './repo.ts';
import { AUTH_PREFIX, authRoutes, CALLBACK_PATH } from './routes.ts';
import { createSessionService, type SessionService } from './sessions.ts';
import { createSignInClient, type SignInProviderName, type SignInProviderSettings } from './sign-in.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: { sessions: SessionService; tokens: AccessTokens; provider: SignInProviderName };
  }
}

/**
 * Sign-in and sessions. Registered before every other module: it installs the guard that makes
 * every route require an access token unless it is marked public.
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const signingKey = await loadSigningKey(config);
  const tokens = createAccessTokens(signingKey, {
    issuer: `${config.publicUrl}${AUTH_PREFIX}`,
    ttlSeconds: config.auth.accessTokenTtl,
  });
  const sessions = createSessionService({
    repo: createAuthRepo(app.db),
    tokens,
    staffEmailDomain: config.staffEmailDomain,
    refreshTokenTtlSeconds: config.auth.refreshTokenTtl,
  });
  installGuard(app, tokens);
  const signIn = createSignInClient(signInProviderSettings(app));
  app.decorate('auth', { sessions, tokens, provider: signIn.provider });

  await app.register(authRoutes, { sessions, tokens, signIn, signingKey, cookieKey: loadCookieKey(config) });
}

/** Google when its client is configured; otherwise the embedded development provider. */
function signInProviderSettings(app: FastifyInstance): SignInProviderSettings {
  const { config } = app;
  const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`;
  const google = config.auth.google;
  if (google) {
    return {
      name: 'google',
      issuer: google.issuer,
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      redirectUri,
    };
  }
  const development = mountDevelopmentProvider(app);
  return {
    name: 'development',
    issuer: development.issuer,
    clientId: development.clientId,
    clientSecret: development.clientSecret,
    redirectUri,
    fetch: inProcessFetch(app),
  };
}
