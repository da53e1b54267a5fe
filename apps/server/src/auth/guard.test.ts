import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { defaultOnboardingResources } from '@app/domain/resources';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../testing/auth.ts';
import { createTestApp, databaseKinds } from '../testing/databases.ts';
import { currentUser } from './guard.ts';

const keyPair = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const signingKey = keyPair().privateKey;
const pem = signingKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(databaseKinds)('the access-token guard on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let issuer: string;
  let userId: string;
  let sessionId: string;
  let validToken: string;

  /** A token as the server would issue it, with the given changes. */
  function craft(
    overrides: {
      key?: KeyObject;
      claims?: Record<string, unknown>;
      expiresIn?: number;
      issuer?: string;
      audience?: string;
    } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: 'someone@example.test',
      role: 'client',
      sid: sessionId,
      ...overrides.claims,
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(overrides.issuer ?? issuer)
      .setAudience(overrides.audience ?? 'authenticated')
      .setIssuedAt(now - 60)
      .setExpirationTime(now + (overrides.expiresIn ?? 600))
      .sign(overrides.key ?? signingKey);
  }

  const probe = (authorization?: string) =>
    ctx.app.inject({ url: '/api/test/protected', headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    ctx = await createTestApp(kind, { AUTH_JWT_PRIVATE_KEY: pem });
    issuer = `${ctx.config.publicUrl}/auth/v1`;
    ctx.app.get('/api/test/protected', async (request) => currentUser(request));
    ctx.app.get('/api/test/staff', { config: { staff: true } }, async () => ({ ok: true }));
    ctx.app.get('/api/test/public', { config: { public: true } }, async () => ({ ok: true }));
    const signedIn = await signInForTest(ctx.app, 'someone@example.test');
    userId = signedIn.userId;
    sessionId = signedIn.sessionId;
    validToken = signedIn.accessToken;
  });
  afterAll(async () => ctx.close());

  it('lets a valid token through and tells the handler who is calling', async () => {
    const response = await probe(`Bearer ${validToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: userId,
      email: 'someone@example.test',
      role: 'client',
      sessionId,
      mfa: false,
      staff: false,
    });
    expect((await probe(`Bearer ${await craft()}`)).statusCode).toBe(200);
  });

  it('answers a missing or malformed token with 401', async () => {
    const missing = await probe();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      error: 'Authentication required: send an access token as "Authorization: Bearer <token>"',
    });
    expect((await probe(`Basic ${validToken}`)).json().error).toMatch(/^Authentication required/);
    const garbage = await probe('Bearer not.a.jwt');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ error: 'Malformed access token' });
  });

  it('answers a tampered signature with "Invalid JWT signature"', async () => {
    const [header, payload, signature] = validToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const promoted = `${header}.${base64url({ ...claims, role: 'staff' })}.${signature}`;
    expect((await probe(`Bearer ${validToken}`)).statusCode).toBe(200);
    for (const token of [promoted, await craft({ key: keyPair().privateKey })]) {
      const response = await probe(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Invalid JWT signature' });
    }
  });

  it('refuses an expired token', async () => {
    const response = await probe(`Bearer ${await craft({ expiresIn: -5 })}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Access token has expired' });
  });

  it('refuses unsigned (alg: none) and HMAC-signed tokens', async () => {
    const [, payload] = validToken.split('.') as [string, string];
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hmac = await new SignJWT({ email: 'someone@example.test', role: 'staff', sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(issuer)
      .setAudience('authenticated')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a-guessable-shared-secret-of-32-bytes!'));
    for (const token of [unsigned, hmac]) {
      const response = await probe(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Access token must be signed with ES256' });
    }
  });

  it('refuses a token from another issuer or for another audience', async () => {
    const foreign = await probe(`Bearer ${await craft({ issuer: 'https://elsewhere.test/auth/v1' })}`);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toEqual({ error: 'Access token was issued by someone else' });
    const otherAudience = await probe(`Bearer ${await craft({ audience: 'another-service' })}`);
    expect(otherAudience.json()).toEqual({ error: 'Access token is not meant for this service' });
  });

  it('refuses a token whose role is not one this service issues', async () => {
    const response = await probe(`Bearer ${await craft({ claims: { role: 'admin' } })}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Malformed access token' });
  });

  it('lets public routes, the OpenAPI document and unknown paths through without a token', async () => {
    expect((await ctx.app.inject('/api/test/public')).statusCode).toBe(200);
    expect((await ctx.app.inject('/api/docs/json')).statusCode).toBe(200);
    expect((await ctx.app.inject('/api/nothing-here')).statusCode).toBe(404);
  });

  it('keeps staff routes to staff, by the exact company domain', async () => {
    const client = await signInForTest(ctx.app, 'someone@evilcompany.test');
    const denied = await ctx.app.inject({ url: '/api/test/staff', headers: client.authHeader });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      error: 'Access denied. This feature is only available to @company.test users.',
    });

    const staff = await signInForTest(ctx.app, 'Boss@Company.test', { firstName: 'Ada' });
    const allowed = await ctx.app.inject({ url: '/api/test/staff', headers: staff.authHeader });
    expect(allowed.statusCode).toBe(200);
    const user = await ctx.app.inject({ url: '/auth/v1/user', headers: staff.authHeader });
    expect(user.json()).toEqual({
      id: staff.userId,
      email: 'boss@company.test',
      first_name: 'Ada',
      last_name: '',
      role: 'staff',
      mfa: 'passed',
    });
  });

  it('never makes an unverified address staff: such a sign-in is refused outright', async () => {
    const signIn = ctx.app.auth.sessions.signIn(
      {
        provider: 'test',
        subject: 'unverified',
        email: 'unverified@company.test',
        emailVerified: false,
      },
      { userAgent: undefined },
    );
    await expect(signIn).rejects.toMatchObject({ reason: 'email_not_verified' });
    const user = await ctx.app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'unverified@company.test')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('publishes the public key that verifies its tokens', async () => {
    const jwks = (await ctx.app.inject('/auth/v1/.well-known/jwks.json')).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const { payload } = await jwtVerify(validToken, createLocalJWKSet(jwks), {
      issuer,
      audience: 'authenticated',
    });
    expect(payload.sub).toBe(userId);
  });

  it("tells the browser its brand, which sign-in provider to expect and the Resources step's links", async () => {
    const response = await ctx.app.inject('/api/public-config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      brandName: 'Apply Ahead',
      brandColor: '#2563eb',
      whatsappNumber: '15551234567',
      advancedProductUrl: 'https://advanced.example.com',
      staffEmailDomain: 'company.test',
      signInProvider: 'development',
      resources: defaultOnboardingResources,
    });
  });
});
