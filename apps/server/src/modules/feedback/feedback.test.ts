import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';

async function signIn(app: FastifyInstance, email: string) {
  const { accessToken, userId } = await signInForTest(app, email, { firstName: 'Feed', lastName: 'Back' });
  return { userId, headers: { authorization: `Bearer ${accessToken}` } };
}

describe.each(databaseKinds)('onboarding feedback on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    app = ctx.app;
  });
  afterAll(async () => ctx.close());

  const send = (headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/onboarding-feedback', headers, payload });
  const list = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/onboarding-feedback', headers });

  it('stores trimmed feedback and shows it to staff with the author e-mail, newest first', async () => {
    const first = await signIn(app, 'first@example.com');
    const second = await signIn(app, 'second@example.com');
    const sent = await send(first.headers, { text: '  Smooth and quick.  ' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ text: 'Smooth and quick.' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send(second.headers, { text: 'The terms were long.' });

    const staff = await signIn(app, 'lead@company.test');
    const response = await list(staff.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        userId: second.userId,
        email: 'second@example.com',
        text: 'The terms were long.',
      }),
      expect.objectContaining({
        userId: first.userId,
        email: 'first@example.com',
        text: 'Smooth and quick.',
      }),
    ]);
  });

  it('refuses blank and overlong feedback', async () => {
    const { headers } = await signIn(app, 'quiet@example.com');
    const blank = await send(headers, { text: ' \n ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ error: 'Please write your feedback before sending it' });
    const long = await send(headers, { text: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ error: 'Feedback must be at most 5000 characters' });
    expect((await send(headers, { text: 'x'.repeat(5000) })).statusCode).toBe(201);
  });

  it('keeps the list from clients and anonymous callers', async () => {
    const client = await signIn(app, 'curious@example.com');
    const refused = await list(client.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'Access denied. This feature is only available to @company.test users.',
    });
    expect((await app.inject({ method: 'GET', url: '/api/onboarding-feedback' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/onboarding-feedback', payload: { text: 'hi' } }))
        .statusCode,
    ).toBe(401);
  });
});
