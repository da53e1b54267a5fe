/**
 * Staff sign in with a second factor: the first sign-in sets it up (QR code and key, a code, then
 * ten recovery codes shown once); later sign-ins ask for a code, or take a recovery code once.
 */
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, expectAccessible, newStaffEmail, readSetupKey, signIn, signOut, test } from './fixtures.ts';

const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';
const USED_RECOVERY_CODE = 'That recovery code is not right, or it has already been used.';

/** Signs out, and in again: the development provider forgets who it saw, as another day's sign-in. */
async function signInAgain(page: Page, email: string): Promise<void> {
  await signOut(page);
  await page.context().clearCookies();
  await signIn(page, email);
}

/** A code that no step around now would accept. */
async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = await Promise.all(
    [-30, 0, 30, 60].map((offset) => generate({ secret, epoch: now + offset })),
  );
  return ['000000', '111111', '222222', '333333', '444444'].find((code) => !valid.includes(code))!;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`staff set up two-step verification, then need a code or a recovery code at ${viewport.width} px`, async ({
    page,
    browserProblems,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const shot = (name: string) =>
      page.screenshot({ path: test.info().outputPath(`mfa-${name}-${viewport.width}.png`), fullPage: true });
    const email = newStaffEmail('ada');

    // First sign-in: the set-up screen, whatever page staff were heading for.
    await signIn(page, email, { firstName: 'Ada', lastName: 'Admin' });
    await expect(page).toHaveURL('/mfa?redirect_to=%2F');
    await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    await expect(
      page.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    const secret = await readSetupKey(page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);
    await shot('enrol');

    await page.getByLabel('6-digit code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Verify' }).click();
    const codeList = page.getByRole('list', { name: 'Recovery codes' });
    await expect(codeList.getByRole('listitem')).toHaveCount(10);
    const recoveryCodes = await codeList.getByRole('listitem').allTextContents();
    await expectAccessible(page);
    await shot('recovery-codes');
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    // Staff land on their home, the clients board: staff pages open now.
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();

    // The codes were shown once: the set-up screen is gone for good.
    await page.goto('/mfa');
    await expect(page).toHaveURL('/admin');

    // A later sign-in asks for a code, and goes on to where staff were heading.
    await signInAgain(page, email);
    await page.goto('/admin');
    await expect(page).toHaveURL('/mfa?redirect_to=%2Fadmin');
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    // Refused codes: the browser logs each 400 answer.
    browserProblems.allow(/status of 400|HTTP error 400/);
    const codeField = page.getByLabel('6-digit code');
    await codeField.fill(await wrongCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText(WRONG_CODE);
    await expect(codeField).toHaveAccessibleDescription(WRONG_CODE);
    await expectAccessible(page);
    await shot('verify-wrong-code');
    // The next step's code: the current one was used to set up, and a code never works twice.
    await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();

    // A recovery code works once.
    for (const expected of ['accepted', 'refused'] as const) {
      await signInAgain(page, email);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      if (expected === 'accepted') {
        await expect(page).toHaveURL('/admin');
      } else {
        await expect(page.getByRole('alert')).toHaveText(USED_RECOVERY_CODE);
        await shot('recovery-code-used');
      }
    }
  });
}

test('clients never see two-step verification', async ({ page }) => {
  await signIn(page, `client-${Date.now()}@example.com`, { firstName: 'Cleo' });
  await page.goto('/mfa');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /two-step verification/i })).toHaveCount(0);
});
