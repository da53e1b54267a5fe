import type { Response } from '@playwright/test';
import {
  expect,
  expectAccessible,
  newStaffEmail,
  signIn,
  signInAsStaff,
  signInThroughPages,
  signOut,
  test,
  toast,
} from './fixtures.ts';
import { goNext } from './onboarding-helpers.ts';

const isRefresh = (response: Response) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === '/auth/v1/token';

test('a visitor signs in through the development provider and sees themselves signed in', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/legal/terms.html',
  );
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/legal/privacy.html',
  );
  await expectAccessible(page);

  await signInThroughPages(page, 'ada.lovelace@example.com', { firstName: 'Ada', lastName: 'Lovelace' });
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Your account' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('ada.lovelace@example.com')).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Admin Email Management' })).toHaveCount(0);
});

test('staff see Admin Email Management in the profile menu', async ({ page }) => {
  await signInAsStaff(page, { firstName: 'Grace', lastName: 'Hopper' }, newStaffEmail('grace.hopper'));
  await page.getByRole('button', { name: 'Your account' }).click();
  await page.getByRole('menuitem', { name: 'Admin Email Management' }).click();
  await expect(page).toHaveURL('/admin');
});

test('a reload keeps a person signed in', async ({ page }) => {
  await signIn(page, 'reload@example.com', { firstName: 'Rita' });
  await page.getByRole('link', { name: 'My Team' }).click();
  await expect(page).toHaveURL('/myteam');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  await expect(page).toHaveURL('/myteam');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
});

test('a refresh whose answer is lost on the way is retried, and the person stays signed in', async ({
  page,
  browserProblems,
}) => {
  await signIn(page, 'lost-answer@example.com', { firstName: 'Lou' });
  const context = page.context();
  const refreshCookie = async () =>
    (await context.cookies()).find((cookie) => cookie.name === 'refresh_token');
  const before = await refreshCookie();
  expect(before).toBeDefined();

  // The server exchanges the token, and the connection drops before the browser hears back: its
  // cookie still holds the token the server has just spent.
  browserProblems.allow(/ERR_CONNECTION_RESET/);
  await page.route(
    '**/auth/v1/token**',
    async (route) => {
      await route.fetch();
      await context.addCookies([before!]);
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  const retried = page.waitForResponse((response) => isRefresh(response) && response.status() === 200);
  await page.reload();
  await retried;
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  expect((await refreshCookie())?.value).not.toBe(before!.value);

  // The retry's token carries the session on.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
});

test('an expired access token is refreshed without the person noticing', async ({
  page,
  browserProblems,
}) => {
  const firstToken = page.waitForResponse((response) => isRefresh(response) && response.status() === 200);
  await signIn(page, 'expiry@example.com', { firstName: 'Eve' });
  const { expires_in: lifetimeSeconds } = await (await firstToken).json();
  expect(lifetimeSeconds, 'the journeys run with a short access-token lifetime').toBeLessThanOrEqual(30);

  // Keep the background refresh from succeeding, as in a sleeping laptop, until the token has expired.
  browserProblems.allow(/status of 503/);
  await page.route('**/auth/v1/token**', (route) =>
    route.fulfill({ status: 503, json: { error: 'Unavailable' } }),
  );
  await page.waitForTimeout((lifetimeSeconds + 1) * 1000);
  await page.unroute('**/auth/v1/token**');

  const authenticated: Response[] = [];
  page.on('response', (response) => {
    if (response.request().headers().authorization?.startsWith('Bearer ')) authenticated.push(response);
  });
  const refreshed = page.waitForResponse((response) => isRefresh(response) && response.status() === 200);
  // Move through the app as a person would: every screen's calls must go through.
  await page.getByRole('link', { name: 'My Team' }).click();
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(page).toHaveURL('/');
  await refreshed;
  // Starting the questionnaire saves it: a call that needs the renewed token (the pages above may
  // answer from what they already hold).
  await page.getByRole('button', { name: 'Start Onboarding' }).click();
  await goNext(page, 'Get Started', 'Terms & Conditions');

  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await expect.poll(() => authenticated.length, { message: 'the page called the API' }).toBeGreaterThan(0);
  expect(
    authenticated
      .map((response) => `${response.status()} ${response.url()}`)
      .filter((line) => line.startsWith('401')),
  ).toEqual([]);
});

test('signing out returns to the sign-in screen, and a reload does not restore the session', async ({
  page,
}) => {
  await signIn(page, 'leaving@example.com');
  await page.getByRole('link', { name: 'My Team' }).click();
  await expect(page).toHaveURL('/myteam');
  await signOut(page);
  await expect(page).toHaveURL('/');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.goto('/myjobs');
  // The sign-in screen, remembering the page asked for.
  await expect(page).toHaveURL('/?redirect_to=%2Fmyjobs');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

test('a sign-out that never reached the server is finished by a later load, which signs nobody back in', async ({
  page,
  context,
  browserProblems,
}) => {
  await signIn(page, 'leaving-offline@example.com');
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'refresh_token');
  expect(cookie, 'the refresh cookie').toBeDefined();

  // The network drops as the person taps Sign Out.
  const logoutPath = '**/auth/v1/logout';
  await page.route(logoutPath, (route) => route.abort('internetdisconnected'));
  browserProblems.allow(/Sign-out failed|ERR_INTERNET_DISCONNECTED/);
  await page.getByRole('button', { name: 'Your account' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(toast(page, 'Failed to sign out. Please try again.')).toBeVisible();
  await expect(page).toHaveURL('/');
  const restored: number[] = [];
  page.on('response', (response) => {
    if (isRefresh(response) && response.status() === 200) restored.push(response.status());
  });

  // Reloaded while still offline: the session the server still holds is not restored.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();

  // Back online: the next load sends the sign-out again, and the server ends the session.
  await page.unroute(logoutPath);
  const logout = page.waitForResponse((response) => new URL(response.url()).pathname === '/auth/v1/logout');
  await page.reload();
  expect((await logout).status()).toBe(204);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  const stale = await page.request.post('/auth/v1/token?grant_type=refresh_token', {
    data: { refresh_token: cookie?.value },
  });
  expect(stale.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect(restored, 'sessions restored after the sign-out').toEqual([]);
});

test('signing out while the page is still loading ends quietly, with nothing refused or failed', async ({
  page,
}) => {
  // The saved answers are held back until the person has signed out; without the sign-out dropping
  // them, they would reach the server after the session ended and come back 401 (the fixture fails
  // the test on that console error).
  let signedOut = () => {};
  const afterSignOut = new Promise<void>((resolve) => {
    signedOut = resolve;
  });
  let held = 0;
  await page.route('**/api/onboarding-submissions', async (route) => {
    held++;
    await afterSignOut;
    await route.continue().catch(() => {});
  });
  await signIn(page, 'leaving-early@example.com');
  await expect.poll(() => held).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Start Onboarding' })).toHaveCount(0);
  await signOut(page);
  signedOut();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`a failed sign-in explains itself in a toast, in our own words (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/?error=signin&reason=email_not_verified');
    await expect(page.getByText('Sign-in Error')).toBeVisible();
    await expect(
      page.getByText(
        'Your e-mail address is not verified with your sign-in provider. Verify it there, then sign in again.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL('/');
    await page.screenshot({
      path: test.info().outputPath(`sign-in-error-${width}.png`),
      animations: 'disabled',
    });

    // Text in the address is never shown: a crafted link gets the generic sentence.
    await page.goto('/?error=signin&error_description=Call%20555-0100%20to%20unlock%20your%20account');
    await expect(page.getByText('An unexpected error occurred.')).toBeVisible();
    await expect(page.getByText(/555-0100/)).toHaveCount(0);
  });
}

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button lists every page, opens one and signs out', async ({ page }) => {
    await signIn(page, 'pat.phone@example.com', { firstName: 'Pat', lastName: 'Phone' });
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expectAccessible(page);

    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`);
    for (const [name, path] of [
      ['My Profile', '/profile'],
      ['Apply for Me', '/myjobs'],
      ['My Job Stats', '/job-stats'],
      ['My Team', '/myteam'],
    ] as const) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    }
    await menu.getByRole('link', { name: 'My Team', exact: true }).click();
    await expect(page).toHaveURL('/myteam');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    const advanced = page.getByRole('link', { name: /Mobius Advanced/ });
    await expect(advanced).toHaveAttribute('target', '_blank');
    await expect(advanced).toHaveAttribute('rel', 'noopener noreferrer');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page).toHaveURL('/');
  });
});
