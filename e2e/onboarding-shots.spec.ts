import { signIn, test } from './fixtures.ts';
import { acceptTerms, fillPersonal, fillAddress, fillWorkAuthorization, fillEmployment, goNext } from './onboarding-helpers.ts';

for (const [name, viewport] of [['desk', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
  test(`shots ${name}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signIn(page, `shots-${name}@example.com`, { firstName: 'Jordan', lastName: 'Rivera' });
    await page.screenshot({ path: `/tmp/shots/${name}-0-welcome.png`, fullPage: true });
    await page.getByRole('button', { name: 'Start Onboarding' }).click();
    await page.screenshot({ path: `/tmp/shots/${name}-1.png`, fullPage: true });
    await goNext(page, 'Get Started', 'Terms & Conditions');
    await page.screenshot({ path: `/tmp/shots/${name}-2.png`, fullPage: true });
    await acceptTerms(page);
    await goNext(page, 'Accept & Continue', 'Personal Information');
    await page.screenshot({ path: `/tmp/shots/${name}-3.png`, fullPage: true });
    await fillPersonal(page);
    await goNext(page, 'Next', 'Address Information');
    await fillAddress(page);
    await goNext(page, 'Next', 'Work Authorization');
    await fillWorkAuthorization(page);
    await goNext(page, 'Next', 'Employment Information');
    await page.screenshot({ path: `/tmp/shots/${name}-6-empty.png`, fullPage: true });
    await fillEmployment(page);
    await page.screenshot({ path: `/tmp/shots/${name}-6.png`, fullPage: true });
    await goNext(page, 'Next', 'Job Preferences');
    await page.getByRole('textbox', { name: 'Job Titles' }).fill('Designer');
    await page.getByRole('textbox', { name: 'Job Titles' }).press('Enter');
    await page.screenshot({ path: `/tmp/shots/${name}-7.png`, fullPage: true });
  });
}
