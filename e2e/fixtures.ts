/**
 * What every journey shares. `test` records console errors, uncaught exceptions and
 * Content-Security-Policy violations in every page of the test and fails the test on any of them,
 * and prints what each page showed when a journey fails;
 * `signIn` signs in through the development provider; `expectAccessible` runs axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

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
 * Signs in from the sign-in screen through the development provider, and waits until the app shows
 * the person signed in. Works at any width (the account menu is always in the header).
 */
export async function signIn(page: Page, email: string, names: Names = {}): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  if (names.firstName) await page.getByLabel('First name', { exact: true }).fill(names.firstName);
  if (names.lastName) await page.getByLabel('Last name', { exact: true }).fill(names.lastName);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
}

/** Signs out through the account menu and waits for the sign-in screen. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Your account' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
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
