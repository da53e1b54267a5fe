/**
 * A client sees where they are signed in on /profile and signs out everywhere else: the other
 * browser's next call to the API ends on the sign-in screen.
 */
import { freshEmail, seedCompleteProfile, signInAsNewClient } from './client-area-seed.ts';
import { expect, expectAccessible, signIn, test, toast } from './fixtures.ts';

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a client signs out everywhere else from their devices list at ${viewport.width} px`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    const email = freshEmail('devices');
    await signInAsNewClient(page, email, { firstName: 'Dev', lastName: 'Ices' });
    await seedCompleteProfile(page);

    // The same person, in another browser.
    const otherContext = await browser.newContext({ viewport });
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, email);

    await page.goto('/profile');
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(devices.getByRole('listitem').first()).toContainText(/Chrome on \w+/);
    await expect(devices.getByRole('listitem').first()).toContainText(/Signed in \w+ \d+, \d{4} at/);
    await expect(devices.getByRole('listitem').first()).toContainText(/Last active .+ ago/);
    await devices.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`devices-${viewport.width}.png`), fullPage: true });

    // The confirmation traps focus and closes on Escape without signing anyone out.
    const signOutOthers = devices.getByRole('button', { name: 'Sign out everywhere else' });
    await signOutOthers.click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`devices-confirm-${viewport.width}.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(signOutOthers).toBeFocused();
    await expect(devices.getByRole('listitem')).toHaveCount(2);

    await signOutOthers.click();
    await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
    await expect(toast(page, '1 other device was signed out.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(devices.getByRole('listitem')).toContainText('This device');
    await expect(signOutOthers).toBeDisabled();

    // The other browser's next API call finds its session ended: back to the sign-in screen. Its
    // session is refreshed every few seconds here (15 s tokens), and a refresh can find it first.
    await otherPage.bringToFront();
    const signInScreen = otherPage.getByRole('button', { name: 'Continue with Google' });
    const openJobs = async () => {
      // Narrow screens keep the main links behind the Menu button.
      if (viewport.width < 768)
        await otherPage.getByRole('button', { name: 'Menu' }).click({ timeout: 5000 });
      await otherPage.getByRole('link', { name: 'Apply for Me' }).click({ timeout: 5000 });
    };
    await openJobs().catch(async (error: unknown) => {
      if (!(await signInScreen.isVisible())) throw error;
    });
    await expect(signInScreen).toBeVisible();
    await otherPage.screenshot({
      path: test.info().outputPath(`devices-other-signed-out-${viewport.width}.png`),
    });
    await otherContext.close();
  });
}
