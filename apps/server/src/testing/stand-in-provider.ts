import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** What the stand-in provider says about the person who signs in next. */
export interface StandInPerson {
  sub: string;
  email?: string;
  /** Left out of the ID token when undefined, as a provider that does not say would. */
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** Google's hosted (Workspace) domain of the account. */
  hd?: string;
}

export interface StandInProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person the next authorization signs in. */
  signInAs(person: StandInPerson): void;
  /** The next authorization is declined, as when the person cancels at the provider. */
  declineNext(): void;
  close(): Promise<void>;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A stand-in OpenID provider for tests, playing Google: discovery, an authorization endpoint that
 * signs in whoever the test chose (no page), a token endpoint that answers a signed ID token with
 * exactly the claims the test chose (`email_verified: false` included), and its keys. It checks
 * nothing a real provider would; the app under test checks the answers as it would Google's.
 */
export async function startStandInProvider(): Promise<StandInProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'stand-in', alg: 'RS256', use: 'sig' };
  const clientId = 'stand-in-client';
  const clientSecret = randomBytes(16).toString('hex');
  const codes = new Map<string, { person: StandInPerson; nonce: string | null }>();
  let next: StandInPerson | 'decline' | undefined;

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [publicJwk] });
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      const person = next;
      next = undefined;
      if (person === 'decline' || person === undefined) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The person declined (Call 555-0100 for help).');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { person, nonce: url.searchParams.get('nonce') });
        back.searchParams.set('code', code);
      }
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = await readForm(request);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!grant) return json(400, { error: 'invalid_grant' });
      const { sub, ...claims } = grant.person;
      const idToken = await new SignJWT({ ...claims, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
        .setProtectedHeader({ alg: 'RS256', kid: 'stand-in' })
        .setIssuer(issuer)
        .setSubject(sub)
        .setAudience(clientId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return json(200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(person) {
      next = person;
    },
    declineNext() {
      next = 'decline';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
