import path from 'node:path';
import { REFRESH_TOKEN_REUSE_INTERVAL_MS } from '@app/domain/session-refresh';
import type { FastifyInstance } from 'fastify';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createMovingTestClock, createTestClock, systemClock } from '../clock.ts';
import { signInForTest, staffBeforeSecondFactor } from '../testing/auth.ts';
import { onboardClient } from '../testing/clients.ts';
import { createTestApp, createTestDatabase, databaseKinds, testConfig } from '../testing/databases.ts';
import { derivedKey } from './keys.ts';
import { createMfaRepo, type MfaRepo } from './mfa-repo.ts';
import { createStaffMfa } from './staff-mfa.ts';

const STAFF_ROUTE = '/api/admin/outbox';
const SECOND_FACTOR_REQUIRED = {
  error: 'Two-step verification required: enter the code from your authenticator app to use staff features.',
};
const WRONG_CODE = { error: 'That code is not right. Check your authenticator app and try again.' };

/** A staff sign-in that has not passed the second factor yet, and its requests to pass it. */
async function staffSession(app: FastifyInstance, email: string) {
  const { session, headers } = await staffBeforeSecondFactor(app, email);
  return {
    session,
    headers,
    enrol: () => app.inject({ method: 'POST', url: '/auth/v1/mfa/enrol', headers }),
    verify: (payload: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/auth/v1/mfa/verify', headers, payload }),
    user: () => app.inject({ url: '/auth/v1/user', headers }),
  };
}

/** A code of the step after the current one: accepted (clock drift), and not the current step's. */
/**
 * One database that apps start on with a chosen AUTH_COOKIE_SECRET (a key change is a restart with
 * another), a clock the test moves, and the code an authenticator shows on that clock.
 */
async function keyChangeWorld() {
  const database = await createTestDatabase('sqlite');
  const clock = createTestClock();
  const start = (cookieSecret: string) => {
    const config = testConfig({ DATABASE_URL: database.url, AUTH_COOKIE_SECRET: cookieSecret });
    return buildApp({ config, clock, webDist: path.join(config.dataDir, 'no-web') });
  };
  const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.now() / 1000) });
  return { database, clock, start, codeNow };
}

const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe.each(databaseKinds)('the staff second factor on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it('enrols a staff member: QR code and secret, a code, then ten recovery codes shown once', async () => {
    const staff = await staffSession(ctx.app, 'enrol@company.test');
    expect(staff.session.user.mfa).toBe('enrol');
    expect((await staff.user()).json()).toMatchObject({ role: 'staff', mfa: 'enrol' });
    const refused = await ctx.app.inject({ url: STAFF_ROUTE, headers: staff.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SECOND_FACTOR_REQUIRED);

    const enrol = await staff.enrol();
    expect(enrol.statusCode).toBe(200);
    expect(enrol.headers['cache-control']).toBe('no-store');
    const { otpauth_url, qr_code, secret } = enrol.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/Apply%20Ahead:enrol%40company.test?secret=${secret}&issuer=Apply%20Ahead`,
    );
    expect(qr_code).toMatch(/^data:image\/png;base64,/);

    const verified = await staff.verify({ code: await generate({ secret }) });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.user).toMatchObject({ role: 'staff', mfa: 'passed' });
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    for (const code of body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const passed = { authorization: `Bearer ${body.access_token}` };
    expect((await ctx.app.inject({ url: STAFF_ROUTE, headers: passed })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/auth/v1/user', headers: passed })).json().mfa).toBe('passed');

    const again = await staff.enrol();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'Two-step verification is already set up: enter a code from your authenticator app.',
    });
  });

  it('asks a later sign-in for a code; refuses wrong, malformed and replayed codes; refreshes keep it passed', async () => {
    const first = await staffSession(ctx.app, 'returning@company.test');
    const { secret } = (await first.enrol()).json();
    const code = await generate({ secret });
    expect((await first.verify({ code })).statusCode).toBe(200);

    const later = await staffSession(ctx.app, 'returning@company.test');
    expect((await later.user()).json().mfa).toBe('verify');
    const wrong = await later.verify({ code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(WRONG_CODE);
    const malformed = await later.verify({ code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'Enter the 6-digit code from your authenticator app.' });
    const neither = await later.verify({});
    expect(neither.json()).toEqual({ error: 'Send either a 6-digit code or a recovery code.' });

    const replay = await later.verify({ code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      error: 'That code has already been used. Wait for the next code and try again.',
    });

    const passed = await later.verify({ code: await nextCode(secret) });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().recovery_codes).toBeUndefined();

    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: later.session.refreshToken },
    });
    expect(refreshed.json().user.mfa).toBe('passed');
    const headers = { authorization: `Bearer ${refreshed.json().access_token}` };
    expect((await ctx.app.inject({ url: STAFF_ROUTE, headers })).statusCode).toBe(200);
  });

  it('does not complete a set-up started again in another tab after the code was checked', async () => {
    const staff = await staffSession(ctx.app, 'two-tabs@company.test');
    const userId = staff.session.user.id;
    const { secret } = (await staff.enrol()).json();
    // Another tab's set-up lands between this code's check and the completion.
    const repo = createMfaRepo(ctx.app.db, systemClock, derivedKey(ctx.config, 'staff-mfa-secrets/v1'));
    let otherTabSecret = '';
    const racedRepo: MfaRepo = {
      ...repo,
      async claimTimeStep(...args) {
        otherTabSecret = generateSecret();
        await repo.startEnrolment(userId, otherTabSecret);
        return repo.claimTimeStep(...args);
      },
    };
    const mfa = createStaffMfa({ repo: racedRepo, issuer: 'Apply Ahead', clock: systemClock });
    await expect(mfa.verify(userId, { code: await generate({ secret }) })).rejects.toMatchObject({
      statusCode: 409,
      message:
        'Set-up was started again in another window, with a new QR code. Reload the page, scan the new QR code, then enter a code.',
    });
    expect(await mfa.isEnrolled(userId)).toBe(false);
    // The secret the other tab shows completes the set-up.
    const completed = await staff.verify({ code: await nextCode(otherTabSecret) });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().recovery_codes).toHaveLength(10);
  });

  it('takes each recovery code once, in any case and with or without dashes', async () => {
    const first = await staffSession(ctx.app, 'recovery@company.test');
    const { secret } = (await first.enrol()).json();
    const [recoveryCode] = (await first.verify({ code: await generate({ secret }) })).json().recovery_codes;

    const later = await staffSession(ctx.app, 'recovery@company.test');
    const typed = recoveryCode.toUpperCase().replaceAll('-', ' ');
    const used = await later.verify({ recovery_code: typed });
    expect(used.statusCode).toBe(200);
    expect(used.json().user.mfa).toBe('passed');

    const third = await staffSession(ctx.app, 'recovery@company.test');
    const reused = await third.verify({ recovery_code: recoveryCode });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'That recovery code is not right, or it has already been used.' });
  });

  it('locks the second factor for five minutes after five wrong codes in a row', async () => {
    const staff = await staffSession(ctx.app, 'guesser@company.test');
    const { secret } = (await staff.enrol()).json();
    const right = await generate({ secret });
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await staff.verify({ code: wrongCode })).json()).toEqual(WRONG_CODE);
    }
    const locked = await staff.verify({ code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: 'Too many wrong codes. Please wait 5 minutes and try again.' });
  });

  it('checks no more than five codes of guesses sent all at once', async () => {
    const staff = await staffSession(ctx.app, 'parallel@company.test');
    const { secret } = (await staff.enrol()).json();
    const right = await generate({ secret });
    const wrongCode = right === '123456' ? '654321' : '123456';
    const answers = await Promise.all(Array.from({ length: 20 }, () => staff.verify({ code: wrongCode })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(15).fill(429)]);
    expect((await staff.verify({ code: right })).statusCode).toBe(429);
  });

  it('lifts the lock when the fifth try in a row is right', async () => {
    const staff = await staffSession(ctx.app, 'fifth@company.test');
    const { secret } = (await staff.enrol()).json();
    const right = await generate({ secret });
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 4; attempt++) await staff.verify({ code: wrongCode });
    expect((await staff.verify({ code: right })).statusCode).toBe(200);
    const later = await staffSession(ctx.app, 'fifth@company.test');
    expect((await later.verify({ code: wrongCode })).json()).toEqual(WRONG_CODE);
  });

  it('gives staff no rights on client data until the second factor is passed', async () => {
    const client = await onboardClient(ctx.app, 'guarded@example.com');
    const passed = await signInForTest(ctx.app, 'recruiter@company.test');
    const admin = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/user-email-management',
        headers: passed.authHeader,
        payload: { client_id: client.userId, ...payload },
      });
    const draft = (await admin({ action: 'generate_filters' })).json().formatted_data;
    expect((await admin({ action: 'save_filters', formatted_data: draft })).statusCode).toBe(200);
    const resume = `/api/documents/download?path=${encodeURIComponent(client.resumePath!)}`;
    const filters = `/api/job-search-filters?client_id=${client.userId}`;
    const share = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/document-links',
        headers,
        payload: { path: client.resumePath },
      });

    const halfway = await staffSession(ctx.app, 'halfway@company.test');
    const download = await ctx.app.inject({ url: resume, headers: halfway.headers });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toEqual({ error: 'Document not found' });
    expect((await share(halfway.headers)).statusCode).toBe(404);
    // Their own filters, as anyone's: none.
    expect((await ctx.app.inject({ url: filters, headers: halfway.headers })).json()).toEqual({ data: [] });

    // Past the second factor, the same requests reach the client's data.
    expect((await ctx.app.inject({ url: resume, headers: passed.authHeader })).statusCode).toBe(200);
    expect((await share(passed.authHeader)).statusCode).toBe(201);
    const listed = await ctx.app.inject({ url: filters, headers: passed.authHeader });
    expect(listed.json().data).toHaveLength(draft.length);
  });

  it('never shows a client any of it', async () => {
    const client = await signInForTest(ctx.app, 'client@example.test');
    const user = await ctx.app.inject({ url: '/auth/v1/user', headers: client.authHeader });
    expect(user.json()).not.toHaveProperty('mfa');
    expect((await ctx.app.inject({ url: '/api/my-jobs', headers: client.authHeader })).statusCode).toBe(200);
    const enrol = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/mfa/enrol',
      headers: client.authHeader,
    });
    expect(enrol.statusCode).toBe(403);
    expect(enrol.json()).toEqual({
      error: 'Access denied. This feature is only available to @company.test users.',
    });
  });
});

describe('TOTP secrets at rest', () => {
  it('are stored sealed to their owner; plain ones still work and are sealed at startup', async () => {
    const database = await createTestDatabase('sqlite');
    const clock = createTestClock();
    const start = () => {
      const config = testConfig({ DATABASE_URL: database.url, AUTH_COOKIE_SECRET: 'k'.repeat(32) });
      return buildApp({ config, clock, webDist: path.join(config.dataDir, 'no-web') });
    };
    const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.now() / 1000) });
    const stored = async (app: FastifyInstance, userId: string) =>
      (
        await app.db.kysely
          .selectFrom('staff_mfa')
          .select('secret')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).secret;

    let app = await start();
    try {
      const first = await staffSession(app, 'sealed@company.test');
      const { secret } = (await first.enrol()).json();
      const userId = first.session.user.id;
      expect(await stored(app, userId)).toMatch(/^v1\./);
      expect(await stored(app, userId)).not.toContain(secret);
      expect((await first.verify({ code: await codeNow(secret) })).statusCode).toBe(200);

      // Copied into another staff member's row, a sealed secret does not open there.
      const other = await staffSession(app, 'other@company.test');
      const otherSecret = (await other.enrol()).json().secret;
      expect((await other.verify({ code: await codeNow(otherSecret) })).statusCode).toBe(200);
      await app.db.kysely
        .updateTable('staff_mfa')
        .set({ secret: await stored(app, userId) })
        .where('user_id', '=', other.session.user.id)
        .execute();
      clock.advance(60_000);
      const copied = await (await staffSession(app, 'other@company.test')).verify({
        code: await codeNow(secret),
      });
      expect(copied.statusCode).toBe(409);

      // As an instance from before sealing writes it (a rolling deploy): still read, as it is.
      await app.db.kysely.updateTable('staff_mfa').set({ secret }).where('user_id', '=', userId).execute();
      clock.advance(60_000);
      const plain = await (await staffSession(app, 'sealed@company.test')).verify({
        code: await codeNow(secret),
      });
      expect(plain.statusCode).toBe(200);
      await app.close();

      app = await start();
      expect(await stored(app, userId)).toMatch(/^v1\./);
      clock.advance(60_000);
      const sealedAtStart = await (await staffSession(app, 'sealed@company.test')).verify({
        code: await codeNow(secret),
      });
      expect(sealedAtStart.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('after the key changed, takes a recovery code and sets the second factor up again', async () => {
    const { database, clock, start, codeNow } = await keyChangeWorld();

    let app = await start('the-first-secret-of-at-least-32-characters');
    let recoveryCodes: string[];
    let secret: string;
    try {
      const staff = await staffSession(app, 'rotated@company.test');
      ({ secret } = (await staff.enrol()).json());
      recoveryCodes = (await staff.verify({ code: await codeNow(secret) })).json().recovery_codes;
    } finally {
      await app.close();
    }

    app = await start('a-new-secret-of-at-least-32-characters-too');
    try {
      clock.advance(60_000);
      const staff = await staffSession(app, 'rotated@company.test');
      expect(staff.session.user.mfa).toBe('verify');
      const unreadable = await staff.verify({ code: await codeNow(secret) });
      expect(unreadable.statusCode).toBe(409);
      expect(unreadable.json()).toEqual({
        error:
          'Your two-step verification can no longer be checked on this server. Enter one of your recovery codes, then set it up again.',
      });

      // The recovery code opens set-up, not the staff routes.
      const recovered = await staff.verify({ recovery_code: recoveryCodes[0]! });
      expect(recovered.statusCode).toBe(200);
      expect(recovered.json()).toMatchObject({ enrol_again: true, user: { mfa: 'enrol' } });
      const notYet = { authorization: `Bearer ${recovered.json().access_token}` };
      expect((await app.inject({ url: STAFF_ROUTE, headers: notYet })).json()).toEqual(
        SECOND_FACTOR_REQUIRED,
      );

      const again = await app.inject({ method: 'POST', url: '/auth/v1/mfa/enrol', headers: notYet });
      expect(again.statusCode).toBe(200);
      const fresh = again.json().secret as string;
      expect(fresh).not.toBe(secret);
      const verify = (payload: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/auth/v1/mfa/verify', headers: notYet, payload });
      const enrolled = await verify({ code: await codeNow(fresh) });
      expect(enrolled.statusCode).toBe(200);
      expect(enrolled.json().recovery_codes).toHaveLength(10);
      // The old recovery codes went with the old set-up.
      clock.advance(60_000);
      const later = await staffSession(app, 'rotated@company.test');
      expect((await later.verify({ recovery_code: recoveryCodes[1]! })).statusCode).toBe(400);
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('after the key changed mid set-up, says to scan a new QR code, and a new one works', async () => {
    const { database, start, codeNow } = await keyChangeWorld();

    let app = await start('the-first-secret-of-at-least-32-characters');
    let secret: string;
    try {
      ({ secret } = (await (await staffSession(app, 'halfway@company.test')).enrol()).json());
    } finally {
      await app.close();
    }

    app = await start('a-new-secret-of-at-least-32-characters-too');
    try {
      const staff = await staffSession(app, 'halfway@company.test');
      expect(staff.session.user.mfa).toBe('enrol');
      const unreadable = await staff.verify({ code: await codeNow(secret) });
      expect(unreadable.statusCode).toBe(409);
      expect(unreadable.json()).toEqual({
        error: 'This set-up can no longer be finished on this server. Reload the page to scan a new QR code.',
      });
      const fresh = (await staff.enrol()).json().secret as string;
      expect((await staff.verify({ code: await codeNow(fresh) })).json().recovery_codes).toHaveLength(10);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('security events of sessions, the second factor and staff routes', () => {
  it('logs a refused staff route, a wrong code and a reused refresh token as one structured line each, with user and request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const database = await createTestDatabase('sqlite');
    const config = testConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    const clock = createMovingTestClock();
    const app = await buildApp({
      config,
      clock,
      webDist: path.join(config.dataDir, 'no-web'),
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    try {
      const staff = await staffSession(app, 'logged@company.test');
      await staff.enrol();
      const refusedRoute = await app.inject({ url: STAFF_ROUTE, headers: staff.headers });
      const wrong = await staff.verify({ code: '000000' });
      const client = await signInForTest(app, 'replayed@example.test');
      const refresh = () =>
        app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=refresh_token',
          payload: { refresh_token: client.refreshToken },
        });
      expect((await refresh()).statusCode).toBe(200);
      clock.advance(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1);
      const replay = await refresh();
      const events = lines.filter((line) => 'event' in line);
      expect(events).toEqual([
        expect.objectContaining({
          event: 'staff_route_forbidden',
          userId: staff.session.user.id,
          reqId: refusedRoute.headers['x-request-id'],
          reason: 'second_factor',
        }),
        expect.objectContaining({
          event: 'mfa_failure',
          userId: staff.session.user.id,
          reqId: wrong.headers['x-request-id'],
          reason: 'wrong_code',
        }),
        expect.objectContaining({
          event: 'refresh_token_reuse',
          userId: client.userId,
          reqId: replay.headers['x-request-id'],
        }),
      ]);
      expect(JSON.stringify(events)).not.toContain('000000');
      expect(JSON.stringify(events)).not.toContain(client.refreshToken);
    } finally {
      await app.close();
    }
  });
});

describe('STAFF_MFA=off', () => {
  it('opens staff routes to staff without a second factor', async () => {
    const ctx = await createTestApp('sqlite', { STAFF_MFA: 'off' });
    try {
      const staff = await staffSession(ctx.app, 'no-mfa@company.test');
      expect(staff.session.user.mfa).toBe('passed');
      expect((await ctx.app.inject({ url: STAFF_ROUTE, headers: staff.headers })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
