import { type SignInErrorReason, signInErrorLocation } from '@app/domain/sign-in-errors';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequest, HttpError, Unauthorized } from '../errors.ts';
import { logSecurityEvent } from '../security-events.ts';
import type { AccessTokens } from './access-tokens.ts';
import { bearerToken, currentUser } from './guard.ts';
import { publicJwkSchema, type SigningKey } from './keys.ts';
import {
  LOGIN_STATE_COOKIE,
  LOGIN_STATE_TTL_SECONDS,
  openLoginState,
  sameSitePath,
  sealLoginState,
} from './login-state.ts';
import {
  ACCOUNT_GONE_MESSAGE,
  type IssuedSession,
  RefreshTokenReusedError,
  type SessionService,
} from './sessions.ts';
import { type SignInClient, SignInError } from './sign-in.ts';

export const AUTH_PREFIX = '/auth/v1';
export const CALLBACK_PATH = `${AUTH_PREFIX}/callback`;
export const REFRESH_COOKIE = 'refresh_token';
const REFRESH_COOKIE_PATH = '/auth';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(['client', 'staff']),
  mfa: z
    .enum(['enrol', 'verify', 'passed'])
    .optional()
    .describe(
      'Staff only: set up two-step verification (enrol), enter a code (verify), or done (passed). Staff routes need passed.',
    ),
});

const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  refresh_token: z.string().optional().describe('Only when the refresh token was sent in the body'),
  user: userSchema,
});

/** Every refusal's body, `{ error }` (errors.ts's handler); routes describe theirs with `.describe(why)`. */
export const errorSchema = z.object({ error: z.string() });

/** Browsers send no body (the cookie carries the token); other clients may send it here. */
const refreshTokenBody = z.object({ refresh_token: z.string().optional() }).nullish();

/**
 * Back to the sign-in screen with a reason code for the 'Sign-in Error' toast. What went wrong is
 * logged (a refusal as a security event); the browser only ever gets the code.
 */
function signInFailed(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const reason: SignInErrorReason = error instanceof SignInError ? error.reason : 'unexpected';
  if (error instanceof SignInError) {
    logSecurityEvent(request, 'sign_in_refused', {
      userId: null,
      reason,
      detail: error.message.slice(0, 300),
    });
  } else {
    request.log.error({ err: error }, 'sign-in failed unexpectedly');
  }
  return reply.redirect(signInErrorLocation(reason), 302);
}

export interface AuthRouteOptions {
  sessions: SessionService;
  tokens: AccessTokens;
  signIn: SignInClient;
  signingKey: SigningKey;
  cookieKey: Uint8Array;
  /** Signing out also ends the sign-in provider's own session, where the product runs that provider. */
  endProviderSession?: (cookies: Record<string, string | undefined>) => Promise<void>;
}

/** /auth/v1: sign-in through the OpenID provider, session refresh and sign-out, the user, the JWKS. */
export async function authRoutes(scope: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { sessions, tokens, signIn, signingKey, cookieKey, endProviderSession } = options;
  const { config } = scope;
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const secureCookies = config.env === 'production' || config.publicUrl.startsWith('https:');
  const tags = ['auth'];

  // Rate limits: per address on the sign-in routes, per user on GET /user (see rate-limits.ts).

  app.get(
    `${AUTH_PREFIX}/user`,
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: userSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const user = await sessions.publicUser(caller.id, caller.role, caller.mfa);
      if (!user) throw Unauthorized(ACCOUNT_GONE_MESSAGE);
      return user;
    },
  );

  app.get(
    `${AUTH_PREFIX}/.well-known/jwks.json`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Public keys that verify access tokens',
        response: { 200: z.object({ keys: z.array(publicJwkSchema) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { keys: [signingKey.publicJwk] };
    },
  );
  // Only sign-in and the session routes below read or write cookies (the refresh token and the
  // sign-in state), so the cookie plugin's hooks run for them alone.
  await scope.register(async (cookieScope) => {
    await cookieScope.register(cookie);
    const withCookies = cookieScope.withTypeProvider<ZodTypeProvider>();

    /** The cookie never outlives the session's absolute lifetime (AUTH_SESSION_MAX_AGE). */
    function setRefreshCookie(reply: FastifyReply, session: IssuedSession): void {
      reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
        path: REFRESH_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        maxAge: session.refreshTokenMaxAge,
      });
    }

    function clearRefreshCookie(reply: FastifyReply): void {
      reply.clearCookie(REFRESH_COOKIE, {
        path: REFRESH_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
      });
    }

    /** The refresh token from the cookie, or from a JSON body for clients without cookies. */
    function refreshTokenOf(request: FastifyRequest): { token: string | undefined; fromBody: boolean } {
      const fromBody = (request.body as { refresh_token?: unknown } | undefined)?.refresh_token;
      if (typeof fromBody === 'string' && fromBody !== '') return { token: fromBody, fromBody: true };
      return { token: request.cookies[REFRESH_COOKIE] || undefined, fromBody: false };
    }

    const sessionBody = (session: IssuedSession, includeRefreshToken: boolean) => ({
      access_token: session.accessToken,
      token_type: 'bearer' as const,
      expires_in: session.expiresIn,
      expires_at: session.expiresAt,
      ...(includeRefreshToken ? { refresh_token: session.refreshToken } : {}),
      user: session.user,
    });

    withCookies.get(
      `${AUTH_PREFIX}/authorize`,
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Start signing in: redirects to the sign-in provider',
          querystring: z.object({
            redirect_to: z
              .string()
              .max(2048)
              .optional()
              .describe('A path on this site to return to; default /'),
            provider: z.literal('google').optional(),
          }),
        },
      },
      async (request, reply) => {
        const redirectTo = sameSitePath(request.query.redirect_to ?? '/');
        if (!redirectTo) throw BadRequest('redirect_to must be a path on this site, such as /profile');
        let started: Awaited<ReturnType<SignInClient['start']>>;
        try {
          started = await signIn.start(redirectTo);
        } catch (error) {
          return signInFailed(request, reply, error);
        }
        const { url, loginState } = started;
        reply.setCookie(LOGIN_STATE_COOKIE, await sealLoginState(loginState, cookieKey), {
          path: CALLBACK_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies,
          maxAge: LOGIN_STATE_TTL_SECONDS,
        });
        return reply.redirect(url.href, 302);
      },
    );

    withCookies.get(
      CALLBACK_PATH,
      {
        config: { public: true },
        schema: { tags, summary: 'Where the sign-in provider returns the browser; signs in and redirects' },
      },
      async (request, reply) => {
        const loginState = await openLoginState(request.cookies[LOGIN_STATE_COOKIE], cookieKey);
        reply.clearCookie(LOGIN_STATE_COOKIE, {
          path: CALLBACK_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies,
        });
        try {
          if (!loginState)
            throw new SignInError('expired', 'sign-in state cookie missing, expired or forged');
          const callbackUrl = new URL(`${config.publicUrl}${CALLBACK_PATH}`);
          callbackUrl.search = new URL(request.url, config.publicUrl).search;
          const identity = await signIn.finish(callbackUrl, loginState);
          const session = await sessions.signIn(identity, { userAgent: request.headers['user-agent'] });
          setRefreshCookie(reply, session);
          return reply.redirect(loginState.redirectTo, 302);
        } catch (error) {
          return signInFailed(request, reply, error);
        }
      },
    );

    withCookies.post(
      `${AUTH_PREFIX}/token`,
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Exchange the refresh token (cookie, or body) for a new access token and refresh token',
          querystring: z.object({ grant_type: z.literal('refresh_token') }),
          body: refreshTokenBody,
          response: {
            200: sessionSchema,
            204: z.null().describe('No refresh token was sent: there is no session to restore'),
            401: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { token, fromBody } = refreshTokenOf(request);
        // Every page load of a visitor who never signed in asks; nothing failed, so no error answer
        // (a browser would log one in its console on every anonymous visit).
        if (!token) return reply.status(204).send(null);
        try {
          const session = await sessions.refresh(token);
          if (!fromBody) setRefreshCookie(reply, session);
          return sessionBody(session, fromBody);
        } catch (error) {
          if (error instanceof RefreshTokenReusedError) {
            logSecurityEvent(request, 'refresh_token_reuse', { userId: error.userId });
          }
          // Only a refused token goes; a failure of ours (a database blip) keeps it for the retry.
          if (!fromBody && error instanceof HttpError && error.statusCode === 401) clearRefreshCookie(reply);
          throw error;
        }
      },
    );

    /**
     * The claims of the request's bearer token, if it names a valid one. A header that names none
     * (expired, or not a bearer at all) must not stop sign-out from revoking the refresh token.
     */
    const optionalClaims = async (request: FastifyRequest) => {
      try {
        return await tokens.verify(bearerToken(request));
      } catch {
        return undefined;
      }
    };

    withCookies.post(
      `${AUTH_PREFIX}/logout`,
      {
        config: { public: true },
        schema: {
          tags,
          summary:
            'Sign out: revokes the session (from the access token or the refresh token) and clears the cookie',
          body: refreshTokenBody,
          response: { 204: z.null().describe('Signed out: no body') },
        },
      },
      async (request, reply) => {
        const claims = await optionalClaims(request);
        const { token } = refreshTokenOf(request);
        if (claims) await sessions.signOut(claims.sessionId);
        if (token) await sessions.signOutByRefreshToken(token);
        await endProviderSession?.(request.cookies);
        clearRefreshCookie(reply);
        return reply.status(204).send(null);
      },
    );
  });
}
