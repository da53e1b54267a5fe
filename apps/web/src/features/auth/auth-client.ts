/**
 * The browser side of a session. The refresh token lives in an HttpOnly cookie the page cannot read;
 * the access token lives only in this object's memory. A page load restores the session by
 * refreshing once, and the session is refreshed again in the background before it expires.
 */

import {
  REFRESH_MAX_RETRIES,
  REFRESH_RETRY_LATER_MS,
  refreshRetryDelayMs,
} from '@app/domain/session-refresh';
import { toast } from 'sonner';
import {
  forgetSignOutPending,
  isSignOutPending,
  rememberSignOutPending,
  SIGN_OUT_PENDING_KEY,
} from '../../lib/storage.ts';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';
export type AuthEvent =
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'MFA_CHALLENGE_VERIFIED';

export interface AuthUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'client' | 'staff';
  /** Staff only: set up the second factor, enter a code, or done. */
  mfa?: 'enrol' | 'verify' | 'passed';
}

export interface Session {
  accessToken: string;
  tokenType: string;
  /** Milliseconds since the epoch, on this browser's clock. */
  expiresAt: number;
  /** When this browser received the token, on the same clock. */
  issuedAt: number;
  user: AuthUser;
}

export interface AuthSnapshot {
  status: AuthStatus;
  session: Session | null;
  /** True after a sign-in through the provider, until `resetNewLogin` is called. */
  isNewLogin: boolean;
}

export type AuthListener = (event: AuthEvent, session: Session | null) => void;

export interface AuthClientDeps {
  fetch: typeof fetch;
  /** Web Locks serialise refreshes across tabs; without them each tab only deduplicates its own calls. */
  locks: Pick<LockManager, 'request'> | undefined;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Survives the round trip to the provider, to tell a new sign-in from a restored session. */
  pendingSignIn: { mark(): void; take(): boolean };
  navigate: (url: string) => void;
  /** Tells the person the server is limiting their requests (a toast); the session is kept. */
  onRateLimited: (message: string) => void;
}

export const REFRESH_PATH = '/auth/v1/token?grant_type=refresh_token';
export const LOGOUT_PATH = '/auth/v1/logout';
export const AUTHORIZE_PATH = '/auth/v1/authorize';
const REFRESH_LOCK = 'auth:refresh-token';
/** Refresh when this share of a token's lifetime has passed. */
const REFRESH_AT_LIFETIME_SHARE = 0.8;
/** A token this close to expiry is refreshed before use, so a request never races its expiry. */
const EXPIRY_MARGIN_MS = 5_000;

/** One toast however many requests meet the limit at once. */
const RATE_LIMITED_TOAST_ID = 'rate-limited';
/** Said when a 429 comes without a readable message of its own. */
export const RATE_LIMITED_FALLBACK = 'Too many requests. Please try again in a moment.';
/** The longest wait a Retry-After may ask of a refresh. */
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/** Network failures, server errors and rate limiting pass; anything else means the session is gone. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

type RefreshOutcome = { kind: 'session'; session: Session } | { kind: 'rejected' } | { kind: 'unavailable' };

export interface AuthClient {
  getSnapshot(): AuthSnapshot;
  /** For useSyncExternalStore: called on every snapshot change. */
  subscribe(onChange: () => void): () => void;
  onAuthStateChange(listener: AuthListener): () => void;
  /** Attaches the background refresh; returns the detach function. Restores the session once. */
  start(): () => void;
  /** Refreshes now; concurrent callers share one request. Resolves to the session afterwards. */
  refreshSession(): Promise<Session | null>;
  /** A token safe to send now: waits for the restore and refreshes an expiring one first. */
  getAccessToken(): Promise<string | null>;
  signIn(redirectTo?: string): void;
  /**
   * Revokes on the server and forgets the session here even when the server call fails; a revoke
   * that failed is sent again, in place of the next refresh of any tab or page load.
   */
  signOut(): Promise<{ error: string | null }>;
  resetNewLogin(): void;
}

export function createAuthClient(deps: AuthClientDeps): AuthClient {
  let snapshot: AuthSnapshot = { status: 'loading', session: null, isNewLogin: false };
  let inflight: Promise<Session | null> | null = null;
  let restored: Promise<Session | null> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  const changeListeners = new Set<() => void>();
  const eventListeners = new Set<AuthListener>();

  const update = (next: Partial<AuthSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of changeListeners) listener();
  };
  const emit = (event: AuthEvent) => {
    for (const listener of eventListeners) listener(event, snapshot.session);
  };

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    timer = undefined;
    if (!started || !snapshot.session) return;
    timer = setTimeout(() => void refreshSession(), Math.max(0, delayMs));
  };
  const refreshDueAt = (session: Session) =>
    session.issuedAt + (session.expiresAt - session.issuedAt) * REFRESH_AT_LIFETIME_SHARE;
  const scheduleNextRefresh = () => {
    if (snapshot.session) schedule(refreshDueAt(snapshot.session) - deps.now());
  };

  /**
   * A 429 says the session is fine but the server wants a pause: the person is told so, and the
   * refresh waits as long as Retry-After asks (the session is never dropped for it).
   */
  const waitOutRateLimit = async (response: Response, attempt: number): Promise<void> => {
    const body: unknown = await response.json().catch(() => null);
    const message =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
        ? body.error
        : RATE_LIMITED_FALLBACK;
    deps.onRateLimited(message);
    const seconds = Number(response.headers.get('retry-after'));
    const wait = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : refreshRetryDelayMs(attempt);
    await deps.sleep(Math.min(wait, MAX_RATE_LIMIT_WAIT_MS));
  };

  const requestRefresh = async (): Promise<RefreshOutcome> => {
    for (let attempt = 0; ; attempt += 1) {
      let retryable: boolean;
      try {
        const response = await deps.fetch(REFRESH_PATH, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
        if (response.ok) {
          const session = toSession(await response.json().catch(() => null), deps.now());
          return session ? { kind: 'session', session } : { kind: 'rejected' };
        }
        if (response.status === 429) {
          // Not an attempt used up: the limit ends by itself, and the session must outlast it.
          await waitOutRateLimit(response, attempt);
          attempt -= 1;
          continue;
        }
        retryable = isRetryableStatus(response.status);
      } catch {
        retryable = true;
      }
      if (!retryable) return { kind: 'rejected' };
      if (attempt >= REFRESH_MAX_RETRIES) return { kind: 'unavailable' };
      await deps.sleep(refreshRetryDelayMs(attempt));
    }
  };

  const forgetSession = () => {
    clearTimeout(timer);
    timer = undefined;
    const hadSession = snapshot.session !== null;
    update({ status: 'signed-out', session: null, isNewLogin: false });
    if (hadSession) emit('SIGNED_OUT');
  };

  const apply = (outcome: RefreshOutcome): Session | null => {
    if (outcome.kind === 'rejected') {
      deps.pendingSignIn.take();
      forgetSession();
      return null;
    }
    if (outcome.kind === 'unavailable') {
      // A passing failure: keep what we have and try again later; with nothing restored yet, the
      // visitor sees the sign-in screen (the cookie stays, so a later load can still restore).
      if (snapshot.session) schedule(REFRESH_RETRY_LATER_MS);
      else update({ status: 'signed-out' });
      return snapshot.session;
    }
    const { session } = outcome;
    // The refresh cookie is shared by every tab: after a sign-out and another person's sign-in in
    // another tab, a refresh here answers with that person's session. For this tab that is the first
    // person signing out (everything kept for them is forgotten) and the second signing in.
    if (snapshot.session && snapshot.session.user.id !== session.user.id) forgetSession();
    const previous = snapshot.session;
    if (!previous) {
      update({ status: 'signed-in', session, isNewLogin: deps.pendingSignIn.take() });
      emit('SIGNED_IN');
    } else {
      update({ status: 'signed-in', session });
      emit('TOKEN_REFRESHED');
      if (!sameUser(previous.user, session.user)) emit('USER_UPDATED');
      // The refresh after a staff member's code was accepted is the first to carry it.
      if (session.user.mfa === 'passed' && previous.user.mfa !== 'passed') emit('MFA_CHALLENGE_VERIFIED');
    }
    scheduleNextRefresh();
    return session;
  };

  const withRefreshLock = <T>(work: () => Promise<T>): Promise<T> =>
    deps.locks ? deps.locks.request(REFRESH_LOCK, work) : work();

  /**
   * Asks the server to end the session of the refresh cookie (and of `token`). Until the server has
   * answered for it the sign-out stays pending, for every tab and page load: the cookie may still
   * hold a live session, and a refresh would bring it back. Answers the error, if any.
   */
  const requestLogout = async (token?: string): Promise<string | null> => {
    rememberSignOutPending();
    try {
      const response = await deps.fetch(LOGOUT_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      // A refusal (a 401 for a session already gone) leaves nothing to end either.
      if (!isRetryableStatus(response.status)) forgetSignOutPending();
      return response.ok ? null : `HTTP error ${response.status}: ${response.statusText}`;
    } catch (cause) {
      return cause instanceof Error ? cause.message : String(cause);
    }
  };

  /** A pending sign-out is sent again instead of a refresh, which would sign its person back in. */
  const refreshOrEndSignOut = async (): Promise<RefreshOutcome> => {
    if (!isSignOutPending()) return requestRefresh();
    await requestLogout();
    return { kind: 'rejected' };
  };

  const refreshSession = (): Promise<Session | null> => {
    // The pending sign-out is read inside the lock: a tab waiting there behind a sign-out sees it.
    inflight ??= withRefreshLock(refreshOrEndSignOut)
      .then(apply)
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };

  const restore = () => {
    restored ??= refreshSession();
    return restored;
  };

  // Another tab signing out ends this tab's session too (they share the refresh cookie). The storage
  // event reaches only the other tabs; one that misses it meets the pending sign-out at its next refresh.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIGN_OUT_PENDING_KEY && event.newValue !== null) forgetSession();
  };

  const onVisible = () => {
    const { session } = snapshot;
    // Background tabs throttle timers: a tab shown again after the refresh point refreshes at once.
    if (document.visibilityState === 'visible' && session && deps.now() >= refreshDueAt(session)) {
      void refreshSession();
    }
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(onChange) {
      changeListeners.add(onChange);
      return () => changeListeners.delete(onChange);
    },
    onAuthStateChange(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    start() {
      started = true;
      document.addEventListener('visibilitychange', onVisible);
      window.addEventListener('storage', onStorage);
      void restore();
      scheduleNextRefresh();
      return () => {
        started = false;
        clearTimeout(timer);
        timer = undefined;
        document.removeEventListener('visibilitychange', onVisible);
        window.removeEventListener('storage', onStorage);
      };
    },
    refreshSession,
    async getAccessToken() {
      if (snapshot.status === 'loading') await restore();
      const { session } = snapshot;
      if (session && deps.now() >= session.expiresAt - EXPIRY_MARGIN_MS) await refreshSession();
      return snapshot.session?.accessToken ?? null;
    },
    signIn(redirectTo = '/') {
      const leave = () => {
        deps.pendingSignIn.mark();
        deps.navigate(`${AUTHORIZE_PATH}?redirect_to=${encodeURIComponent(redirectTo)}`);
      };
      if (isSignOutPending()) {
        // The pending sign-out is sent first, so the new sign-in does not come back to it. Should it
        // fail again, the sign-in goes ahead and the sign-out stays pending: the load after it ends
        // whatever session the cookie holds then, since nothing here tells a completed sign-in from
        // an abandoned one, and the person signs in once more.
        void withRefreshLock(() => requestLogout()).then(leave);
      } else {
        leave();
      }
    },
    async signOut() {
      const token = snapshot.session?.accessToken;
      // Inside the refresh lock, so a refresh in flight cannot hand out a token after the revoke.
      const error = await withRefreshLock(() => requestLogout(token));
      forgetSession();
      return { error };
    },
    resetNewLogin() {
      if (snapshot.isNewLogin) update({ isNewLogin: false });
    },
  };
}

/** A session without an access token or an expiry is invalid and is not kept. */
export function toSession(body: unknown, receivedAt: number): Session | null {
  if (!body || typeof body !== 'object') return null;
  const { access_token, token_type, expires_in, expires_at, user } = body as Record<string, unknown>;
  if (typeof access_token !== 'string' || access_token === '' || !isUser(user)) return null;
  // The lifetime is counted on this browser's clock, so a skewed clock cannot make a fresh token look expired.
  const expiresAt =
    typeof expires_in === 'number' && expires_in > 0
      ? receivedAt + expires_in * 1000
      : typeof expires_at === 'number'
        ? expires_at * 1000
        : null;
  if (expiresAt === null) return null;
  return {
    accessToken: access_token,
    tokenType: typeof token_type === 'string' ? token_type : 'bearer',
    expiresAt,
    issuedAt: receivedAt,
    user,
  };
}

function isUser(value: unknown): value is AuthUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === 'string' && typeof user.email === 'string';
}

function sameUser(a: AuthUser, b: AuthUser): boolean {
  return (
    a.id === b.id &&
    a.email === b.email &&
    a.first_name === b.first_name &&
    a.last_name === b.last_name &&
    a.role === b.role &&
    a.mfa === b.mfa
  );
}

/** The client the app uses, wired to the real browser. */
export function createBrowserAuthClient(): AuthClient {
  const PENDING_KEY = 'auth:sign-in-pending';
  return createAuthClient({
    fetch: (...args) => window.fetch(...args),
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    pendingSignIn: {
      mark: () => {
        try {
          sessionStorage.setItem(PENDING_KEY, '1');
        } catch {
          // Without storage a new sign-in is merely reported as a restored session.
        }
      },
      take: () => {
        try {
          const pending = sessionStorage.getItem(PENDING_KEY) !== null;
          sessionStorage.removeItem(PENDING_KEY);
          return pending;
        } catch {
          return false;
        }
      },
    },
    navigate: (url) => window.location.assign(url),
    onRateLimited: (message) => toast.error(message, { id: RATE_LIMITED_TOAST_ID }),
  });
}
