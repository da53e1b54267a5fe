import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { type ApiSessionSource, setApiSessionSource, withReadsStopped } from '../../lib/api.ts';
import { removeProfileCompleteCookie } from '../../lib/cookies.ts';
import { SIGNED_OUT_NAVIGATION } from '../../lib/signed-out-navigation.ts';
import { clearRememberedOnboardingStep, forgetWorkInProgress } from '../../lib/storage.ts';
import { sendBrowserTimeZone } from '../../lib/time-zone.ts';
import {
  type AuthClient,
  type AuthListener,
  type AuthStatus,
  type AuthUser,
  createBrowserAuthClient,
  type Session,
} from './auth-client.ts';

export const SIGN_OUT_FAILED_MESSAGE = 'Failed to sign out. Please try again.';

export interface AuthContextValue {
  user: AuthUser | null;
  session: Session | null;
  status: AuthStatus;
  /** True right after a sign-in through the provider (not after a reload), until reset. */
  isNewLogin: boolean;
  resetNewLogin(): void;
  /** Leaves for the sign-in provider; the browser comes back to `redirectTo` (default `/`). */
  signIn(redirectTo?: string): void;
  /** Signs out and goes to `/`, even when the server cannot be reached. */
  signOut(): Promise<void>;
  /** Asks the server for a fresh session now (after the staff second factor, say). */
  refreshSession(): Promise<void>;
  onAuthStateChange(listener: AuthListener): () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

let browserClient: AuthClient | undefined;
/** One client per page, so React's double-mounted effects never restore (and rotate) twice. */
function defaultClient(): AuthClient {
  browserClient ??= createBrowserAuthClient();
  return browserClient;
}

/**
 * Starts restoring the browser's session at once, so that its request runs while the first page's
 * code loads instead of after it (the provider, mounted later, reuses the same restore).
 */
export function startRestoringSession(): void {
  void defaultClient().getAccessToken();
}

export function AuthProvider({
  children,
  client: givenClient,
}: {
  children: ReactNode;
  client?: AuthClient;
}) {
  const [client] = useState(() => {
    const chosen = givenClient ?? defaultClient();
    // Before the first render's children: a session restored at startup shows the pages at once,
    // and their queries (run in effects, which React runs before this provider's) need the token.
    setApiSessionSource(sessionSourceOf(chosen));
    return chosen;
  });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { status, session, isNewLogin } = useSyncExternalStore(client.subscribe, client.getSnapshot);

  useEffect(() => {
    setApiSessionSource(sessionSourceOf(client));
    const welcome = (signedIn: Session) => {
      // A new sign-in starts from the server's answers: the cached completeness and the remembered
      // wizard step may be another person's, left by a session that ended elsewhere (no sign-out here
      // forgot them). A restored session keeps them: they are its owner's.
      if (client.getSnapshot().isNewLogin) forgetCachedProfile();
      // Whoever signs in finds none of anyone else's work in the tab (unsaved answers, chosen jobs and
      // clients, a clients board search): another person's session can take a tab over when the first
      // signed out elsewhere.
      forgetWorkInProgress(signedIn.user.id);
      // The weekly summary follows the client's own clock.
      if (signedIn.user.role === 'client') void sendBrowserTimeZone();
    };
    const stopListening = client.onAuthStateChange((event, signedIn) => {
      if (event === 'SIGNED_OUT') forgetProfileState();
      if (event === 'SIGNED_IN' && signedIn) welcome(signedIn);
    });
    // The session is restored from the first moment the app loads (startRestoringSession); one
    // restored before this listener existed signed in unheard.
    const restored = client.getSnapshot().session;
    if (restored) welcome(restored);
    const stop = client.start();
    return () => {
      stop();
      stopListening();
      setApiSessionSource(null);
    };
  }, [client]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      session,
      status,
      isNewLogin,
      resetNewLogin: client.resetNewLogin,
      signIn: client.signIn,
      onAuthStateChange: client.onAuthStateChange,
      async refreshSession() {
        await client.refreshSession();
      },
      async signOut() {
        // What the page is still loading belongs to the session that is ending: dropped, so no page
        // shows a failure, and not sent, so no answer comes back as a 401 after the session ends.
        await queryClient.cancelQueries();
        const { error } = await withReadsStopped(() => client.signOut());
        forgetProfileState();
        // Only here: a session that expires keeps the unsaved answers and notes, the chosen jobs (and
        // a recruiter's chosen clients and place on the clients board) for its owner's return.
        forgetWorkInProgress();
        if (error) {
          console.error(`Sign-out failed: ${error}`);
          toast.error(SIGN_OUT_FAILED_MESSAGE);
        }
        navigate('/', { replace: true, state: SIGNED_OUT_NAVIGATION });
      },
    }),
    [client, session, status, isNewLogin, navigate, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** How the API client asks this auth client for tokens. */
function sessionSourceOf(client: AuthClient): ApiSessionSource {
  return {
    getAccessToken: () => client.getAccessToken(),
    refreshAccessToken: async () => (await client.refreshSession())?.accessToken ?? null,
  };
}

/**
 * Whoever signs in next must not inherit this person's cached completeness or wizard step, nor see
 * their toasts (a job's title, what their profile misses) on the sign-in screen.
 */
function forgetProfileState(): void {
  forgetCachedProfile();
  toast.dismiss();
}

/** The completeness flag and the wizard step this browser keeps for whoever is signed in. */
function forgetCachedProfile(): void {
  removeProfileCompleteCookie();
  clearRememberedOnboardingStep();
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
