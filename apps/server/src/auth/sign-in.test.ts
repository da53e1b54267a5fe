import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { REFRESH_TOKEN_REUSE_INTERVAL_MS } from '@app/domain/session-refresh';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createMovingTestClock } from '../clock.ts';
import { createTestApp, createTestDatabase, databaseKinds, testConfig } from '../testing/databases.ts';
import { freePort } from '../testing/ports.ts';
import { mountDevelopmentProvider } from './dev-provider.ts';
import { TestBrowser } from './test-browser.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A test app listening on 127.0.0.1 at a port known in advance, so its public URL is real. */
async function listeningApp(kind: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestApp(kind, { PUBLIC_URL: baseUrl, ...env });
  await ctx.app.listen({ host: '127.0.0.1', port });
  cleanups.push(ctx.close);
  return { ...ctx, baseUrl };
}

/** Opens the provider's sign-in page from `startUrl`, checks the form and submits it. */
async function signInOnProviderPage(
  browser: TestBrowser,
  startUrl: string,
  form: { email: string; first_name?: string; last_name?: string },
): Promise<Response> {
  const { response: page, url: pageUrl } = await browser.follow(startUrl);
  expect(page.status).toBe(200);
  expect(pageUrl.pathname).toMatch(/^\/oidc\/interaction\//);
  const html = await page.text();
  expect(html).toContain('<label for="email">Email</label>');
  expect(html).toContain('<label for="first_name">First name</label>');
  expect(html).toContain('<label for="last_name">Last name</label>');
  expect(html).toContain('<button type="submit">Sign in</button>');
  expect(html).not.toContain('<script');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeDefined();
  const { response } = await browser.follow(new URL(action!, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return response;
}

async function refreshWithCookie(baseUrl: string, browser: TestBrowser) {
  const response = await browser.request(`${baseUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
  });
  return { status: response.status, body: await response.json() };
}

describe.each(databaseKinds)('sign-in through OpenID Connect on %s', (kind) => {
  it('signs in through the development provider and returns to the requested page', async () => {
    const { baseUrl } = await listeningApp(kind);
    const config = await (await fetch(`${baseUrl}/api/public-config`)).json();
    expect(config.signInProvider).toBe('development');

    const browser = new TestBrowser();
    const done = await signInOnProviderPage(browser, `${baseUrl}/auth/v1/authorize?redirect_to=/profile`, {
      email: 'Jane.Doe@Example.com',
      first_name: 'Jane',
      last_name: 'Doe',
    });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/profile');
    expect(browser.cookie('signin_state')).toBeUndefined();
    const setCookie = done.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/refresh_token=[^;]+; Max-Age=\d+; Path=\/auth; HttpOnly; SameSite=Strict/);

    const session = await refreshWithCookie(baseUrl, browser);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({
      email: 'jane.doe@example.com',
      first_name: 'Jane',
      last_name: 'Doe',
      role: 'client',
    });
    const user = await fetch(`${baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${session.body.access_token}` },
    });
    expect(await user.json()).toMatchObject({ email: 'jane.doe@example.com', first_name: 'Jane' });
  });

  it("ends the development provider's session at sign-out, so the next sign-in asks who is signing in", async () => {
    const { baseUrl } = await listeningApp(kind);
    const browser = new TestBrowser();
    await signInOnProviderPage(browser, `${baseUrl}/auth/v1/authorize`, { email: 'first@example.com' });
    // While the provider's session lasts, signing in again needs no form: the provider knows who it is.
    const again = await browser.follow(`${baseUrl}/auth/v1/authorize?redirect_to=/myjobs`);
    expect(again.response.status).toBe(302);
    expect(again.response.headers.get('location')).toBe('/myjobs');

    const signedOut = await browser.request(`${baseUrl}/auth/v1/logout`, { method: 'POST' });
    expect(signedOut.status).toBe(204);
    const done = await signInOnProviderPage(browser, `${baseUrl}/auth/v1/authorize`, {
      email: 'second@example.com',
    });
    expect(done.headers.get('location')).toBe('/');
    expect((await refreshWithCookie(baseUrl, browser)).body.user.email).toBe('second@example.com');
  });

  it('makes a verified company address staff, and keeps names when a later sign-in omits them', async () => {
    const { baseUrl } = await listeningApp(kind);
    const first = new TestBrowser();
    await signInOnProviderPage(first, `${baseUrl}/auth/v1/authorize`, {
      email: 'boss@company.test',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect((await refreshWithCookie(baseUrl, first)).body.user).toMatchObject({
      role: 'staff',
      first_name: 'Ada',
    });

    const again = new TestBrowser();
    const done = await signInOnProviderPage(again, `${baseUrl}/auth/v1/authorize`, {
      email: 'BOSS@company.test',
    });
    expect(done.headers.get('location')).toBe('/');
    expect((await refreshWithCookie(baseUrl, again)).body.user).toMatchObject({
      email: 'boss@company.test',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
  });

  it('signs in through Google, here played by a second instance acting as the Google issuer', async () => {
    const google = await listeningApp(kind);
    const appPort = await freePort();
    const appUrl = `http://127.0.0.1:${appPort}`;
    const registration = await fetch(`${google.baseUrl}/oidc/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [`${appUrl}/auth/v1/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      }),
    });
    expect(registration.status).toBe(201);
    const client = await registration.json();

    const ctx = await createTestApp(kind, {
      PUBLIC_URL: appUrl,
      AUTH_GOOGLE_CLIENT_ID: client.client_id,
      AUTH_GOOGLE_CLIENT_SECRET: client.client_secret,
      AUTH_GOOGLE_ISSUER: `${google.baseUrl}/oidc`,
    });
    cleanups.push(ctx.close);
    await ctx.app.listen({ host: '127.0.0.1', port: appPort });
    expect((await (await fetch(`${appUrl}/api/public-config`)).json()).signInProvider).toBe('google');
    // No development provider of its own once Google is configured.
    expect((await fetch(`${appUrl}/oidc/.well-known/openid-configuration`)).status).toBe(404);

    const browser = new TestBrowser();
    const start = await browser.request(`${appUrl}/auth/v1/authorize?redirect_to=/myjobs`);
    const providerUrl = new URL(start.headers.get('location')!);
    expect(providerUrl.origin).toBe(google.baseUrl);
    expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(providerUrl.searchParams.get('state')).toBeTruthy();
    expect(providerUrl.searchParams.get('nonce')).toBeTruthy();

    const done = await signInOnProviderPage(browser, providerUrl.href, {
      email: 'client@gmail.test',
      first_name: 'Cli',
    });
    expect(done.headers.get('location')).toBe('/myjobs');
    const session = await refreshWithCookie(appUrl, browser);
    expect(session.body.user).toMatchObject({
      email: 'client@gmail.test',
      first_name: 'Cli',
      role: 'client',
    });
  });

  it('sends a declined sign-in back to / with a reason code, never the provider text', async () => {
    const { baseUrl } = await listeningApp(kind);
    const browser = new TestBrowser();
    const start = await browser.request(`${baseUrl}/auth/v1/authorize`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const refused = await browser.request(
      `${baseUrl}/auth/v1/callback?error=access_denied&error_description=${encodeURIComponent('The user cancelled.')}&state=${state}&iss=${encodeURIComponent(`${baseUrl}/oidc`)}`,
    );
    expect(refused.status).toBe(302);
    const target = new URL(refused.headers.get('location')!, baseUrl);
    expect(target.pathname).toBe('/');
    expect(target.search).toBe('?error=signin&reason=access_denied');
    expect(browser.cookie('signin_state')).toBeUndefined();
  });

  it('says the sign-in expired for a forged error, or a callback without its sign-in state', async () => {
    const { app } = await listeningApp(kind);
    for (const url of [
      '/auth/v1/callback?error=access_denied&error_description=Call%20555-0100',
      '/auth/v1/callback?code=abc&state=xyz',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/?error=signin&reason=expired');
    }
  });

  it('sends the browser back with provider_unreachable when the provider cannot be reached', async () => {
    const closedPort = await freePort();
    const { app } = await listeningApp(kind, {
      AUTH_GOOGLE_CLIENT_ID: 'client',
      AUTH_GOOGLE_CLIENT_SECRET: 'secret',
      AUTH_GOOGLE_ISSUER: `http://127.0.0.1:${closedPort}`,
    });
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await app.inject('/auth/v1/authorize?redirect_to=/profile');
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/?error=signin&reason=provider_unreachable');
      expect(response.cookies.find((cookie) => cookie.name === 'signin_state')).toBeUndefined();
    }
  });

  it('keeps a redirect_to with any Unicode character, percent-encoded, through the whole sign-in', async () => {
    const { baseUrl } = await listeningApp(kind);
    const browser = new TestBrowser();
    const done = await signInOnProviderPage(
      browser,
      `${baseUrl}/auth/v1/authorize?redirect_to=${encodeURIComponent('/profile?name=José 🎉&x=\u2028')}`,
      { email: 'unicode@example.com' },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/profile?name=Jos%C3%A9%20%F0%9F%8E%89&x=%E2%80%A8');
  });

  it('accepts only paths on this site as redirect_to', async () => {
    const { app } = await listeningApp(kind);
    for (const redirectTo of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'profile']) {
      const response = await app.inject(`/auth/v1/authorize?redirect_to=${encodeURIComponent(redirectTo)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'redirect_to must be a path on this site, such as /profile' });
    }
    const fine = await app.inject('/auth/v1/authorize?redirect_to=%2Fjob-stats%3Ftab%3D1');
    expect(fine.statusCode).toBe(302);
    const cookie = fine.cookies.find((item) => item.name === 'signin_state');
    expect(cookie).toMatchObject({ path: '/auth/v1/callback', httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    // Encrypted: nothing of the state can be read from it.
    expect(cookie?.value.split('.')).toHaveLength(5);
  });

  it('re-renders the development sign-in page when the e-mail is not valid', async () => {
    const { baseUrl } = await listeningApp(kind);
    const browser = new TestBrowser();
    const { response: page, url: pageUrl } = await browser.follow(`${baseUrl}/auth/v1/authorize`);
    const action = /action="([^"]+)"/.exec(await page.text())![1]!;
    const retry = await browser.request(new URL(action, pageUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'not-an-email', first_name: '<b>Jo</b>' }),
    });
    expect(retry.status).toBe(400);
    const html = await retry.text();
    expect(html).toContain('Enter a valid e-mail address, such as jane@example.com.');
    expect(html).toContain('value="&lt;b&gt;Jo&lt;/b&gt;"');

    // A JSON body of other types gets the same page, with only text shown back.
    const typedOddly = await browser.request(new URL(action, pageUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 5, first_name: ['Jo'] }),
    });
    expect(typedOddly.status).toBe(400);
    expect(await typedOddly.text()).toContain('Enter a valid e-mail address, such as jane@example.com.');
  });

  if (kind === 'postgres') {
    it('works as several instances on one database: the callback and the refresh land on different instances', async () => {
      const google = await listeningApp('sqlite');
      const [portA, portB] = [await freePort(), await freePort()];
      const publicUrl = `http://127.0.0.1:${portA}`;
      const client = await (
        await fetch(`${google.baseUrl}/oidc/reg`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            redirect_uris: [`${publicUrl}/auth/v1/callback`],
            token_endpoint_auth_method: 'client_secret_post',
          }),
        })
      ).json();
      const database = await createTestDatabase('postgres');
      const shared = {
        DATABASE_URL: database.url,
        PUBLIC_URL: publicUrl,
        AUTH_GOOGLE_CLIENT_ID: client.client_id,
        AUTH_GOOGLE_CLIENT_SECRET: client.client_secret,
        AUTH_GOOGLE_ISSUER: `${google.baseUrl}/oidc`,
        AUTH_JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
        AUTH_COOKIE_SECRET: randomBytes(32).toString('base64url'),
      };
      const instances: FastifyInstance[] = [];
      const clock = createMovingTestClock();
      for (const port of [portA, portB]) {
        const config = testConfig(shared);
        const app = await buildApp({ config, clock, webDist: path.join(config.dataDir, 'no-web') });
        await app.listen({ host: '127.0.0.1', port });
        instances.push(app);
      }
      cleanups.push(async () => {
        for (const app of instances) await app.close();
        await database.drop();
      });

      // The "load balancer" sends the provider's callback to instance B, everything else to A.
      const browser = new TestBrowser((url) => {
        if (url.origin !== publicUrl || !url.pathname.startsWith('/auth/v1/callback')) return url;
        const toB = new URL(url);
        toB.port = String(portB);
        return toB;
      });
      const done = await signInOnProviderPage(
        browser,
        `${publicUrl}/auth/v1/authorize?redirect_to=/profile`,
        {
          email: 'multi@gmail.test',
        },
      );
      expect(done.headers.get('location')).toBe('/profile');
      const firstRefreshToken = browser.cookie('refresh_token');
      expect(firstRefreshToken).toBeDefined();

      const refreshed = await refreshWithCookie(publicUrl, browser);
      expect(refreshed.status).toBe(200);
      const servedByB = await fetch(`http://127.0.0.1:${portB}/auth/v1/user`, {
        headers: { authorization: `Bearer ${refreshed.body.access_token}` },
      });
      expect(servedByB.status).toBe(200);
      expect((await servedByB.json()).email).toBe('multi@gmail.test');

      // B sees that A rotated the first refresh token longer ago than the reuse interval: reuse
      // revokes the session everywhere.
      clock.advance(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1);
      const reuse = await fetch(`http://127.0.0.1:${portB}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: firstRefreshToken }),
      });
      expect(reuse.status).toBe(401);
      expect((await refreshWithCookie(publicUrl, browser)).status).toBe(401);
    });
  }
});

describe('the development provider', () => {
  it('is refused in production', async () => {
    const ctx = await createTestApp('sqlite');
    cleanups.push(ctx.close);
    const app = { config: { ...ctx.config, env: 'production' } } as unknown as FastifyInstance;
    expect(() => mountDevelopmentProvider(app)).toThrow(
      'The development sign-in provider is refused when NODE_ENV=production; configure Google sign-in.',
    );
  });
});
