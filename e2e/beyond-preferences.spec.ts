/** A client switches the weekly summary and keeps their current employer off the team's list. */
import { freshEmail, seedCompleteProfile, signInAsNewClient } from './client-area-seed.ts';
import { expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures.ts';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const size of WIDTHS) {
  test(`a client turns the weekly summary off and lists companies to avoid (${size.width})`, async ({
    page,
    browserProblems,
  }) => {
    // The repeated company is refused on purpose.
    browserProblems.allow(/status of 409|HTTP error 409/);
    await page.setViewportSize(size);
    await signInAsNewClient(page, freshEmail('prefs'));
    await seedCompleteProfile(page, { currently_employed: 'Yes', recent_employer: 'Acme Corp' });
    await page.goto('/update-preferences');

    const summary = page.getByRole('region', { name: 'Weekly Summary' });
    await expect(summary.getByText('Subscribed', { exact: true })).toBeVisible({ timeout: 15_000 });
    await summary.getByRole('button', { name: 'Unsubscribe from the weekly summary' }).click();
    await expect(summary.getByText('Unsubscribed', { exact: true })).toBeVisible();

    const companies = page.getByRole('region', { name: 'Companies to Avoid' });
    await expect(companies.getByText('Your current employer:')).toBeVisible();
    await companies.getByRole('button', { name: 'Add Acme Corp' }).click();
    await expect(
      companies.getByRole('list', { name: 'Companies to avoid' }).getByRole('listitem'),
    ).toHaveText(['Acme Corp']);
    await expect(companies.getByText('Your current employer:')).toHaveCount(0);
    // Another spelling of the same company is refused with the server's reason.
    await companies.getByLabel('Company name').fill('ACME, Inc.');
    await companies.getByRole('button', { name: 'Add Company' }).click();
    await expect(companies.getByText('That company is already on your list.')).toBeVisible();
    await companies.getByLabel('Company name').fill('Globex');
    await companies.getByRole('button', { name: 'Add Company' }).click();
    await expect(companies.getByRole('listitem')).toHaveText(['Acme Corp', 'Globex']);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await companies.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`preferences-${size.width}.png`), fullPage: true });

    await companies.getByRole('button', { name: 'Remove Globex' }).click();
    await expect(companies.getByRole('listitem')).toHaveText(['Acme Corp']);
  });
}
