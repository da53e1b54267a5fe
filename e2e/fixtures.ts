/**
 * What every journey shares. `test` records console errors, uncaught exceptions and
 * Content-Security-Policy violations in every page of the test and fails the test on any of them,
 * and prints what each page showed when a journey fails;
 * `signIn` and `signInAsStaff` sign a new session in through the development provider's requests
 * (`signInThroughPages` through its pages); `expectAccessible` runs axe.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

export { expect };

export interface BrowserProblems {
  /** Accept problems matching this pattern for the rest of the test: only for errors the test provokes. */
  allow(pattern: RegExp): void;
}

/** Problems that are part of normal operation. */
const expectedProblems: { text: RegExp; url: RegExp }[] = [
  // Restoring the session on load asks the refresh endpoint; without a session it answers 401, which
  // Chromium logs as a failed resource.
  { text: /status of 401/, url: /\/auth\/v1\/token\b/ },
];

declare global {
  interface Window {
    __reportCspViolation?: (description: string) => void;
  }
}

export const test = base.extend<{ browserProblems: BrowserProblems }>({
  browserProblems: [
    async ({ context }, use, testInfo) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        if (
          expectedProblems.some((expected) => expected.text.test(message.text()) && expected.url.test(url))
        ) {
          return;
        }
        problems.push(`console error: ${message.text()} (${url})`);
      });
      context.on('weberror', (webError) => problems.push(`uncaught exception: ${webError.error().message}`));
      await context.exposeBinding('__reportCspViolation', (_source, description: string) => {
        problems.push(`CSP violation: ${description}`);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__reportCspViolation?.(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'} on ${event.documentURI}`,
          );
        });
      });

      await use({ allow: (pattern) => allowed.push(pattern) });
      // Only when the journey itself failed: a failure over the problems below names them already.
      if (testInfo.status !== 'passed' && testInfo.status !== testInfo.expectedStatus) {
        await printScreens(context);
      }

      const unexpected = problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
      expect(unexpected, 'console errors, uncaught exceptions and CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * What each page showed when a journey failed, in the log itself: CI keeps the log, not the traces.
 */
async function printScreens(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) {
    const snapshot = await page
      .locator('body')
      .ariaSnapshot({ timeout: 2_000 })
      .catch(() => '(the page could not be read)');
    const lines = snapshot.split('\n');
    const shown = lines.length > 80 ? [...lines.slice(0, 80), `... ${lines.length - 80} more lines`] : lines;
    console.log(`The page at ${page.url()} showed:\n${shown.join('\n')}`);
  }
}

export interface Names {
  firstName?: string;
  lastName?: string;
}

/**
 * Signs in from the sign-in screen through the development provider, as a person does, and waits
 * until the app shows the person signed in. Only the journeys about signing in need this; the rest
 * use `signIn`.
 */
export async function signInThroughPages(page: Page, email: string, names: Names = {}): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  if (names.firstName) await page.getByLabel('First name', { exact: true }).fill(names.firstName);
  if (names.lastName) await page.getByLabel('Last name', { exact: true }).fill(names.lastName);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
}

/**
 * Signs in through the development provider with plain HTTP requests from the page's own browser
 * context, the same requests the sign-in pages make: the context keeps the session's refresh-token
 * cookie exactly as after signing in on the pages. Every call is a new session of its own (refresh
 * tokens are single-use, so two browsers never share one; see docs/decisions/034).
 */
async function startSession(page: Page, email: string, names: Names): Promise<void> {
  const providerPage = await page.request.get('/auth/v1/authorize?redirect_to=%2F');
  expect(providerPage.status(), 'the development provider asks who is signing in').toBe(200);
  const signedIn = await page.request.post(`${new URL(providerPage.url()).pathname}/login`, {
    form: { email, first_name: names.firstName ?? '', last_name: names.lastName ?? '' },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  expect(new URL(signedIn.url()).pathname, 'the sign-in returns to the app').toBe('/');
}

/** An access token of the context's session, from the refresh endpoint (which rotates its cookie). */
async function sessionAccessToken(page: Page): Promise<string> {
  const response = await page.request.post('/auth/v1/token?grant_type=refresh_token');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).access_token;
}

/**
 * Signs in (a new session, see `startSession`) and opens the app, which restores the session as
 * after any reload; waits until it shows the person signed in. Works at any width (the account
 * menu is always in the header).
 */
export async function signIn(page: Page, email: string, names: Names = {}): Promise<void> {
  await startSession(page, email, names);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
}

/** A staff e-mail no earlier sign-in used, so its first sign-in sets up two-step verification. */
export const newStaffEmail = (name = 'staff') => `${name}-${randomUUID().slice(0, 8)}@company.test`;

/** The key the set-up screen shows, as the authenticator app would take it. */
export async function readSetupKey(page: Page): Promise<string> {
  const shown = await page.getByTestId('mfa-secret').textContent();
  return (shown ?? '').replace(/\s/g, '');
}

/**
 * Signs in a new staff member and sets up two-step verification through its API, as the set-up
 * screen does (the key, then the code an authenticator app would show); e2e/staff-mfa.spec.ts goes
 * through the screens themselves. Ends on the app's start page, past two-step verification.
 */
export async function signInAsStaff(page: Page, names: Names = {}, email = newStaffEmail()): Promise<void> {
  await startSession(page, email, names);
  const headers = { authorization: `Bearer ${await sessionAccessToken(page)}` };
  const enrolment = await page.request.post('/auth/v1/mfa/enrol', { headers });
  expect(enrolment.status(), await enrolment.text()).toBe(200);
  const { secret } = await enrolment.json();
  const verified = await page.request.post('/auth/v1/mfa/verify', {
    headers,
    data: { code: await generate({ secret }) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/mfa/);
}

/** Follows a navigation entry: in the bar at desktop width, in the folded menu on a phone. */
export async function openNavEntry(page: Page, width: number, name: string): Promise<void> {
  if (width <= 390) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/** Signs out through the account menu and waits for the sign-in screen. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Your account' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
}

/** The toasts (sonner's) that show `text`, in their title or description. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Nothing on the page reaches past the right edge of the screen: the page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${page.url()} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
}

/** axe finds no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
