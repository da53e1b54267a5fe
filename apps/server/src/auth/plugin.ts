import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { ActivityService } from '../modules/activity/service.ts';
import type { ClientsService } from '../modules/clients/service.ts';
import { type AccessTokens, createAccessTokens } from './access-tokens.ts';
import { type DevelopmentProvider, mountDevelopmentProvider } from './dev-provider.ts';
import { installGuard } from './guard.ts';
import { createIdentityResolver } from './identity.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { derivedKey, loadCookieKey, loadSigningKey } from './keys.ts';
import { createMfaRepo } from './mfa-repo.ts';
import { secondFactorRoutes } from './mfa-routes.ts';
import { createAuthRepo } from './repo.ts';
import { AUTH_PREFIX, authRoutes, CALLBACK_PATH } from './routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { createSessionService, type SessionService } from './sessions.ts';
import { createSignInClient, type SignInProviderName, type SignInProviderSettings } from './sign-in.ts';
import { createStaffMfa, type StaffMfa } from './staff-mfa.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: {
      sessions: SessionService;
      tokens: AccessTokens;
      staffMfa: StaffMfa;
      provider: SignInProviderName;
    };
  }
}

/**
 * Sign-in and sessions. Registered before every other module: it installs the guard that makes
 * every route require an access token unless it is marked public.
 */
export async function registerAuth(
  app: FastifyInstance,
  deps: { clients: ClientsService; activity: ActivityService; clock: Clock },
): Promise<void> {
  const { config } = app;
  const { clock } = deps;
  const signingKey = await loadSigningKey(config);
  const tokens = createAccessTokens(signingKey, {
    issuer: `${config.publicUrl}${AUTH_PREFIX}`,
    ttlSeconds: config.auth.accessTokenTtl,
    clock,
  });
  const mfaRepo = createMfaRepo(app.db, clock, derivedKey(config, 'staff-mfa-secrets/v1'));
  await mfaRepo.sealPlainSecrets();
  const staffMfa = createStaffMfa({
    repo: mfaRepo,
    issuer: config.brand.name,
    clock,
  });
  const sessions = createSessionService({
    repo: createAuthRepo(app.db, clock),
    identities: createIdentityResolver({
      db: app.db.kysely,
      clients: deps.clients,
      staffEmailDomain: config.staffEmailDomain,
    }),
    tokens,
    staffEmailDomain: config.staffEmailDomain,
    refreshTokenTtlSeconds: config.auth.refreshTokenTtl,
    sessionMaxAgeSeconds: config.auth.sessionMaxAge,
    secondFactor: { required: config.auth.staffMfa, isEnrolled: staffMfa.isEnrolled },
    clock,
  });
  installGuard(app, tokens, sessions);
  const { settings, endSession } = signInProvider(app);
  const signIn = createSignInClient(settings);
  app.decorate('auth', { sessions, tokens, staffMfa, provider: signIn.provider });

  await app.register(authRoutes, {
    sessions,
    tokens,
    signIn,
    signingKey,
    cookieKey: loadCookieKey(config),
    endProviderSession: endSession,
  });
  await app.register(secondFactorRoutes, { sessions, staffMfa });
  await app.register(sessionRoutes, { sessions, activity: deps.activity });
}

/**
 * Google when its client is configured; otherwise the embedded development provider, whose own
 * session the product also ends at sign-out (Google's session is the person's, not ours to end).
 */
function signInProvider(app: FastifyInstance): {
  settings: SignInProviderSettings;
  endSession?: DevelopmentProvider['endSession'];
} {
  const { config } = app;
  const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`;
  const google = config.auth.google;
  if (google) {
    return {
      settings: {
        name: 'google',
        issuer: google.issuer,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        redirectUri,
      },
    };
  }
  const development = mountDevelopmentProvider(app);
  return {
    settings: {
      name: 'development',
      issuer: development.issuer,
      clientId: development.clientId,
      clientSecret: development.clientSecret,
      redirectUri,
      fetch: inProcessFetch(app),
    },
    endSession: development.endSession,
  };
}
