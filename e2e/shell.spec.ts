/**
 * The app's frame around every screen, at a laptop's and a phone's width: document titles, the
 * account menu, signing in from a deep link and out again, where toasts appear, and the screens
 * whose failures the frame explains (Email Preferences).
 */
import type { Locator, Page } from '@playwright/test';
import { defaultOnboardingResources } from '../packages/domain/src/resources.ts';
import { freshEmail, saveRecord, seedCompleteProfile, signInAsNewClient } from './client-area-seed.ts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  signOut,
  test,
  toast,
} from './fixtures.ts';

const WIDTHS = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** True when the two boxes share any area. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!boxA || !boxB) throw new Error('both elements must be on screen');
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`on a ${name} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('an anonymous visit logs no error, names its page and fits the screen', async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
      await expect(page).toHaveTitle('Sign In · Apply Ahead');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await screenshot(page, `sign-in-${width}`);
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
      await expect(page).toHaveTitle('Page Not Found · Apply Ahead');
      // Not even the failed-resource line a browser logs for an error answer.
      expect(errors).toEqual([]);
    });

    test('signing in from a deep link returns to it, and signing out asks who signs in next', async ({
      page,
    }) => {
      const email = freshEmail(`deep-link-${width}`);
      await signIn(page, email);
      await signOut(page);

      await page.goto('/myteam?from=email');
      await expect(page).toHaveURL('/?redirect_to=%2Fmyteam%3Ffrom%3Demail');
      await expect(page).toHaveTitle('Sign In · Apply Ahead');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      // The provider's own session ended with the sign-out: it asks again.
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL('/myteam?from=email');
      await expect(page).toHaveTitle('My Team · Apply Ahead');
      await expectNoSidewaysScroll(page);
    });

    test('every route names its page in the title, and no screen scrolls sideways', async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsNewClient(page, freshEmail(`titles-${width}`), {
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      await expect(page).toHaveTitle('Onboarding · Apply Ahead');
      await expectNoSidewaysScroll(page);
      await seedCompleteProfile(page);
      const routes: [string, string, RegExp | string][] = [
        ['/profile', 'My Profile · Apply Ahead', 'My Profile'],
        ['/edit-profile', 'Edit Profile · Apply Ahead', /Welcome/],
        ['/update-preferences', 'Email Preferences · Apply Ahead', 'Email Preferences'],
        ['/myjobs', 'Apply for Me · Apply Ahead', 'Apply for Me'],
        ['/job-stats', 'My Job Stats · Apply Ahead', 'My Job Stats'],
        ['/myteam', 'My Team · Apply Ahead', 'My Team'],
        ['/downloaddoc', 'Download Document · Apply Ahead', /Download/],
        ['/no-such-page', 'Page Not Found · Apply Ahead', 'Oops! Page not found'],
      ];
      for (const [path, title, heading] of routes) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
        await expect(page, path).toHaveTitle(title);
        await expectNoSidewaysScroll(page);
      }
    });

    test('the account menu: nothing of it is focusable while hidden; open, it passes axe and Escape closes it', async ({
      page,
    }) => {
      await signInAsNewClient(page, freshEmail(`menu-${width}`), { firstName: 'Ada', lastName: 'Lovelace' });
      const trigger = page.getByRole('button', { name: 'Your account' });

      // Until the menu's code arrives, its place shows the same initials: the header does not change.
      let releaseMenuCode = () => {};
      const menuCodeHeld = new Promise<void>((resolve) => (releaseMenuCode = resolve));
      await page.route('**/assets/AccountMenu-*.js', async (route) => {
        await menuCodeHeld;
        await route.continue();
      });
      await page.reload();
      await expect(page.getByRole('banner').getByText('AL', { exact: true })).toBeVisible();
      await expect(trigger).toHaveCount(0);
      await screenshot(page, `account-stand-in-${width}`);
      releaseMenuCode();
      await expect(trigger).toBeVisible();
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toHaveCount(0);

      // Tabbing through the whole page meets only elements a person can see.
      await page.locator('body').focus();
      const hiddenFocus: string[] = [];
      for (let press = 0; press < 25; press += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement;
          if (!element || element === document.body) return null;
          const visible = element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
          return { visible, what: `${element.tagName} ${element.textContent?.trim().slice(0, 40)}` };
        });
        if (!focused) break;
        if (!focused.visible) hiddenFocus.push(focused.what);
      }
      expect(hiddenFocus).toEqual([]);

      await trigger.click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, `account-menu-${width}`);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(trigger).toBeFocused();

      if (width < 768) {
        // The folded navigation of a phone: open, named, closed with Escape.
        const menuButton = page.getByRole('button', { name: 'Menu' });
        await menuButton.click();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await expectAccessible(page);
        await screenshot(page, `folded-menu-${width}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      }
    });

    test('toasts appear where they cover neither the account menu nor the step header', async ({ page }) => {
      await signInAsNewClient(page, freshEmail(`toast-${width}`), { firstName: 'Ada', lastName: 'Lovelace' });
      await page.getByRole('button', { name: 'Start Onboarding' }).click();
      const stepHeader = page.getByRole('progressbar', { name: 'Onboarding progress' });
      await expect(stepHeader).toBeVisible();
      await page.getByRole('button', { name: 'Get Started', exact: true }).click();
      const saved = toast(page, 'Progress Saved Successfully');
      await expect(saved).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Terms & Conditions' })).toBeVisible();
      expect(await overlaps(saved, page.getByRole('button', { name: 'Your account' }))).toBe(false);
      expect(await overlaps(saved, stepHeader)).toBe(false);
      await screenshot(page, `toast-${width}`);
    });

    test('Profile Incomplete is short, names the steps a person saw, and opens the full list', async ({
      page,
    }) => {
      await signInAsNewClient(page, freshEmail(`incomplete-${width}`), {
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      await saveRecord(page, {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email_address: 'ada@example.com',
        phone_number: '(555) 123-4567',
      });
      await page.reload();
      const shown = toast(page, 'Profile Incomplete');
      await expect(shown).toBeVisible();
      await expect(shown).toContainText(
        'Missing answers in Address Information, Work Authorization, Employment Information, Job Preferences, Additional Information, Resources.',
      );
      const box = await shown.boundingBox();
      // Readable at a glance: well under a third of a phone's screen until the list is opened.
      expect(box?.height ?? 0).toBeLessThan(height / 3);
      expect(await overlaps(shown, page.getByRole('button', { name: 'Your account' }))).toBe(false);
      await shown.getByText('Show what is missing').click();
      await expect(shown.getByRole('listitem')).toHaveCount(6);
      await expect(shown.getByRole('listitem').first()).toHaveText(
        'Address Information: Street Address, City, State/Province, Postal/ZIP Code, Country',
      );
      await expectAccessible(page);
      await screenshot(page, `profile-incomplete-${width}`);
      await expectNoSidewaysScroll(page);
    });

    test('Email Preferences that fail to load say so and show no status', async ({
      page,
      browserProblems,
    }) => {
      await signInAsNewClient(page, freshEmail(`prefs-${width}`));
      await seedCompleteProfile(page, { subscribe_to_newsletter: true });
      browserProblems.allow(/status of 503|HTTP error 503/);
      await page.route('**/api/onboarding-submissions', (route) =>
        route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
      );
      await page.goto('/update-preferences');
      await expect(toast(page, 'Failed to load preferences. Please try again.')).toBeVisible();
      // The Career Coaching card; the weekly summary beside it has a switch of its own.
      const coaching = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Career Coaching Email' }) });
      await expect(coaching.getByText('Your current status could not be loaded.')).toBeVisible();
      await expect(coaching.getByText(/Unsubscribed|Subscribed/)).toHaveCount(0);
      await expect(coaching.getByRole('button', { name: /Subscribe|Unsubscribe/ })).toHaveCount(0);
      await expectAccessible(page);
      await screenshot(page, `preferences-failed-${width}`);
      await expectNoSidewaysScroll(page);

      await page.unroute('**/api/onboarding-submissions');
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(coaching.getByText('Subscribed', { exact: true })).toBeVisible();
      await expect(coaching.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    });

    test("the Resources step links to the product's own pages when no resources file is configured", async ({
      page,
    }) => {
      await signInAsNewClient(page, freshEmail(`resources-${width}`));
      await seedCompleteProfile(page);
      await page.goto('/edit-profile?step=9');
      const step = page.locator('form[aria-labelledby="wizard-step-title"]');
      await expect(step.getByRole('heading', { level: 2, name: 'Resources' })).toBeVisible();
      const hrefs = await step
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      // The domain's defaults (their addresses are pinned by packages/domain/src/resources.test.ts).
      const { cancellationGuide, productVideos, featuredReports, socialLinks, website } =
        defaultOnboardingResources;
      expect(hrefs).toEqual(
        [cancellationGuide, ...productVideos, ...featuredReports, ...socialLinks, website].map(
          (link) => link.url,
        ),
      );
      await expect(step.getByRole('link', { name: /How to cancel or pause your plan/ })).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `resources-${width}`);
    });

    test('profile cards take their natural height', async ({ page }) => {
      await signInAsNewClient(page, freshEmail(`cards-${width}`));
      await seedCompleteProfile(page);
      await page.goto('/profile');
      const card = (title: string) =>
        page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      const authorization = await card('Work Authorization').boundingBox();
      const employment = await card('Employment Information').boundingBox();
      // Side by side on a laptop; the three answers of Work Authorization need less room than the
      // employment answers with their documents, and the card is no taller than that.
      expect(authorization?.height ?? 0).toBeLessThan((employment?.height ?? 0) - 40);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `profile-${width}`);
    });
  });
}
