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

/** A failure the person can be told about, in the provider's own words. */
export class SignInError extends Error {}

export const UNEXPECTED_SIGN_IN_ERROR = 'An unexpected error occurred.';

/**
 * The OpenID Connect authorization code flow with PKCE, state and nonce: the same code for Google
 * and for the development provider. The issuer's metadata is discovered on first use (and again
 * after a failure), so the server starts even while the provider is unreachable.
 */
export function createSignInClient(settings: SignInProviderSettings) {
  let configuration: Promise<client.Configuration> | undefined;

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
        throw error;
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
     * signed in. Throws SignInError with the provider's message when it refused.
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
        if (error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError) {
          throw new SignInError(error.error_description || UNEXPECTED_SIGN_IN_ERROR, { cause: error });
        }
        throw error;
      }
      if (!claims || typeof claims.email !== 'string' || claims.email === '') {
        throw new SignInError('Your account did not share an e-mail address, which this service needs.');
      }
      return {
        provider: settings.name,
        subject: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
        lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
      };
    },
  };
}

export type SignInClient = ReturnType<typeof createSignInClient>;
