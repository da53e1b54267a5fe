/**
 * Journeys about trusting the onboarding form with one's answers: a failed load never leads to a
 * save that blanks them, an expired session keeps what was typed, an edit of one answer is one save,
 * and everything fits and reads at 1280 and 390 px.
 */
import { copyFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  forgetCompleteness,
  freshEmail,
  RESUME_FILE,
  saveRecord,
  seedCompleteProfile,
  signInAsNewClient,
  uploadDocument,
} from './client-area-seed.ts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  openNavEntry,
  signIn,
  signOut,
  test,
  toast,
} from './fixtures.ts';
import {
  acceptTerms,
  expectProblems,
  expectStep,
  fillAddress,
  fillPersonal,
  goNext,
  jordan,
  openEditAt,
  storedRecord,
} from './onboarding-helpers.ts';

const viewports = [
  { name: 'a laptop', width: 1280, height: 800 },
  { name: 'a 390 px phone', width: 390, height: 844 },
] as const;

/** What the person answered before the failed load: the personal and address steps. */
const savedBefore = {
  first_name: jordan.firstName,
  last_name: jordan.lastName,
  email_address: jordan.emailAddress,
  phone_number: jordan.phoneStored,
  birthdate: jordan.birthdateStored,
  street_address: jordan.streetAddress,
  city: jordan.city,
  state: jordan.state,
  zip_code: jordan.zipCode,
  country: jordan.country,
};

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The saves the page sends from now on: method and body of each. */
function recordSaves(page: Page): { method: string; body: Record<string, unknown> }[] {
  const saves: { method: string; body: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/onboarding-submissions')) return;
    if (request.method() === 'PUT' || request.method() === 'POST') {
      saves.push({ method: request.method(), body: request.postDataJSON() });
    }
  });
  return saves;
}

for (const viewport of viewports) {
  test.describe(`on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('after the saved answers fail to load, saving never blanks them and the form shows them again', async ({
      page,
      browserProblems,
    }) => {
      test.setTimeout(90_000);
      await signInAsNewClient(page, freshEmail('load-failure'));
      await saveRecord(page, savedBefore);
      await forgetCompleteness(page);

      browserProblems.allow(/status of 503|HTTP error 503/);
      let failed = 0;
      await page.route('**/api/onboarding-submissions', async (route) => {
        if (route.request().method() === 'GET' && failed === 0) {
          failed += 1;
          await route.fulfill({ status: 503, json: { error: 'Service temporarily unavailable' } });
        } else {
          await route.fallback();
        }
      });
      const saves = recordSaves(page);
      await page.goto('/');
      await expect(toast(page, 'Failed to load your existing data. Starting with empty form.')).toBeVisible();
      expect(failed).toBe(1);

      await page.getByRole('button', { name: 'Start Onboarding' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Welcome' })).toBeFocused();
      await goNext(page, 'Get Started', 'Terms & Conditions');
      await expect(page.getByRole('heading', { level: 2, name: 'Terms & Conditions' })).toBeFocused();
      await acceptTerms(page);
      await goNext(page, 'Accept & Continue', 'Personal Information');
      // The saves carried nothing the person did not change; the server's answer refilled the form.
      expect(saves.map((save) => Object.keys(save.body).sort())).toEqual([['user_id'], ['userId']]);
      await expect(page.getByLabel('First Name')).toHaveValue(jordan.firstName);
      await expect(page.getByLabel('Phone Number')).toHaveValue(jordan.phoneStored);
      await expect(page.getByRole('textbox', { name: 'Birthdate' })).toHaveValue(jordan.birthdateTyped);

      // A phone number pasted with its country code keeps the right ten digits.
      await page.getByLabel('Phone Number').fill('+1 (737) 555-0199');
      await expect(page.getByLabel('Phone Number')).toHaveValue('(737) 555-0199');

      // An unreadable typed date keeps Next disabled with its message; nothing blank is saved.
      const birthdate = page.getByRole('textbox', { name: 'Birthdate' });
      await birthdate.fill('02/30/1990');
      await birthdate.blur();
      const dateMessage = 'Birthdate must be a date as MM/DD/YYYY, between 1900 and 2100';
      await expectProblems(page, [dateMessage]);
      await expect(birthdate).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'personal-step-typed-date');
      await birthdate.fill('07/05/1990');
      await expectProblems(page, []);

      await goNext(page, 'Next', 'Address Information');
      await expect(page.getByRole('heading', { level: 2, name: 'Address Information' })).toBeFocused();
      await expect(page.getByLabel('City')).toHaveValue(jordan.city);
      expect(saves.at(-1)?.body).toEqual({
        phone_number: '(737) 555-0199',
        birthdate: '1990-07-05',
        userId: expect.any(String),
      });

      const record = await storedRecord(page);
      expect(record).toMatchObject({
        ...savedBefore,
        phone_number: '(737) 555-0199',
        birthdate: '1990-07-05',
      });
    });

    test('in edit mode a blanked required answer holds Back and Next, named in the box, and nothing is saved', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      // From sign-in on: the seeded profile goes through the API, not the page.
      const saves = recordSaves(page);
      await openEditAt(page, 'blanked', 4, 'Address Information');
      await page.getByLabel('City').fill('');
      await expect(page.getByText('Please fix the following:')).toBeVisible();
      await expect(page.getByText('City is required')).toBeVisible();
      for (const name of ['Back', 'Next', 'Save Changes']) {
        await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await screenshot(page, 'edit-blanked-city');

      // With the answer back, so are the buttons.
      await page.getByLabel('City').fill('Leeds');
      await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
      expect(saves).toEqual([]);
    });

    test('a client edits the salary in one save, from the step the address names, told once', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      // From sign-in on: the seeded profile goes through the API, not the page.
      const saves = recordSaves(page);
      await openEditAt(page, 'one-edit', 7, 'Job Preferences');
      // Every step of the stepper opens directly in edit mode.
      const steps = page.getByRole('navigation', { name: 'Onboarding steps' });
      await expect(steps.getByRole('button')).toHaveCount(8);
      await page.getByLabel('Salary Expectation').fill('$150,000');
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'edit-job-preferences');
      await page.getByRole('button', { name: 'Save Changes' }).click();

      await expect(page).toHaveURL('/profile');
      await expect(toast(page, 'Profile Updated Successfully!')).toHaveCount(1);
      await expect(page.getByText('Profile Updated', { exact: true })).toHaveCount(0);
      expect(saves).toEqual([
        { method: 'PUT', body: { salary_expectation: '$150,000', userId: expect.any(String) } },
      ]);
      const record = await storedRecord(page);
      expect(record).toMatchObject({
        salary_expectation: '$150,000',
        onboarding_completed: true,
        city: 'London',
      });
    });

    test('the employment step fits the screen, shows a long file name with its extension, and names its calendar', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signInAsNewClient(page, freshEmail('long-name'));
      const longName = test
        .info()
        .outputPath('Jordan_Lee_Rivera_Senior_Product_Designer_Resume_2026_final_v3.pdf');
      copyFileSync(RESUME_FILE, longName);
      const resume = await uploadDocument(page, 'resumes', longName);
      await seedCompleteProfile(page, { resume: resume.url });

      await page.goto('/edit-profile?step=6');
      await expectStep(page, 'Employment Information');
      // The whole name is shown, wrapped inside the card, its extension on screen.
      const shown = page.getByText('Jordan_Lee_Rivera_Senior_Product_Designer_Resume_2026_final_v3.pdf', {
        exact: true,
      });
      await expect(shown).toBeVisible();
      const box = await shown.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'employment-step');

      await page.getByRole('button', { name: 'Choose Availability to Start from a calendar' }).click();
      const calendar = page.getByRole('dialog', { name: 'Availability to Start calendar' });
      await expect(calendar.getByRole('grid')).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'employment-calendar');
      await page.keyboard.press('Escape');
      await expect(calendar).toHaveCount(0);
    });

    test('a resume on its way holds Back, Next and Save Changes, and cancelling it keeps the stored one', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signInAsNewClient(page, freshEmail('uploading'));
      const resume = await uploadDocument(page, 'resumes', RESUME_FILE);
      await seedCompleteProfile(page, { resume: resume.url });
      await page.goto('/edit-profile?step=6');
      await expectStep(page, 'Employment Information');
      const storedName = page.getByText('resume.pdf', { exact: true });
      await expect(storedName).toBeVisible();

      // The new file is held on its way, as on a stalled connection.
      await page.route('**/api/file-upload', () => {});
      await page.getByLabel('Resume').setInputFiles(RESUME_FILE);
      await expect(page.getByText(/^Uploading\.\.\. \d+%$/)).toBeVisible();
      await expect(
        page.getByText('A file is still uploading. You can go on once it has finished.'),
      ).toBeVisible();
      for (const name of ['Back', 'Next', 'Save Changes']) {
        await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
      }
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'upload-on-its-way');

      // Another page of the app would leave the file out of the profile: the person is asked first.
      await openNavEntry(page, viewport.width, 'My Team');
      const leaving = page.getByRole('dialog', { name: 'Your file is still uploading' });
      await expect(leaving).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, 'upload-leave-asked');
      await leaving.getByRole('button', { name: 'Stay' }).click();
      await expect(leaving).toHaveCount(0);
      await expect(page).toHaveURL(/\/edit-profile/);
      // The phone's folded menu closed as the entry was chosen, not left open under the question.
      if (viewport.width <= 390) {
        await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
      }
      await expect(page.getByText(/^Uploading\.\.\. \d+%$/)).toBeVisible();

      await page.getByRole('button', { name: 'Cancel resume upload' }).click();
      await expect(page.getByText('Upload cancelled', { exact: true })).toBeVisible();
      await expect(
        page.getByText('A file is still uploading. You can go on once it has finished.'),
      ).toHaveCount(0);
      await expect(storedName).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'upload-cancelled');
    });
  });
}

test('an expired session mid-form keeps the typed answers through signing in again', async ({
  page,
  browserProblems,
}) => {
  test.setTimeout(90_000);
  const email = freshEmail('expired');
  await signInAsNewClient(page, email);
  await page.getByRole('button', { name: 'Start Onboarding' }).click();
  await goNext(page, 'Get Started', 'Terms & Conditions');
  await acceptTerms(page);
  await goNext(page, 'Accept & Continue', 'Personal Information');
  await fillPersonal(page);
  await goNext(page, 'Next', 'Address Information');
  await fillAddress(page);

  // The session ends while the person is on the address step: the save is refused and so is the
  // refresh, as when the session has expired on the server.
  browserProblems.allow(/status of 401|HTTP error 401|Saving the onboarding submission failed/);
  await page.context().clearCookies();
  await page.route('**/api/onboarding-submissions/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 401, json: { error: 'Authentication required' } })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.unroute('**/api/onboarding-submissions/*');

  await signIn(page, email);
  await expectStep(page, 'Address Information');
  await expect(toast(page, 'Unsaved Answers Restored')).toBeVisible();
  await expect(page.getByLabel('Street Address')).toHaveValue(jordan.streetAddress);
  await expect(page.getByLabel('City')).toHaveValue(jordan.city);
  await expect(page.getByLabel('Postal/ZIP Code')).toHaveValue(jordan.zipCode);
  await goNext(page, 'Next', 'Work Authorization');
  const record = await storedRecord(page);
  expect(record).toMatchObject({ first_name: jordan.firstName, city: jordan.city, zip_code: jordan.zipCode });
  // Once saved, nothing is left over in the tab.
  const drafts = () =>
    page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('onboarding:draft')));
  expect(await drafts()).toEqual([]);

  // Signing out on purpose forgets answers typed and not saved, for whoever uses the device next.
  await page.getByLabel('Type of sponsorship').fill('H-1B');
  await expect.poll(drafts).toHaveLength(1);
  await signOut(page);
  expect(await drafts()).toEqual([]);
});
