import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Account, type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import {
  DEV_STYLESHEET_PATH,
  renderProblemPage,
  renderSignInPage,
  stylesheet,
} from './dev-provider-pages.ts';
import { createMemoryStore } from './dev-provider-store.ts';

export const DEV_PROVIDER_PATH = '/oidc';
const INTERACTION_PATH = `${DEV_PROVIDER_PATH}/interaction`;

export interface DevelopmentProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Ends the provider's own session of the browser whose cookies these are, so that its next sign-in
   * asks who is signing in instead of signing the last person in again (Google asks too).
   */
  endSession(cookies: Record<string, string | undefined>): Promise<void>;
}

/** The person typed on the sign-in page. It is the account id itself, so the provider keeps no accounts. */
interface DevAccount {
  email: string;
  firstName: string;
  lastName: string;
}

const encodeAccount = (account: DevAccount) =>
  Buffer.from(JSON.stringify([account.email, account.firstName, account.lastName])).toString('base64url');

function decodeAccount(accountId: string): DevAccount | undefined {
  try {
    const [email, firstName, lastName] = JSON.parse(Buffer.from(accountId, 'base64url').toString('utf8'));
    if ([email, firstName, lastName].every((value) => typeof value === 'string')) {
      return { email, firstName, lastName };
    }
  } catch {
    // Not one of ours.
  }
  return undefined;
}

const signInFormSchema = z.object({
  email: z.email().max(254),
  first_name: z.string().trim().max(100).default(''),
  last_name: z.string().trim().max(100).default(''),
});

/**
 * The embedded OpenID provider that stands in for Google when no Google client is configured. It
 * lives under /oidc in this server, accepts any e-mail (marked verified) and grants consent by
 * itself. It also accepts dynamic client registration, so another instance can use it as its
 * "Google" in tests. It is refused in production.
 */
export function mountDevelopmentProvider(app: FastifyInstance): DevelopmentProvider {
  const { config } = app;
  if (config.env === 'production' || process.env.NODE_ENV === 'production') {
    throw new Error(
      'The development sign-in provider is refused when NODE_ENV=production; configure Google sign-in.',
    );
  }
  const issuer = `${config.publicUrl}${DEV_PROVIDER_PATH}`;
  const clientId = 'portal';
  const clientSecret = randomBytes(32).toString('base64url');
  const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    adapter: createMemoryStore(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${config.publicUrl}/auth/v1/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, alg: 'ES256', use: 'sig' }] },
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // Like Google: the ID token carries the e-mail and names, not only the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Grant: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
    },
    features: { devInteractions: { enabled: false }, registration: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    findAccount: (_ctx, accountId) => accountFor(accountId),
    loadExistingGrant: grantEverythingAsked,
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderProblemPage('Sign-in failed', String(out.error_description ?? out.error));
    },
  });
  // URLs in its answers follow the public URL's scheme even behind a TLS-terminating proxy.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) =>
    app.log.error({ err: error }, 'development sign-in provider failed'),
  );

  mountProviderHandler(app, provider);
  registerInteractionRoutes(app, provider);
  // The provider's session cookie has the path /, so the product's sign-out request carries it.
  const endSession = async (cookies: Record<string, string | undefined>) => {
    const session = await provider.Session.find(cookies[provider.cookieName('session')] ?? '');
    await session?.destroy();
  };
  return { issuer, clientId, clientSecret, endSession };
}

function accountFor(accountId: string): Account | undefined {
  const account = decodeAccount(accountId);
  if (!account) return undefined;
  return {
    accountId,
    claims: () => ({
      sub: accountId,
      email: account.email,
      email_verified: true,
      ...(account.firstName ? { given_name: account.firstName } : {}),
      ...(account.lastName ? { family_name: account.lastName } : {}),
      ...(account.firstName || account.lastName
        ? { name: `${account.firstName} ${account.lastName}`.trim() }
        : {}),
    }),
  };
}

/** Consent is implied: every scope and claim the client asks for is granted on first use. */
async function grantEverythingAsked(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const existingId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
  if (existingId) return oidc.provider.Grant.find(existingId);
  const grant = new oidc.provider.Grant({
    clientId: oidc.client!.clientId,
    accountId: oidc.session!.accountId,
  });
  grant.addOIDCScope(String(oidc.params?.scope ?? 'openid'));
  if (oidc.requestParamClaims) grant.addOIDCClaims([...oidc.requestParamClaims]);
  await grant.save();
  return grant;
}

/**
 * Hands every request under /oidc (but the sign-in page) to the provider before Fastify parses its
 * body, with the mount prefix stripped as the provider expects.
 */
function mountProviderHandler(app: FastifyInstance, provider: Provider): void {
  const handle = provider.callback();
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    const isProviderUrl = url === DEV_PROVIDER_PATH || /^\/oidc[/?]/.test(url);
    if (!isProviderUrl || url.startsWith(`${INTERACTION_PATH}/`)) return done();
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = url;
    raw.url = url.slice(DEV_PROVIDER_PATH.length) || '/';
    handle(raw, reply.raw);
  });
}

function registerInteractionRoutes(app: FastifyInstance, provider: Provider): void {
  const { brand } = app.config;
  const css = stylesheet(brand.color);

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  const expired = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      renderProblemPage('Sign-in expired', 'This sign-in attempt has expired. Go back and sign in again.'),
    );

  /** The interaction this browser is in, or undefined when its cookie is gone or stale. */
  async function interactionOf(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid ? details : undefined;
    } catch {
      return undefined;
    }
  }

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(
      DEV_STYLESHEET_PATH,
      { config: { public: true }, schema: { hide: true } },
      async (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css),
    );

    scope.get<{ Params: { uid: string } }>(
      `${INTERACTION_PATH}/:uid`,
      { config: { public: true }, schema: { hide: true } },
      async (request, reply) => {
        if (!(await interactionOf(request, reply))) return expired(reply);
        return sendPage(
          reply,
          200,
          renderSignInPage({
            action: `${INTERACTION_PATH}/${request.params.uid}/login`,
            brandName: brand.name,
          }),
        );
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, unknown> | null }>(
      `${INTERACTION_PATH}/:uid/login`,
      { config: { public: true }, schema: { hide: true } },
      async (request, reply) => {
        if (!(await interactionOf(request, reply))) return expired(reply);
        const form = signInFormSchema.safeParse(request.body ?? {});
        if (!form.success) {
          // A JSON body can hold anything; only text is shown back in the form.
          const body: Record<string, unknown> = request.body ?? {};
          const typed = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
          return sendPage(
            reply,
            400,
            renderSignInPage({
              action: `${INTERACTION_PATH}/${request.params.uid}/login`,
              brandName: brand.name,
              email: typed('email'),
              firstName: typed('first_name'),
              lastName: typed('last_name'),
              error: 'Enter a valid e-mail address, such as jane@example.com.',
            }),
          );
        }
        const accountId = encodeAccount({
          email: form.data.email.toLowerCase(),
          firstName: form.data.first_name,
          lastName: form.data.last_name,
        });
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });
}
