import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSignOutPending, SIGN_OUT_PENDING_KEY } from '../../lib/storage.ts';
import {
  type AuthClientDeps,
  type AuthEvent,
  createAuthClient,
  LOGOUT_PATH,
  RATE_LIMITED_FALLBACK,
  REFRESH_PATH,
} from './auth-client.ts';

const user = { id: 'u1', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', role: 'client' };
const START = 1_700_000_000_000;

function sessionResponse(token: string, expiresIn = 100, who = user) {
  return Response.json({
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(START / 1000) + expiresIn,
    user: who,
  });
}

function setup(answers: Array<Response | Error | (() => Response)>, overrides: Partial<AuthClientDeps> = {}) {
  const queue = [...answers];
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const next = queue.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  });
  const sleep = vi.fn(async (_ms: number) => {});
  const navigate = vi.fn();
  const onRateLimited = vi.fn();
  const client = createAuthClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    locks: undefined,
    now: () => Date.now(),
    sleep,
    pendingSignIn: { mark: () => {}, take: () => false },
    navigate,
    onRateLimited,
    ...overrides,
  });
  const events: AuthEvent[] = [];
  client.onAuthStateChange((event) => events.push(event));
  return { client, fetch, sleep, events, navigate, onRateLimited };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('restoring a session on load', () => {
  it('refreshes once however many callers ask at the same time', async () => {
    const { client, fetch, events } = setup([sessionResponse('t1')]);
    client.start();
    const tokens = await Promise.all([
      client.getAccessToken(),
      client.refreshSession(),
      client.getAccessToken(),
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe(REFRESH_PATH);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(tokens[0]).toBe('t1');
    expect(client.getSnapshot()).toMatchObject({ status: 'signed-in', session: { accessToken: 't1', user } });
    expect(events).toEqual(['SIGNED_IN']);
  });

  it('serialises refreshes through a Web Lock when the browser has them', async () => {
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => work());
    const { client } = setup([sessionResponse('t1')], {
      locks: { request } as unknown as AuthClientDeps['locks'],
    });
    await client.refreshSession();
    expect(request).toHaveBeenCalledWith('auth:refresh-token', expect.any(Function));
  });

  it.each([
    ['a visitor who never signed in (204)', 204],
    ['an ended session (401)', 401],
  ])('is signed out, without an event or a retry, for %s', async (_who, status) => {
    const { client, events, fetch } = setup([new Response(null, { status })]);
    client.start();
    expect(await client.getAccessToken()).toBeNull();
    expect(client.getSnapshot().status).toBe('signed-out');
    expect(events).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('removes a session that lacks an access token or an expiry', async () => {
    for (const body of [
      { token_type: 'bearer', expires_in: 100, user },
      { access_token: 't1', token_type: 'bearer', user },
    ]) {
      const { client } = setup([Response.json(body)]);
      expect(await client.refreshSession()).toBeNull();
      expect(client.getSnapshot()).toMatchObject({ status: 'signed-out', session: null });
    }
  });

  it('reports a sign-in through the provider as a new login until reset', async () => {
    let pending = false;
    const { client } = setup([sessionResponse('t1')], {
      pendingSignIn: {
        mark: () => {
          pending = true;
        },
        take: () => {
          const was = pending;
          pending = false;
          return was;
        },
      },
    });
    client.signIn('/profile');
    await client.refreshSession();
    expect(client.getSnapshot().isNewLogin).toBe(true);
    client.resetNewLogin();
    expect(client.getSnapshot().isNewLogin).toBe(false);
  });
});

describe('refresh failures', () => {
  it('retries network errors, 5xx and 429 with the backoff, then succeeds', async () => {
    const { client, fetch, sleep, events } = setup([
      new TypeError('Failed to fetch'),
      new Response(null, { status: 503 }),
      new Response(null, { status: 429 }),
      sessionResponse('t1'),
    ]);
    expect((await client.refreshSession())?.accessToken).toBe('t1');
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([199, 399, 799]);
    expect(events).toEqual(['SIGNED_IN']);
  });

  it('waits out a rate limit as long as Retry-After says, tells the person, and never signs out for it', async () => {
    const limited = (seconds: number) =>
      new Response(JSON.stringify({ error: `Too many requests. Please try again in ${seconds} seconds.` }), {
        status: 429,
        headers: { 'retry-after': String(seconds), 'content-type': 'application/json' },
      });
    // More limited answers than the retries a passing failure gets: a limit does not use them up.
    const { client, sleep, events, onRateLimited } = setup([
      sessionResponse('t1'),
      ...Array.from({ length: 8 }, () => limited(30)),
      limited(90),
      sessionResponse('t2'),
    ]);
    await client.refreshSession();
    expect((await client.refreshSession())?.accessToken).toBe('t2');
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([...Array(8).fill(30_000), 60_000]);
    expect(onRateLimited).toHaveBeenCalledWith('Too many requests. Please try again in 30 seconds.');
    expect(onRateLimited).toHaveBeenLastCalledWith('Too many requests. Please try again in 90 seconds.');
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);
  });

  it('tells the person with a message of its own when a 429 has none', async () => {
    const { client, onRateLimited } = setup([new Response(null, { status: 429 }), sessionResponse('t1')]);
    expect((await client.refreshSession())?.accessToken).toBe('t1');
    expect(onRateLimited).toHaveBeenCalledWith(RATE_LIMITED_FALLBACK);
  });

  it('keeps the session when the server stays unavailable', async () => {
    const { client, fetch } = setup([sessionResponse('t1'), ...Array(7).fill(new TypeError('offline'))]);
    await client.refreshSession();
    expect((await client.refreshSession())?.accessToken).toBe('t1');
    expect(fetch).toHaveBeenCalledTimes(8);
    expect(client.getSnapshot().status).toBe('signed-in');
  });

  it('signs out on a non-retryable failure', async () => {
    const { client, sleep, events } = setup([sessionResponse('t1'), new Response(null, { status: 401 })]);
    await client.refreshSession();
    expect(await client.refreshSession()).toBeNull();
    expect(sleep).not.toHaveBeenCalled();
    expect(client.getSnapshot()).toMatchObject({ status: 'signed-out', session: null });
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
  });
});

describe('background refresh', () => {
  it('refreshes at 80% of the lifetime and reports a changed user', async () => {
    const renamed = { ...user, last_name: 'King' };
    const { client, fetch, events } = setup([
      sessionResponse('t1', 100),
      sessionResponse('t2', 100, renamed),
    ]);
    client.start();
    await client.getAccessToken();
    await vi.advanceTimersByTimeAsync(79_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(client.getSnapshot().session?.accessToken).toBe('t2');
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED']);
  });

  it('reports a passed second factor once, on the refresh that first carries it', async () => {
    const staff = { ...user, role: 'staff', mfa: 'verify' };
    const passed = { ...staff, mfa: 'passed' };
    const { client, events } = setup([
      sessionResponse('t1', 100, staff),
      sessionResponse('t2', 100, passed),
      sessionResponse('t3', 100, passed),
    ]);
    await client.refreshSession();
    await client.refreshSession();
    await client.refreshSession();
    expect(events).toEqual([
      'SIGNED_IN',
      'TOKEN_REFRESHED',
      'USER_UPDATED',
      'MFA_CHALLENGE_VERIFIED',
      'TOKEN_REFRESHED',
    ]);
  });

  it("treats another person's session, signed in from another tab, as a sign-out and a sign-in", async () => {
    const other = { ...user, id: 'u2', email: 'bob@example.com', first_name: 'Bob' };
    const { client, events } = setup([sessionResponse('t1'), sessionResponse('t2', 100, other)]);
    const seen: Array<[AuthEvent, string | undefined]> = [];
    client.onAuthStateChange((event, session) => seen.push([event, session?.user.id]));
    await client.refreshSession();
    expect((await client.refreshSession())?.user).toEqual(other);
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT', 'SIGNED_IN']);
    expect(seen).toEqual([
      ['SIGNED_IN', 'u1'],
      ['SIGNED_OUT', undefined],
      ['SIGNED_IN', 'u2'],
    ]);
    expect(client.getSnapshot()).toMatchObject({
      status: 'signed-in',
      session: { accessToken: 't2', user: other },
    });
  });

  it('refreshes an expired token before handing it out', async () => {
    const { client, fetch } = setup([sessionResponse('t1', 100), sessionResponse('t2', 100)]);
    await client.refreshSession();
    // Not started: no timer ran, as in a throttled background tab.
    vi.setSystemTime(START + 101_000);
    expect(await client.getAccessToken()).toBe('t2');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('refreshes when the tab becomes visible after the refresh point', async () => {
    const { client, fetch } = setup([sessionResponse('t1', 100), sessionResponse('t2', 100)]);
    const stop = client.start();
    await client.getAccessToken();
    stop();
    client.start();
    vi.setSystemTime(START + 90_000);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(client.getSnapshot().session?.accessToken).toBe('t2'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('signOut', () => {
  it('revokes with the access token and forgets the session', async () => {
    const { client, fetch, events } = setup([sessionResponse('t1'), new Response(null, { status: 204 })]);
    await client.refreshSession();
    expect(await client.signOut()).toEqual({ error: null });
    expect(fetch.mock.calls[1]?.[0]).toBe(LOGOUT_PATH);
    expect(fetch.mock.calls[1]?.[1]).toMatchObject({
      method: 'POST',
      headers: { authorization: 'Bearer t1' },
    });
    expect(client.getSnapshot()).toMatchObject({ status: 'signed-out', session: null });
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    expect(isSignOutPending()).toBe(false);
  });

  it('forgets the session even when the server cannot be reached', async () => {
    const { client } = setup([sessionResponse('t1'), new TypeError('Failed to fetch')]);
    await client.refreshSession();
    expect(await client.signOut()).toEqual({ error: 'Failed to fetch' });
    expect(client.getSnapshot().session).toBeNull();
  });
});

describe('a sign-out the server did not confirm', () => {
  async function failedSignOut(failure: Response | Error) {
    const { client } = setup([sessionResponse('t1'), failure]);
    await client.refreshSession();
    expect((await client.signOut()).error).not.toBeNull();
  }

  it.each([
    ['the network drops', new TypeError('Failed to fetch')],
    ['the server fails', new Response(null, { status: 503 })],
  ])('is sent again by the next page load, which restores nothing, when %s', async (_when, failure) => {
    await failedSignOut(failure);

    // The reload: a new client on the same storage, the session still alive on the server.
    const reload = setup([new Response(null, { status: 204 })]);
    reload.client.start();
    expect(await reload.client.getAccessToken()).toBeNull();
    expect(reload.fetch.mock.calls.map(([url]) => url)).toEqual([LOGOUT_PATH]);
    expect(reload.fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(reload.client.getSnapshot()).toMatchObject({ status: 'signed-out', session: null });
    expect(reload.events).toEqual([]);
    expect(isSignOutPending()).toBe(false);

    // Done: the load after that restores a session again (someone signed in since).
    const next = setup([sessionResponse('t2')]);
    next.client.start();
    expect(await next.client.getAccessToken()).toBe('t2');
    expect(next.fetch.mock.calls.map(([url]) => url)).toEqual([REFRESH_PATH]);
  });

  it('stays pending while the retry fails, and ends when the server says the session is gone', async () => {
    await failedSignOut(new TypeError('Failed to fetch'));

    const offline = setup([new TypeError('Failed to fetch')]);
    offline.client.start();
    expect(await offline.client.getAccessToken()).toBeNull();
    expect(offline.client.getSnapshot().status).toBe('signed-out');
    expect(isSignOutPending()).toBe(true);

    const gone = setup([Response.json({ error: 'Invalid refresh token' }, { status: 401 })]);
    gone.client.start();
    expect(await gone.client.getAccessToken()).toBeNull();
    expect(gone.fetch.mock.calls.map(([url]) => url)).toEqual([LOGOUT_PATH]);
    expect(isSignOutPending()).toBe(false);
  });

  it('signs out a tab still signed in as soon as another tab begins to sign out', async () => {
    const { client, events } = setup([sessionResponse('t1')]);
    const stop = client.start();
    await client.getAccessToken();
    window.dispatchEvent(new StorageEvent('storage', { key: SIGN_OUT_PENDING_KEY, newValue: '1' }));
    expect(client.getSnapshot()).toMatchObject({ status: 'signed-out', session: null });
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    stop();
  });

  it('is sent again in place of the refresh of a tab that missed the news', async () => {
    const { client, fetch, events } = setup([sessionResponse('t1'), new Response(null, { status: 204 })]);
    await client.refreshSession();
    localStorage.setItem(SIGN_OUT_PENDING_KEY, '1');
    expect(await client.refreshSession()).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([REFRESH_PATH, LOGOUT_PATH]);
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    expect(isSignOutPending()).toBe(false);
  });

  it('is sent again before a new sign-in leaves for the provider', async () => {
    await failedSignOut(new TypeError('Failed to fetch'));
    const { client, fetch, navigate } = setup([new Response(null, { status: 204 })]);
    client.signIn('/profile');
    await vi.waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/auth/v1/authorize?redirect_to=%2Fprofile'),
    );
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([LOGOUT_PATH]);
    expect(isSignOutPending()).toBe(false);
  });
});

describe('signIn', () => {
  it('leaves for the authorize endpoint with the return path', () => {
    const { client, navigate } = setup([]);
    client.signIn('/update-preferences');
    expect(navigate).toHaveBeenCalledWith('/auth/v1/authorize?redirect_to=%2Fupdate-preferences');
  });
});
