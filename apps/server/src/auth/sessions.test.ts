import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REFRESH_TOKEN_REUSE_INTERVAL_MS } from '@app/domain/session-refresh';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createMovingTestClock } from '../clock.ts';
import { signInForTest } from '../testing/auth.ts';
import { createTestApp, databaseKinds, testConfig } from '../testing/databases.ts';
import { refuseInserts } from '../testing/refuse-inserts.ts';
import { createAuthRepo } from './repo.ts';
import { hashToken } from './sessions.ts';

const REUSED = 'Invalid refresh token: already used. The session has been signed out; please sign in again.';

describe.each(databaseKinds)('sessions on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  const clock = createMovingTestClock();
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, clock);
  });
  afterAll(async () => ctx.close());
  afterEach(() => clock.reset());

  const refreshWithCookie = (refreshToken: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      cookies: { refresh_token: refreshToken },
    });
  const refreshWithBody = (refreshToken: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: refreshToken },
    });
  /** Which of these token hashes the database still holds as unused. */
  const stillUsable = async (tokenHashes: string[]) =>
    ctx.app.db.kysely
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('token_hash', 'in', tokenHashes)
      .where('used_at', 'is', null)
      .execute();
  const newRefreshCookie = (response: Awaited<ReturnType<typeof refreshWithCookie>>) =>
    response.cookies.find((cookie) => cookie.name === 'refresh_token');

  it('rotates the refresh token in its cookie and answers with a new access token', async () => {
    const signedIn = await signInForTest(ctx.app, 'rotate@example.test', {
      firstName: 'Ro',
      lastName: 'Tate',
    });
    const response = await refreshWithCookie(signedIn.refreshToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: expect.any(Number),
      user: {
        id: signedIn.userId,
        email: 'rotate@example.test',
        first_name: 'Ro',
        last_name: 'Tate',
        role: 'client',
      },
    });
    expect(body.expires_at).toBeGreaterThan(Date.now() / 1000 + 3590);
    const cookie = newRefreshCookie(response);
    expect(cookie).toMatchObject({ path: '/auth', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.value).not.toBe(signedIn.refreshToken);

    const user = await ctx.app.inject({
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(user.statusCode).toBe(200);

    const next = await refreshWithCookie(cookie!.value);
    expect(next.statusCode).toBe(200);
  });

  it('accepts the refresh token in the body and then answers the new one in the body', async () => {
    const signedIn = await signInForTest(ctx.app, 'body@example.test');
    const first = await refreshWithBody(signedIn.refreshToken);
    expect(first.statusCode).toBe(200);
    expect(newRefreshCookie(first)).toBeUndefined();
    const rotated = first.json().refresh_token;
    expect(rotated).toEqual(expect.any(String));
    expect((await refreshWithBody(rotated)).statusCode).toBe(200);
  });

  it('revokes the whole session when a refresh token comes back after the reuse interval', async () => {
    const signedIn = await signInForTest(ctx.app, 'reuse@example.test');
    const rotated = newRefreshCookie(await refreshWithCookie(signedIn.refreshToken))!.value;

    clock.advance(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1);
    const replay = await refreshWithCookie(signedIn.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: REUSED });
    expect(newRefreshCookie(replay)).toMatchObject({ value: '', path: '/auth' });

    // The legitimate holder's newer token died with the session.
    const afterRevocation = await refreshWithCookie(rotated);
    expect(afterRevocation.statusCode).toBe(401);
    expect(afterRevocation.json()).toEqual({ error: 'Invalid refresh token' });
  });

  it('exchanges a refresh token again within the reuse interval, as when the first answer was lost, and retires the token that answer held', async () => {
    const signedIn = await signInForTest(ctx.app, 'lost-answer@example.test');
    // The browser never got this answer: its cookie still holds the first token.
    const lost = newRefreshCookie(await refreshWithCookie(signedIn.refreshToken))!.value;

    clock.advance(REFRESH_TOKEN_REUSE_INTERVAL_MS - 1_000);
    const retried = await refreshWithCookie(signedIn.refreshToken);
    expect(retried.statusCode, retried.body).toBe(200);
    const kept = newRefreshCookie(retried)!.value;
    expect(kept).not.toBe(lost);
    const user = await ctx.app.inject({
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${retried.json().access_token}` },
    });
    expect(user.statusCode).toBe(200);

    // Only the retry's token carries the session on: the lost one is spent, and once the interval
    // is over, showing it is theft and ends the session.
    expect(await stillUsable([hashToken(lost), hashToken(kept)])).toEqual([{ token_hash: hashToken(kept) }]);
    clock.advance(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1_001);
    expect((await refreshWithCookie(lost)).json()).toEqual({ error: REUSED });
    expect((await refreshWithCookie(kept)).statusCode).toBe(401);
  });

  it('keeps the refresh token and its cookie when a refresh fails on our side, so the retry works', async () => {
    const signedIn = await signInForTest(ctx.app, 'blip@example.test');
    const restore = await refuseInserts(ctx.app, kind, 'refresh_tokens');
    try {
      const failed = await refreshWithCookie(signedIn.refreshToken);
      expect(failed.statusCode).toBe(500);
      expect(newRefreshCookie(failed)).toBeUndefined();
    } finally {
      await restore();
    }
    const retried = await refreshWithCookie(signedIn.refreshToken);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(newRefreshCookie(retried)?.value).not.toBe('');
  });

  it('answers retries that overlap after a lost answer, one after the other', async () => {
    const signedIn = await signInForTest(ctx.app, 'overlapping-retries@example.test');
    expect((await refreshWithBody(signedIn.refreshToken)).statusCode).toBe(200);
    const retries = await Promise.all(
      Array.from({ length: 6 }, () => refreshWithBody(signedIn.refreshToken)),
    );
    expect(retries.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    const issued = retries.map((response) => hashToken(response.json().refresh_token));
    expect(await stillUsable(issued)).toHaveLength(1);
  });

  it('tells a rotation that meets a sign-out the session ended, which is not a stolen token', async () => {
    const signedIn = await signInForTest(ctx.app, 'rotation-meets-sign-out@example.test');
    const repo = createAuthRepo(ctx.app.db, clock);
    const rotation = {
      used: hashToken(signedIn.refreshToken),
      next: hashToken('next-token'),
      sessionId: signedIn.sessionId,
      expiresAt: new Date(clock.now() + 60_000).toISOString(),
      forgetUsedBefore: new Date(clock.now() - 60_000).toISOString(),
      reusableSince: new Date(clock.now() - REFRESH_TOKEN_REUSE_INTERVAL_MS).toISOString(),
    };
    // The refresh read the token before the sign-out ended the session.
    await ctx.app.inject({ method: 'POST', url: '/auth/v1/logout', headers: signedIn.authHeader });
    expect(await repo.rotateRefreshToken(rotation)).toBe('ended');
  });

  it('answers two simultaneous uses of a refresh token and leaves the session one current token', async () => {
    const signedIn = await signInForTest(ctx.app, 'race@example.test');
    const results = await Promise.all([
      refreshWithBody(signedIn.refreshToken),
      refreshWithBody(signedIn.refreshToken),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    const issued = results.map((response) => hashToken(response.json().refresh_token));
    expect(await stillUsable(issued)).toHaveLength(1);
  });

  it('answers a refresh without a token with 204 (no session to restore), and one with an unknown token with 401', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token' });
    expect(missing.statusCode).toBe(204);
    expect(missing.body).toBe('');
    const unknown = await refreshWithCookie('made-up-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: 'Invalid refresh token' });
    const wrongGrant = await ctx.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password' });
    expect(wrongGrant.statusCode).toBe(400);
  });

  it('signs out with the access token: the refresh token stops working and the cookie is cleared', async () => {
    const signedIn = await signInForTest(ctx.app, 'logout@example.test');
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: signedIn.authHeader,
    });
    expect(logout.statusCode).toBe(204);
    expect(newRefreshCookie(logout)).toMatchObject({ value: '', path: '/auth' });
    const refresh = await refreshWithCookie(signedIn.refreshToken);
    expect(refresh.statusCode).toBe(401);
  });

  it('signs out with only the refresh cookie', async () => {
    const signedIn = await signInForTest(ctx.app, 'cookie-logout@example.test');
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      cookies: { refresh_token: signedIn.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refreshWithCookie(signedIn.refreshToken)).statusCode).toBe(401);
  });

  it('signs out with the refresh token when the authorization header names no valid token', async () => {
    for (const authorization of ['Basic eDp5', 'Bearer ', 'Bearer not-a-token']) {
      const signedIn = await signInForTest(ctx.app, 'odd-header@example.test');
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/auth/v1/logout',
        headers: { authorization },
        cookies: { refresh_token: signedIn.refreshToken },
      });
      expect(logout.statusCode, authorization).toBe(204);
      expect(newRefreshCookie(logout)).toMatchObject({ value: '', path: '/auth' });
      expect((await refreshWithCookie(signedIn.refreshToken)).statusCode, authorization).toBe(401);
    }
  });

  it('signs out quietly when there is nothing to revoke', async () => {
    const logout = await ctx.app.inject({ method: 'POST', url: '/auth/v1/logout' });
    expect(logout.statusCode).toBe(204);
  });

  it('needs a token for the user endpoint', async () => {
    const response = await ctx.app.inject('/auth/v1/user');
    expect(response.statusCode).toBe(401);
  });

  it('answers the user as stored now, under any live token: a new sign-in brings the new names', async () => {
    const user = (authHeader: Record<string, string>) =>
      ctx.app.inject({ url: '/auth/v1/user', headers: authHeader });
    const first = await signInForTest(ctx.app, 'renamed@example.test', {
      firstName: 'Old',
      lastName: 'Name',
    });
    expect((await user(first.authHeader)).json()).toMatchObject({ first_name: 'Old', last_name: 'Name' });
    const second = await signInForTest(ctx.app, 'renamed@example.test', {
      firstName: 'New',
      lastName: 'Name',
    });
    const expected = {
      id: first.userId,
      email: 'renamed@example.test',
      first_name: 'New',
      last_name: 'Name',
      role: 'client',
    };
    expect((await user(second.authHeader)).json()).toEqual(expected);
    const earlier = await user(first.authHeader);
    expect(earlier.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(earlier.json()).toEqual(expected);
  });
});

describe('signing key', () => {
  it('is generated once into the data folder, owner-only, and survives a restart', async () => {
    const config = testConfig({ DATABASE_URL: 'sqlite::memory:' });
    const first = await buildApp({ config, webDist: path.join(config.dataDir, 'no-web') });
    const jwksBefore = (await first.inject('/auth/v1/.well-known/jwks.json')).json();
    await first.close();
    expect(statSync(path.join(config.dataDir, 'auth-jwt-private-key.pem')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(config.dataDir, 'auth-cookie-secret')).mode & 0o777).toBe(0o600);

    const second = await buildApp({ config, webDist: path.join(config.dataDir, 'no-web') });
    expect((await second.inject('/auth/v1/.well-known/jwks.json')).json()).toEqual(jwksBefore);
    await second.close();
  });

  it('is the same for every process that starts at once on one fresh data folder, none reading it half written', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keys-together-'));
    const keys = new URL('./keys.ts', import.meta.url).href;
    // Each process waits for the same moment once loaded, so they reach the folder together.
    const startAt = Date.now() + 1500;
    const program = `
      const { loadSigningKey, loadCookieKey } = await import(${JSON.stringify(keys)});
      const config = { dataDir: ${JSON.stringify(dataDir)}, auth: {} };
      await new Promise((resolve) => setTimeout(resolve, ${startAt} - Date.now()));
      const { publicJwk } = await loadSigningKey(config);
      console.log(publicJwk.kid, Buffer.from(loadCookieKey(config)).toString('hex'));`;
    const run = promisify(execFile);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => run(process.execPath, ['--input-type=module', '-e', program])),
    );
    expect(new Set(answers.map(({ stdout }) => stdout)).size).toBe(1);
    // Each process wrote its secret to a file of its own first; none of those is left behind.
    expect(readdirSync(dataDir).sort()).toEqual(['auth-cookie-secret', 'auth-jwt-private-key.pem']);
  });
});
