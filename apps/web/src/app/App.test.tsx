import { act, cleanup, configure, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { type AuthUser, createAuthClient } from '../features/auth/auth-client.ts';
import {
  readProfileCompleteCookie,
  removeProfileCompleteCookie,
  setProfileCompleteCookie,
} from '../lib/cookies.ts';
import { isSignedOutNavigation } from '../lib/signed-out-navigation.ts';
import {
  clearRememberedOnboardingStep,
  onboardingDraftKey,
  readChosenClients,
  readJobNotesDrafts,
  readRememberedBoardAddress,
  readRememberedOnboardingStep,
  rememberBoardAddress,
  rememberChosenClients,
  rememberJobNotesDraft,
  rememberOnboardingStep,
} from '../lib/storage.ts';
import { renderWithQueries } from '../lib/testing/render-with-queries.tsx';
import { appRoutes } from './router.tsx';

const config = {
  brandName: 'Acme Jobs',
  brandColor: '#0f766e',
  whatsappNumber: '15551234567',
  advancedProductUrl: 'https://advanced.example.com/',
  staffEmailDomain: 'company.test',
  signInProvider: 'development',
};
const client: AuthUser = {
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'client',
};
const staff: AuthUser = { ...client, email: 'grace@company.test', role: 'staff' };

interface FakeServer {
  /** Whose session the refresh cookie holds; a sign-out the server accepts ends it. */
  user?: AuthUser;
  logout?: 'ok' | 'unreachable';
  /** The session comes back from a sign-in through the provider, not restored from before. */
  newLogin?: boolean;
}

/** The browser's auth client, talking to a fake server. */
function fakeAuthClient(server: FakeServer) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/public-config') return Response.json(config);
    if (url.startsWith('/auth/v1/token')) {
      return server.user
        ? Response.json({ access_token: 'tok', token_type: 'bearer', expires_in: 3600, user: server.user })
        : Response.json({ error: 'No session' }, { status: 401 });
    }
    if (url === '/auth/v1/logout') {
      if (server.logout === 'unreachable') throw new TypeError('Failed to fetch');
      delete server.user;
      return new Response(null, { status: 204 });
    }
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  const navigate = vi.fn();
  const authClient = createAuthClient({
    fetch,
    locks: undefined,
    now: () => Date.now(),
    sleep: async () => {},
    pendingSignIn: { mark: () => {}, take: () => server.newLogin ?? false },
    navigate,
    onRateLimited: vi.fn(),
  });
  return { fetch, navigate, authClient };
}

function renderWith(path: string, { fetch, navigate, authClient }: ReturnType<typeof fakeAuthClient>) {
  const router = createMemoryRouter(appRoutes(authClient), { initialEntries: [path] });
  const { queryClient } = renderWithQueries(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, fetch, navigate, authClient, queryClient };
}

function renderApp(path: string, server: FakeServer = {}) {
  return renderWith(path, fakeAuthClient(server));
}

beforeAll(() => {
  // The first render loads every screen's code; a busy machine needs more than the default second.
  configure({ asyncUtilTimeout: 5000 });
});

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('signed out', () => {
  it('shows the branded sign-in screen with the legal links', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Acme Jobs' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    for (const [name, href] of [
      ['Terms of Service', '/legal/terms.html'],
      ['Privacy Policy', '/legal/privacy.html'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(document.title).toBe('Sign In · Acme Jobs');
    expect(document.documentElement.style.getPropertyValue('--brand-color')).toBe('#0f766e');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says why a sign-in failed, in our own words for its reason code, and cleans the address', async () => {
    const { router } = renderApp('/?error=signin&reason=email_not_verified&keep=1');
    expect(await screen.findByText('Sign-in Error')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your e-mail address is not verified with your sign-in provider. Verify it there, then sign in again.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?keep=1');
  });

  it.each([
    '/?error=signin',
    '/?error=signin&reason=no-such-reason',
    '/?error=signin&reason=toString',
    '/?error=signin&error_description=Call%20555-0100%20to%20restore%20your%20account',
  ])('never shows text from the address bar: %s gives the generic message', async (url) => {
    const { router } = renderApp(url);
    expect(await screen.findByText('Sign-in Error')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred.')).toBeInTheDocument();
    expect(screen.queryByText(/555-0100/)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('is sent from a client page to the sign-in screen, which signs in back to that page', async () => {
    const { router, navigate } = renderApp('/myteam?from=email');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(router.state.location.pathname).toBe('/');
    expect(navigate).toHaveBeenCalledWith(
      `/auth/v1/authorize?redirect_to=${encodeURIComponent('/myteam?from=email')}`,
    );
  });

  it('finds Continue with Google ready again when Back brings the page from the back-forward cache', async () => {
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toBeEnabled();
  });

  it('sees the not-found page on an unknown route', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});

// Signed-in checks run on the not-found page: the frame is the same everywhere, and no feature
// screen's own calls get involved.
const FRAME_ONLY = '/no-such-page';

describe('signed in', () => {
  it('shows the navigation and the account menu without the staff entry', async () => {
    const user = userEvent.setup();
    renderApp(FRAME_ONLY, { user: client });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['My Profile', '/profile'],
      ['Apply for Me', '/myjobs'],
      ['My Job Stats', '/job-stats'],
      ['My Team', '/myteam'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const advanced = within(nav).getByRole('link', { name: /Mobius Advanced/ });
    expect(advanced).toHaveAttribute('href', config.advancedProductUrl);
    expect(advanced).toHaveAttribute('target', '_blank');
    expect(advanced).toHaveAttribute('rel', 'noopener noreferrer');

    // The account menu's code loads after the header's.
    await user.click(await screen.findByRole('button', { name: 'Your account' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Email Management' })).not.toBeInTheDocument();
  });

  it('offers Admin Email Management to staff', async () => {
    const user = userEvent.setup();
    renderApp(FRAME_ONLY, { user: staff });
    await user.click(await screen.findByRole('button', { name: 'Your account' }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Email Management' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('sends staff who have not passed two-step verification to /mfa first, remembering where they were going', async () => {
    const { router } = renderApp('/myteam', { user: { ...staff, mfa: 'verify' } });
    expect(await screen.findByRole('heading', { name: 'Two-step verification', level: 1 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/mfa');
    expect(router.state.location.search).toBe('?redirect_to=%2Fmyteam');
    expect(screen.getByLabelText('6-digit code')).toBeVisible();
    // Nothing to navigate to until the second factor is passed.
    expect(screen.queryByRole('link', { name: 'Clients' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'My Team' })).toBeNull();
  });

  it('shows staff their workspace entries once the session has passed the second factor', async () => {
    renderApp('/mfa', { user: { ...staff, mfa: 'passed' } });
    expect(await screen.findByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/admin/outbox');
    expect(screen.queryByRole('link', { name: 'My Team' })).toBeNull();
  });

  it('never sends a client to /mfa', async () => {
    const { router } = renderApp('/mfa?redirect_to=%2Fmyteam', { user: client });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/myteam'));
    expect(screen.queryByRole('heading', { name: /two-step verification/i })).toBeNull();
  });

  it('folds the entries and Sign Out into a menu button', async () => {
    const user = userEvent.setup();
    renderApp(FRAME_ONLY, { user: client });
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(within(menu!).getByRole('link', { name: 'My Team' })).toBeInTheDocument();
    expect(within(menu!).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it("starts every page afresh, with nothing cached, when another person's session takes over the tab", async () => {
    const server: FakeServer = { user: client };
    const { authClient, queryClient } = renderApp(FRAME_ONLY, server);
    const page = await screen.findByRole('heading', { name: 'Oops! Page not found' });
    queryClient.setQueryData(['my-jobs'], [{ id: 'job-of-ada' }]);
    setProfileCompleteCookie(true);
    sessionStorage.setItem(onboardingDraftKey(client.id), '{"city":"Ada\'s town"}');
    rememberJobNotesDraft(client.id, 'job-of-ada', { text: 'Ask about the rota', before: '' });

    // Ada signed out in another tab, and Bob signed in there: the shared cookie now holds his session.
    server.user = { ...client, id: 'u2', email: 'bob@example.com', first_name: 'Bob' };
    await act(() => authClient.refreshSession());

    expect(queryClient.getQueryData(['my-jobs'])).toBeUndefined();
    expect(readProfileCompleteCookie()).toBeNull();
    expect(sessionStorage.getItem(onboardingDraftKey(client.id))).toBeNull();
    expect(readJobNotesDrafts(client.id)).toEqual({});
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).not.toBe(page);
    expect(page).not.toBeInTheDocument();
  });

  it.each([
    { session: 'a new sign-in', newLogin: true, kept: false },
    { session: 'a restored session', newLogin: false, kept: true },
  ])(
    '$session keeps the completeness flag and wizard step found in the browser: $kept',
    async ({ newLogin, kept }) => {
      // Left by a session that ended elsewhere, or by this person's own visit before.
      setProfileCompleteCookie(false);
      rememberOnboardingStep(6);
      renderApp(FRAME_ONLY, { user: client, newLogin });
      expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
      expect(readProfileCompleteCookie()?.isComplete ?? null).toBe(kept ? false : null);
      expect(readRememberedOnboardingStep()).toBe(kept ? 6 : null);
      removeProfileCompleteCookie();
      clearRememberedOnboardingStep();
    },
  );

  it("forgets someone else's unsaved answers also when the session was restored before the app listened", async () => {
    sessionStorage.setItem(onboardingDraftKey('someone-else'), '{}');
    sessionStorage.setItem(onboardingDraftKey(client.id), '{}');
    const parts = fakeAuthClient({ user: client });
    // As startRestoringSession does when the page loads: the session is back before any listener.
    await parts.authClient.getAccessToken();
    renderWith(FRAME_ONLY, parts);
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(sessionStorage.getItem(onboardingDraftKey('someone-else'))).toBeNull();
    expect(sessionStorage.getItem(onboardingDraftKey(client.id))).toBe('{}');
  });

  it('takes every toast off the screen at sign-out, so the next person never sees them', async () => {
    const user = userEvent.setup();
    renderApp(FRAME_ONLY, { user: client });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    act(() => {
      toast('Profile Incomplete', { duration: Number.POSITIVE_INFINITY });
      toast.success('Job Rejected', { description: 'Backend Engineer at Acme' });
    });
    expect(await screen.findByText('Profile Incomplete')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Profile Incomplete')).toBeNull());
    expect(screen.queryByText('Backend Engineer at Acme')).toBeNull();
  });

  it('signs out to the sign-in screen and forgets local state, even when the server is unreachable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    setProfileCompleteCookie(true);
    rememberOnboardingStep(1);
    rememberChosenClients(client.id, [{ id: 'client-1' }]);
    rememberBoardAddress(client.id, 'q=smith&view=incomplete_onboarding');
    rememberJobNotesDraft(client.id, 'job-1', { text: 'Ask about the rota', before: '' });
    const { router, fetch } = renderApp(FRAME_ONLY, { user: client, logout: 'unreachable' });

    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Failed to sign out. Please try again.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // Marked as a sign-out's, so a page that asks before it is left (the wizard during an upload)
    // lets it through.
    expect(isSignedOutNavigation(router.state.location.state)).toBe(true);
    expect(fetch).toHaveBeenCalledWith('/auth/v1/logout', expect.objectContaining({ method: 'POST' }));
    expect(readProfileCompleteCookie()).toBeNull();
    expect(readRememberedOnboardingStep()).toBeNull();
    expect(readChosenClients(client.id)).toEqual([]);
    expect(readRememberedBoardAddress(client.id)).toBe('');
    expect(readJobNotesDrafts(client.id)).toEqual({});
  });

  it('finishes a failed sign-out at the next load instead of signing the person back in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const server: FakeServer = { user: client, logout: 'unreachable' };
    renderApp(FRAME_ONLY, server);
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Failed to sign out. Please try again.')).toBeInTheDocument();

    const reload = async () => {
      cleanup();
      const { fetch } = renderApp('/', server);
      expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
      return fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/auth/'));
    };
    // Still offline: the session the server still holds is not restored, and the sign-out waits on.
    expect(await reload()).toEqual(['/auth/v1/logout']);
    expect(server.user).toEqual(client);
    // Back online: the sign-out goes through.
    server.logout = 'ok';
    expect(await reload()).toEqual(['/auth/v1/logout']);
    expect(server.user).toBeUndefined();

    // Whoever signs in next has their session restored by the loads after.
    server.user = client;
    cleanup();
    renderApp(FRAME_ONLY, server);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
