import type { SignInErrorReason } from '@app/domain/sign-in-errors';
import * as client from 'openid-client';
import type { LoginState } from './login-state.ts';
import type { ProviderIdentity } from './repo.ts';

export type SignInProviderName = 'google' | 'development';

export interface SignInProviderSettings {
  name: SignInProviderName;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** How to reach the issuer; the embedded development provider is called in-process. */
  fetch?: client.CustomFetch;
}

/**
 * A sign-in that failed for a reason the person is told about, as a code the browser turns into our
 * own sentence (see @app/domain/sign-in-errors). The message is for the log only.
 */
export class SignInError extends Error {
  readonly reason: SignInErrorReason;

  constructor(reason: SignInErrorReason, message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}

/** Whether the provider itself said no, as against the sign-in going wrong on the way. */
function isProviderAnswer(
  error: unknown,
): error is client.AuthorizationResponseError | client.ResponseBodyError {
  return error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError;
}

/**
 * The OpenID Connect authorization code flow with PKCE, state and nonce: the same code for Google
 * and for the development provider. The issuer's metadata is discovered on first use (and again
 * after a failure), so the server starts even while the provider is unreachable.
 */
export function createSignInClient(settings: SignInProviderSettings) {
  let configuration: Promise<client.Configuration> | undefined;

  /** The provider's metadata; a provider that cannot be reached (or read) is `provider_unreachable`. */
  function discover(): Promise<client.Configuration> {
    const issuer = new URL(settings.issuer);
    configuration ??= client
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        ...(settings.fetch ? { [client.customFetch]: settings.fetch } : {}),
        // Only the development provider (and test stand-ins for Google) run on plain http.
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw new SignInError(
          'provider_unreachable',
          `discovery of ${issuer.href} failed: ${String(error)}`,
          {
            cause: error,
          },
        );
      });
    return configuration;
  }

  return {
    provider: settings.name,

    /** Where to send the browser, and what the callback will need to check the answer. */
    async start(redirectTo: string): Promise<{ url: URL; loginState: LoginState }> {
      const config = await discover();
      const loginState: LoginState = {
        codeVerifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
        redirectTo,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(loginState.codeVerifier),
        code_challenge_method: 'S256',
        state: loginState.state,
        nonce: loginState.nonce,
      });
      return { url, loginState };
    },

    /**
     * Checks the provider's answer against the login state, exchanges the code and reads who
     * signed in. Throws SignInError: `access_denied` when the person declined at the provider,
     * `provider_unreachable` when the code could not be exchanged, `no_email` when no e-mail came.
     */
    async finish(callbackUrl: URL, loginState: LoginState): Promise<ProviderIdentity> {
      const config = await discover();
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: loginState.codeVerifier,
          expectedState: loginState.state,
          expectedNonce: loginState.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        if (isProviderAnswer(error)) {
          const reason = error.error === 'access_denied' ? 'access_denied' : 'unexpected';
          const detail = `the provider answered ${error.error}: ${error.error_description ?? ''}`;
          throw new SignInError(reason, detail, { cause: error });
        }
        // fetch() failing means the provider could not be reached; anything else is a check that failed.
        const unreachable = error instanceof TypeError && error.message === 'fetch failed';
        throw new SignInError(unreachable ? 'provider_unreachable' : 'unexpected', String(error), {
          cause: error,
        });
      }
      if (!claims || typeof claims.email !== 'string' || claims.email === '') {
        throw new SignInError('no_email', 'the ID token has no e-mail address');
      }
      return {
        provider: settings.name,
        subject: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
        lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
        hostedDomain: typeof claims.hd === 'string' ? claims.hd : undefined,
      };
    },
  };
}

export type SignInClient = ReturnType<typeof createSignInClient>;
