import { completeOnboardingRecord } from '@app/domain/onboarding-testing';
import type { Page } from '@playwright/test';
import { RESUME_FILE, uploadDocument } from './client-area-seed.ts';
import { expect, expectAccessible, signIn, signOut, test, toast } from './fixtures.ts';
import {
  expectStep,
  fillAddress,
  fillWizardToResources,
  goNext,
  jordan,
  openEditAt,
  resumePdf,
  startOnboardingUntil,
  stepCard,
  storedRecord,
} from './onboarding-helpers.ts';

/** Signs in and keeps the bearer header of the entry route's first call, to seed data through the API. */
async function signInWithToken(page: Page, email: string): Promise<string> {
  const firstCall = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/onboarding-submissions/check-complete',
  );
  await signIn(page, email, { firstName: 'Sam', lastName: 'Okafor' });
  return (await firstCall).headers().authorization ?? '';
}

const MISSING_AFTER_ADDRESS = [
  'Work Authorization: US Citizen, Work Authorization, Requires Sponsorship',
  'Employment Information: Currently Employed, Recent Position, Recent Employer, Resume',
];

async function expectIncompleteToast(page: Page) {
  const shown = toast(page, 'Profile Incomplete');
  await expect(shown).toBeVisible();
  for (const line of MISSING_AFTER_ADDRESS) await expect(shown).toContainText(line);
}

test('a client who leaves after the address step is told what is missing and resumes at Work Authorization', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'leaver@example.com');
  await startOnboardingUntil(page, 'Work Authorization');

  // A reload keeps the place.
  await page.reload();
  await expectIncompleteToast(page);
  await expectStep(page, 'Work Authorization');
  await expect(page.getByRole('button', { name: 'Start Onboarding' })).toHaveCount(0);

  // Going back to an earlier step and reloading keeps that step, with the saved answers.
  await page.getByRole('button', { name: /Step 3: Personal Information, completed/ }).click();
  await expectStep(page, 'Personal Information');
  await page.reload();
  await expectStep(page, 'Personal Information');
  await expect(page.getByLabel('First Name')).toHaveValue(jordan.firstName);

  // Leaving altogether: signing out forgets the step, and a later visit from another browser resumes.
  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('onboarding:last-step'))).toBeNull();
  const later = await browser.newContext();
  const laterPage = await later.newPage();
  await signIn(laterPage, 'leaver@example.com');
  await expectIncompleteToast(laterPage);
  await expectStep(laterPage, 'Work Authorization');
  await laterPage.getByRole('button', { name: /Step 4: Address Information, completed/ }).click();
  await expect(laterPage.getByLabel('City')).toHaveValue(jordan.city);
  await later.close();
});

test('a reload just past the terms keeps them accepted', async ({ page }) => {
  await signIn(page, 'terms.reload@example.com', { firstName: 'Sam', lastName: 'Okafor' });
  // Get Started saves only the name and e-mail from sign-in; the terms themselves are never stored.
  await startOnboardingUntil(page, 'Personal Information');

  await page.reload();
  await expectStep(page, 'Personal Information');
  await page.getByRole('button', { name: /Step 2: Terms & Conditions, completed/ }).click();
  await expectStep(page, 'Terms & Conditions');
  await expect(page.getByRole('checkbox', { name: /I have read and reviewed/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /I understand and agree/ })).toBeChecked();

  // Accepted, the terms let the client on; the wizard's unit tests follow them to step 9.
  await goNext(page, 'Accept & Continue', 'Personal Information');
});

test('a save that fails shows Save Failed, keeps the step, and loses nothing on retry', async ({
  page,
  browserProblems,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'flaky@example.com');
  await startOnboardingUntil(page, 'Address Information');
  await fillAddress(page);

  browserProblems.allow(/status of 503|HTTP error 503|Saving the onboarding submission failed/);
  let failures = 0;
  await page.route('**/api/onboarding-submissions/*', async (route) => {
    if (route.request().method() === 'PUT' && failures === 0) {
      failures += 1;
      await route.fulfill({ status: 503, json: { error: 'Service temporarily unavailable' } });
    } else {
      await route.fallback();
    }
  });

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const failed = toast(page, 'Save Failed');
  await expect(failed).toContainText('There was an issue saving your progress. Please try again.');
  await expectStep(page, 'Address Information');
  await expect(page.getByLabel('Street Address')).toHaveValue(jordan.streetAddress);
  await expect(page.getByLabel('Postal/ZIP Code')).toHaveValue(jordan.zipCode);

  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.status() === 200,
  );
  await goNext(page, 'Next', 'Work Authorization');
  const { data } = await (await saved).json();
  expect(failures).toBe(1);
  expect(data).toMatchObject({
    first_name: jordan.firstName,
    phone_number: jordan.phoneStored,
    street_address: jordan.streetAddress,
    city: jordan.city,
    state: jordan.state,
    zip_code: jordan.zipCode,
    country: jordan.country,
  });
});

test('edit mode reloads the saved profile, changes one answer and keeps the rest', async ({ page }) => {
  test.setTimeout(90_000);
  const authorization = await signInWithToken(page, 'editor@example.com');
  // A record points only at its owner's stored documents: the resume is a real upload.
  const resume = await uploadDocument(page, 'resumes', RESUME_FILE);
  const seeded = completeOnboardingRecord({ resume: resume.path });
  const created = await page.request.post('/api/onboarding-submissions', {
    headers: { authorization },
    data: seeded,
  });
  expect(created.ok()).toBe(true);

  // A complete profile goes on from the entry route.
  await page.goto('/?mode=update-preferences');
  await expect(page).toHaveURL('/update-preferences');
  await page.goto('/');
  await expect(page).toHaveURL('/profile');

  await page.goto('/edit-profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Your Profile' })).toBeVisible();
  await expectStep(page, 'Welcome');
  await goNext(page, 'Get Started', 'Terms & Conditions');
  await goNext(page, 'Accept & Continue', 'Personal Information');
  await expect(page.getByLabel('First Name')).toHaveValue(String(seeded.first_name));
  await goNext(page, 'Next', 'Address Information');
  await page.getByLabel('City').fill('Lisbon');
  for (const title of [
    'Work Authorization',
    'Employment Information',
    'Job Preferences',
    'Additional Information',
    'Resources',
  ]) {
    await goNext(page, 'Next', title);
    if (title === 'Employment Information') {
      await expect(page.getByRole('button', { name: 'Replace resume' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('edit-employment-1280.png') });
    }
  }
  // In edit mode the last button says what it does, and the update is announced once.
  await expect(page.getByRole('button', { name: 'Complete Onboarding' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated Successfully!')).toHaveCount(1);
  await expect(page.getByText('Profile Updated', { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL('/profile');

  const record = await storedRecord(page);
  const { updated_at: _updated, created_at: _created, id: _id, user_id: _user, ...fields } = record;
  expect(fields).toEqual({ ...seeded, city: 'Lisbon' });

  // `?edit=true` on the entry route is the same edit mode.
  await page.goto('/?edit=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Your Profile' })).toBeVisible();
});

test('edit mode without a saved profile says so and goes to the profile page', async ({ page }) => {
  await signIn(page, 'no.profile@example.com');
  // The entry route's check cached "incomplete", which would send /profile on to `/`; the profile
  // page asks afresh without it.
  await expect(page.getByRole('button', { name: 'Start Onboarding' })).toBeVisible();
  await page.context().clearCookies({ name: 'profile_complete' });
  await page.goto('/edit-profile');
  const shown = toast(page, 'No Profile Data');
  await expect(shown).toContainText("We couldn't find your profile data to edit.");
  await expect(page).toHaveURL('/profile');
});

/** Edit mode's Back, Save Changes and Next, in the order the screen shows them: by row, then left to right. */
async function stepButtonsAsShown(page: Page): Promise<string[]> {
  const shown = [];
  for (const name of ['Back', 'Save Changes', 'Next']) {
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    if (!box) throw new Error(`${name} is not shown`);
    shown.push({ name, top: Math.round(box.y), left: box.x });
  }
  return shown.sort((a, b) => a.top - b.top || a.left - b.left).map(({ name }) => name);
}

test('on a wide screen Back sits at the left and Save Changes then Next at the right, in one row', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Edit mode's address step, where Back, Save Changes and Next all show.
  await openEditAt(page, 'wide.buttons', 4, 'Address Information');
  expect(await stepButtonsAsShown(page)).toEqual(['Back', 'Save Changes', 'Next']);
  const back = await page.getByRole('button', { name: 'Back', exact: true }).boundingBox();
  const next = await page.getByRole('button', { name: 'Next', exact: true }).boundingBox();
  const card = await stepCard(page).boundingBox();
  expect(back?.y).toBe(next?.y);
  // Each at its edge of the card (32 px of padding).
  expect(Math.round((back?.x ?? 0) - (card?.x ?? 0))).toBe(33);
  expect(Math.round((card?.x ?? 0) + (card?.width ?? 0) - (next?.x ?? 0) - (next?.width ?? 0))).toBe(33);
  await stepCard(page).screenshot({ path: test.info().outputPath('step-buttons-1280.png') });
});

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the step buttons are reached by Tab in the order they are shown, top to bottom', async ({ page }) => {
    await openEditAt(page, 'phone.buttons', 4, 'Address Information');
    const shown = await stepButtonsAsShown(page);
    expect(shown).toEqual(['Next', 'Save Changes', 'Back']);
    await stepCard(page).screenshot({ path: test.info().outputPath('step-buttons-390.png') });
    await page.getByRole('button', { name: 'Next', exact: true }).focus();
    for (const name of shown.slice(1)) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name, exact: true })).toBeFocused();
    }
  });

  test('a client completes the whole wizard without anything overflowing the screen', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'phone@example.com', { firstName: 'Jordan', lastName: 'Rivera' });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Start Onboarding' }).click();
    let employmentChecked = false;
    await fillWizardToResources(page, async () => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
      await expectAccessible(page);
      if (await page.getByRole('heading', { level: 2, name: 'Employment Information' }).isVisible()) {
        // On a touch screen the stored resume's buttons are finger-sized.
        const replace = page.getByRole('button', { name: 'Replace resume' });
        await expect(replace).toBeVisible();
        expect((await replace.boundingBox())?.height).toBeGreaterThanOrEqual(40);
        await page.screenshot({ path: test.info().outputPath('employment-390.png'), fullPage: true });
        // So is the Cancel of a new file on its way (held here, as on a stalled connection).
        await page.route('**/api/file-upload', () => {});
        await page.getByLabel('Resume').setInputFiles(resumePdf);
        const cancel = page.getByRole('button', { name: 'Cancel resume upload' });
        await expect(cancel).toBeVisible();
        expect((await cancel.boundingBox())?.height).toBeGreaterThanOrEqual(40);
        await page.screenshot({
          path: test.info().outputPath('employment-uploading-390.png'),
          fullPage: true,
        });
        await cancel.click();
        await expect(page.getByText('Upload cancelled', { exact: true })).toBeVisible();
        await expect(page.getByText('resume.pdf', { exact: true })).toBeVisible();
        await page.unroute('**/api/file-upload');
        employmentChecked = true;
      }
    });
    expect(employmentChecked, 'the stored resume was checked on the employment step').toBe(true);
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect(page.getByText(/reply within 24 hours/)).toBeVisible();
  });
});
