import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { REFRESH_TOKEN_REUSE_INTERVAL_MS } from '@app/domain/session-refresh';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestClock } from '../clock.ts';
import { signInForTest, TEST_USER_AGENT } from '../testing/auth.ts';
import { createTestApp, createTestDatabase, databaseKinds, testConfig } from '../testing/databases.ts';
import { SESSION_CHECK_TTL_MS } from './sessions.ts';

const ENDED = { error: 'The session has ended; please sign in again.' };
const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

describe.each(databaseKinds)('sessions that end, on two instances sharing %s', (kind) => {
  // Both instances read this clock (the session check and token expiry); tests move it, and it is
  // put back after each test.
  const clock = createTestClock();
  let first: FastifyInstance;
  let second: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    const instance = async () => {
      const config = testConfig({ DATABASE_URL: database.url, AUTH_JWT_PRIVATE_KEY: pem });
      return buildApp({ config, clock, webDist: path.join(config.dataDir, 'no-web') });
    };
    first = await instance();
    second = await instance();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await drop();
  });
  afterEach(() => clock.reset());

  const jobs = (app: FastifyInstance, authHeader: { authorization: string }) =>
    app.inject({ url: '/api/my-jobs', headers: authHeader });

  /** Signs in on the first instance; the second has read the session (it is in its cache). */
  async function signedInOnBoth(email: string) {
    const signedIn = await signInForTest(first, email);
    expect((await jobs(second, signedIn.authHeader)).statusCode).toBe(200);
    return signedIn;
  }

  /** The token is refused at once where the session ended, and on the other instance after the cache's TTL. */
  async function expectRefusedEverywhere(authHeader: { authorization: string }) {
    const here = await jobs(first, authHeader);
    expect(here.statusCode).toBe(401);
    expect(here.json()).toEqual(ENDED);
    clock.advance(SESSION_CHECK_TTL_MS + 1);
    const there = await jobs(second, authHeader);
    expect(there.statusCode).toBe(401);
    expect(there.json()).toEqual(ENDED);
  }

  it('answers a request racing its own sign-out with 200 or 401, never a failure', async () => {
    const statuses = new Set<number>();
    for (let round = 0; round < 30; round++) {
      const { authHeader } = await signInForTest(first, 'racer@example.com');
      const [signedOut, reads] = await Promise.all([
        first.inject({ method: 'POST', url: '/auth/v1/logout', headers: authHeader }),
        Promise.all(
          Array.from({ length: 4 }, (_, i) =>
            new Promise((resolve) => setTimeout(resolve, i)).then(() =>
              first.inject({ url: '/api/my-jobs', headers: authHeader }),
            ),
          ),
        ),
      ]);
      expect(signedOut.statusCode).toBe(204);
      for (const read of reads) statuses.add(read.statusCode);
    }
    expect([...statuses].filter((status) => status !== 200 && status !== 401)).toEqual([]);
  });

  it('refuses the access token of a session that signed out', async () => {
    const signedIn = await signedInOnBoth('signed-out@example.test');
    const logout = await first.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: signedIn.authHeader,
    });
    expect(logout.statusCode).toBe(204);
    await expectRefusedEverywhere(signedIn.authHeader);
  });

  it('refuses the access token of a session whose refresh token came back after use', async () => {
    const signedIn = await signedInOnBoth('replayed@example.test');
    const refresh = () =>
      first.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: signedIn.refreshToken },
      });
    const rotated = await refresh();
    expect(rotated.statusCode).toBe(200);
    clock.advance(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1);
    expect((await refresh()).statusCode).toBe(401);
    await expectRefusedEverywhere(signedIn.authHeader);
    const newer = { authorization: `Bearer ${rotated.json().access_token}` };
    expect((await jobs(second, newer)).json()).toEqual(ENDED);
  });

  it('refuses the access token of a session staff disabled, and lists the sessions staff see', async () => {
    const staff = await signInForTest(first, 'lead@company.test');
    const signedIn = await signedInOnBoth('disabled@example.test');
    const listed = await second.inject({
      url: `/api/admin/clients/${signedIn.userId}/sessions`,
      headers: staff.authHeader,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      {
        id: signedIn.sessionId,
        user_agent: TEST_USER_AGENT,
        created_at: expect.any(String),
        last_seen_at: expect.any(String),
        expires_at: expect.any(String),
      },
    ]);
    const disable = await first.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${signedIn.sessionId}`,
      headers: staff.authHeader,
    });
    expect(disable.statusCode).toBe(204);
    await expectRefusedEverywhere(signedIn.authHeader);
    // Signing a person out is in their activity, naming who did it.
    const timeline = await first.inject({
      url: `/api/admin/activity?client_id=${signedIn.userId}`,
      headers: staff.authHeader,
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(timeline.json().data).toMatchObject([
      {
        actor_kind: 'staff',
        actor_email: 'lead@company.test',
        client_id: signedIn.userId,
        action: 'session.disabled',
        detail: { session_id: signedIn.sessionId },
      },
    ]);

    const again = await first.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${signedIn.sessionId}`,
      headers: staff.authHeader,
    });
    expect(again.statusCode).toBe(204);
    const unknown = await first.inject({
      method: 'DELETE',
      url: '/api/admin/sessions/no-such-session',
      headers: staff.authHeader,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No such signed-in device' });
    const unknownUser = await first.inject({
      url: '/api/admin/clients/no-such-user/sessions',
      headers: staff.authHeader,
    });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json()).toEqual({ error: 'No user with this id' });
  });

  it('refuses the access tokens of the other devices after "sign out everywhere else"', async () => {
    const phone = await signedInOnBoth('two-devices@example.test');
    const laptop = await signInForTest(first, 'two-devices@example.test');
    const devices = await second.inject({ url: '/api/account/sessions', headers: laptop.authHeader });
    expect(
      devices.json().data.map((device: { id: string; current: boolean }) => [device.id, device.current]),
    ).toEqual(
      expect.arrayContaining([
        [laptop.sessionId, true],
        [phone.sessionId, false],
      ]),
    );
    expect(devices.json().data).toHaveLength(2);

    const signOutOthers = await first.inject({
      method: 'POST',
      url: '/api/account/sessions/sign-out-others',
      headers: laptop.authHeader,
    });
    expect(signOutOthers.json()).toEqual({ ended: 1 });
    await expectRefusedEverywhere(phone.authHeader);
    expect((await jobs(second, laptop.authHeader)).statusCode).toBe(200);
    const left = await second.inject({ url: '/api/account/sessions', headers: laptop.authHeader });
    expect(left.json().data.map((device: { id: string }) => device.id)).toEqual([laptop.sessionId]);
  });

  it('counts only live devices in "sign out everywhere else": an expired one stays as it ended', async () => {
    const old = await signInForTest(first, 'expired-device@example.test');
    const phone = await signInForTest(first, 'expired-device@example.test');
    const laptop = await signInForTest(first, 'expired-device@example.test');
    const expiredAt = new Date(clock.now() - 60_000).toISOString();
    await first.db.kysely
      .updateTable('sessions')
      .set({ expires_at: expiredAt })
      .where('id', '=', old.sessionId)
      .execute();
    const signOutOthers = await first.inject({
      method: 'POST',
      url: '/api/account/sessions/sign-out-others',
      headers: laptop.authHeader,
    });
    expect(signOutOthers.json()).toEqual({ ended: 1 });
    const endedReasons = await first.db.kysely
      .selectFrom('sessions')
      .select(['id', 'ended_reason'])
      .where('id', 'in', [old.sessionId, phone.sessionId])
      .execute();
    expect(Object.fromEntries(endedReasons.map((row) => [row.id, row.ended_reason]))).toEqual({
      [old.sessionId]: null,
      [phone.sessionId]: 'ended_by_owner',
    });
  });

  it("ends one of the caller's own devices, and no one else's", async () => {
    const mine = await signInForTest(first, 'owner@example.test');
    const myOther = await signInForTest(first, 'owner@example.test');
    const someoneElse = await signInForTest(first, 'someone-else@example.test');
    const end = (sessionId: string) =>
      first.inject({ method: 'DELETE', url: `/api/account/sessions/${sessionId}`, headers: mine.authHeader });
    const foreign = await end(someoneElse.sessionId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'No such signed-in device' });
    expect((await jobs(first, someoneElse.authHeader)).statusCode).toBe(200);
    expect((await end(myOther.sessionId)).statusCode).toBe(204);
    expect((await jobs(first, myOther.authHeader)).json()).toEqual(ENDED);
  });

  it('keeps the devices and session routes to their callers: staff routes refuse clients', async () => {
    const client = await signInForTest(first, 'curious-client@example.test');
    const response = await first.inject({
      url: `/api/admin/clients/${client.userId}/sessions`,
      headers: client.authHeader,
    });
    expect(response.statusCode).toBe(403);
    expect((await first.inject('/api/account/sessions')).statusCode).toBe(401);
  });
});

describe('the last use of a device', () => {
  it('is recorded at most once a minute', async () => {
    const clock = createTestClock();
    const ctx = await createTestApp('sqlite', {}, clock);
    try {
      const signedIn = await signInForTest(ctx.app, 'last-seen@example.test');
      const lastSeen = async () => {
        const devices = await ctx.app.inject({ url: '/api/account/sessions', headers: signedIn.authHeader });
        return devices.json().data[0].last_seen_at as string;
      };
      const signedInAt = await lastSeen();
      clock.advance(30_000);
      expect(await lastSeen()).toBe(signedInAt);
      clock.advance(31_000);
      const later = await lastSeen();
      expect(Date.parse(later) - Date.parse(signedInAt)).toBeGreaterThanOrEqual(61_000);
    } finally {
      await ctx.close();
    }
  });
});

describe('the absolute session lifetime', () => {
  it('is not extended by refreshes, and the refresh cookie never outlives it', async () => {
    const clock = createTestClock();
    const ctx = await createTestApp(
      'sqlite',
      { AUTH_SESSION_MAX_AGE: '3600', AUTH_ACCESS_TOKEN_TTL: '900' },
      clock,
    );
    try {
      const signedIn = await signInForTest(ctx.app, 'lifetime@example.test');
      let refreshToken = signedIn.refreshToken;
      const refresh = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=refresh_token',
          cookies: { refresh_token: refreshToken },
        });

      clock.advance(50 * 60 * 1000);
      const late = await refresh();
      expect(late.statusCode).toBe(200);
      const cookie = late.cookies.find((candidate) => candidate.name === 'refresh_token')!;
      expect(cookie.maxAge).toBeLessThanOrEqual(600);
      expect(cookie.maxAge).toBeGreaterThan(590);
      refreshToken = cookie.value;
      const lateToken = { authorization: `Bearer ${late.json().access_token}` };

      clock.advance(10 * 60 * 1000 + 1000);
      const tooLate = await refresh();
      expect(tooLate.statusCode).toBe(401);
      expect(tooLate.json()).toEqual(ENDED);
      // The access token issued 10 minutes ago lives 15 minutes, but its session has ended.
      const call = await ctx.app.inject({ url: '/api/my-jobs', headers: lateToken });
      expect(call.json()).toEqual(ENDED);
    } finally {
      await ctx.close();
    }
  });
});
