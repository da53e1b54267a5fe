import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  forgetCompleteness,
  freshEmail,
  RESUME_FILE,
  saveRecord,
  seedCompleteProfile,
  signInAsNewClient,
  uploadDocument,
} from './client-area-seed.ts';
import { expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures.ts';

function card(page: Page, title: string): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

async function expectEntries(section: Locator, entries: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(entries)) {
    const row = section.locator('dl > div').filter({ has: section.page().getByText(label, { exact: true }) });
    await expect(row.locator('dd'), label).toHaveText(value);
  }
}

test('a client sees every card of a finished profile with the answers given during onboarding', async ({
  page,
}) => {
  await signInAsNewClient(page, freshEmail('profile.reader'), { firstName: 'Ada', lastName: 'Lovelace' });
  await seedCompleteProfile(page);
  await page.goto('/profile');

  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  await expect(
    page.getByText(/^Last updated: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Profile Incomplete' })).toHaveCount(0);
  await expectEntries(card(page, 'Personal Information'), {
    'First Name': 'Ada',
    'Last Name': 'Lovelace',
    'Email Address': 'ada@example.com',
    'Phone Number': '(555) 123-4567',
    Birthdate: 'Dec 10, 1990',
  });
  await expectEntries(card(page, 'Address Information'), {
    'Street Address': '1 Analytical Way',
    City: 'London',
    'State/Province': 'Greater London',
    'Postal/ZIP Code': 'SW1A 1AA',
    Country: 'United Kingdom',
  });
  await expectEntries(card(page, 'Work Authorization'), {
    'US Citizen': 'No',
    'Work Authorization': 'Yes',
    'Requires Sponsorship': 'No',
  });
  const employment = card(page, 'Employment Information');
  await expectEntries(employment, {
    'Currently Employed': 'Yes',
    'Recent Position': 'Engineer',
    'Recent Employer': 'Difference Engines Ltd',
    'Experience Level': 'Senior Level',
  });
  // The stored names start with a UUID and a dash; people see the name they uploaded.
  await expect(employment.getByText('resume.pdf', { exact: true })).toBeVisible();
  await expect(employment.getByText('cover-letter.docx', { exact: true })).toBeVisible();
  await expectEntries(card(page, 'Job Preferences'), {
    'Job Type': 'Full-time, Contract',
    'Salary Expectation': '$120,000',
  });
  await expectEntries(card(page, 'Additional Information'), {
    'Availability to Start': 'Jan 15, 2030',
    'Work Location Type': 'Remote, Hybrid',
    'Job Titles': 'Software Engineer, Data Engineer',
    'Open for Relocation': 'Maybe',
    'LinkedIn URL': 'https://www.linkedin.com/in/ada-lovelace (opens in a new tab)',
  });
  await expect(card(page, 'Career Coaching Email').getByText('Not subscribed')).toBeVisible();
  await expectEntries(card(page, 'Acknowledgements & Legal'), {
    'Digital Signature': 'Ada Lovelace',
    'Incorrect Statements Policy': 'Yes',
    'Reading Terms': 'Yes',
    'No Job Guarantees': 'Yes',
    'WhatsApp Communication Consent': 'Yes',
    'Cancellation Policy': 'Yes',
    'Refund Policy': 'Yes',
    'Service Refusal Policy': 'Yes',
    'Global Team': 'Yes',
    'Self-Service Cancellation': 'Yes',
    'Billing Issues Handling': 'Yes',
  });
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

test('a downloaded resume is the very file that was uploaded, and a failed download says so', async ({
  page,
  browserProblems,
}) => {
  await signInAsNewClient(page, freshEmail('downloader'));
  await seedCompleteProfile(page);
  await page.goto('/profile');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Resume' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('resume.pdf');
  expect(readFileSync(await file.path()).equals(readFileSync(RESUME_FILE))).toBe(true);

  browserProblems.allow(/status of 500|HTTP error 500/);
  await page.route('**/api/documents/download**', (route) =>
    route.fulfill({ status: 500, json: { error: 'Boom' } }),
  );
  await page.getByRole('button', { name: 'Download Cover Letter' }).click();
  await expect(page.getByText('Download failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to download file. Please try again.')).toBeVisible();
});

test('a client edits one answer and the profile shows it with everything else intact', async ({ page }) => {
  await signInAsNewClient(page, freshEmail('editor'), { firstName: 'Ada' });
  await seedCompleteProfile(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();

  // The address follows the wizard's step in edit mode.
  await expect(page).toHaveURL('/edit-profile?step=1');
  await expect(page.getByRole('heading', { name: 'Edit Your Profile' })).toBeVisible();
  // By keyboard: the wizard's progress toasts sit where a pointer may land, and hovering keeps them open.
  const forward = (label: string) => page.getByRole('button', { name: label }).press('Enter');
  await forward('Get Started');
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await forward('Accept & Continue');
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  await forward('Next');
  await expect(page.getByRole('heading', { name: 'Address Information' })).toBeVisible();
  await page.getByLabel('City').fill('Cambridge');
  for (const step of [
    'Work Authorization',
    'Employment Information',
    'Job Preferences',
    'Additional Information',
    'Resources',
  ]) {
    await forward('Next');
    await expect(page.getByRole('heading', { name: step })).toBeVisible();
  }
  await forward('Save Changes');

  await expect(page).toHaveURL('/profile');
  await expect(page.getByText('Profile Updated Successfully!')).toBeVisible();
  await expectEntries(card(page, 'Address Information'), {
    'Street Address': '1 Analytical Way',
    City: 'Cambridge',
    Country: 'United Kingdom',
  });
  await expectEntries(card(page, 'Employment Information'), { 'Experience Level': 'Senior Level' });
  await expect(card(page, 'Employment Information').getByText('resume.pdf', { exact: true })).toBeVisible();
  await page.reload();
  await expectEntries(card(page, 'Address Information'), { City: 'Cambridge' });
});

test('the newsletter choice made on the profile and on the preferences page survives reloads and agrees', async ({
  page,
}) => {
  await signInAsNewClient(page, freshEmail('newsletter'));
  await seedCompleteProfile(page);
  await page.goto('/profile');
  const newsletter = card(page, 'Career Coaching Email');
  await expect(newsletter.getByText('Not subscribed')).toBeVisible();

  await newsletter.getByRole('button', { name: 'Edit Career Coaching Email' }).click();
  await expect(newsletter.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  await expect(newsletter.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  await newsletter.getByRole('button', { name: 'Cancel' }).click();
  await expect(newsletter.getByRole('button', { name: 'Subscribe', exact: true })).toHaveCount(0);

  await newsletter.getByRole('button', { name: 'Edit Career Coaching Email' }).click();
  await newsletter.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByText('Newsletter Updated', { exact: true })).toBeVisible();
  await expect(page.getByText('Newsletter subscription enabled successfully')).toBeVisible();
  await expect(newsletter.getByText('Subscribed', { exact: true })).toBeVisible();
  await page.reload();
  await expect(card(page, 'Career Coaching Email').getByText('Subscribed', { exact: true })).toBeVisible();

  await page.goto('/update-preferences');
  await expect(page.getByRole('heading', { name: 'Email Preferences' })).toBeVisible();
  const preferences = card(page, 'Career Coaching Email');
  await expect(preferences.getByText('Subscribed', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await preferences.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('Preferences Updated', { exact: true })).toBeVisible();
  await expect(page.getByText("You've been unsubscribed from career coaching emails.")).toBeVisible();
  await expect(preferences.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await page.reload();
  await expect(card(page, 'Career Coaching Email').getByText('Unsubscribed', { exact: true })).toBeVisible();
  await card(page, 'Career Coaching Email').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText("You've been subscribed to our career coaching email!")).toBeVisible();
  await card(page, 'Career Coaching Email').getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(card(page, 'Career Coaching Email').getByText('Unsubscribed', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Go to Profile' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(card(page, 'Career Coaching Email').getByText('Not subscribed')).toBeVisible();
  await page.goto('/update-preferences');
  await page.getByRole('button', { name: 'Back to Profile' }).click();
  await expect(page).toHaveURL('/profile');
});

test('failed newsletter and preference updates say so and change nothing', async ({
  page,
  browserProblems,
}) => {
  browserProblems.allow(/status of 50\d|HTTP error 50\d|Failed to fetch|ERR_FAILED|newsletter-subscription/);
  await signInAsNewClient(page, freshEmail('flaky.newsletter'));
  await seedCompleteProfile(page);
  await page.goto('/profile');
  const newsletter = card(page, 'Career Coaching Email');

  await page.route('**/api/newsletter-subscription', (route) =>
    route.fulfill({ status: 500, json: { error: 'Boom' } }),
  );
  await newsletter.getByRole('button', { name: 'Edit Career Coaching Email' }).click();
  await newsletter.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByText('Update Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to update newsletter subscription. Please try again.')).toBeVisible();
  await expect(newsletter.getByText('Not subscribed')).toBeVisible();

  await page.unroute('**/api/newsletter-subscription');
  await page.route('**/api/newsletter-subscription', (route) => route.abort('failed'));
  await newsletter.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(
    page.getByText('An error occurred while updating your newsletter subscription.'),
  ).toBeVisible();

  await page.unroute('**/api/newsletter-subscription');
  await page.route('**/api/newsletter-subscription', (route) =>
    route.fulfill({ status: 503, json: { error: 'The service is temporarily unavailable.' } }),
  );
  await page.goto('/update-preferences');
  await card(page, 'Career Coaching Email').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Update Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('The service is temporarily unavailable.')).toBeVisible();
  await expect(card(page, 'Career Coaching Email').getByText('Unsubscribed', { exact: true })).toBeVisible();

  await page.route('**/api/onboarding-submissions', (route) =>
    route.fulfill({ status: 500, json: { error: 'Boom' } }),
  );
  await page.reload();
  await expect(page.getByText('Failed to load preferences. Please try again.')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Data Error', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Failed to load profile data. Please try again.').first()).toBeVisible();
});

test('an unfinished profile shows what is missing, and leads back into the wizard', async ({ page }) => {
  await signInAsNewClient(page, freshEmail('halfway'));
  await saveRecord(page, {
    first_name: 'Hal',
    last_name: 'Way',
    email_address: 'halfway@example.com',
    phone_number: '(555) 987-6543',
    street_address: '2 Middle Rd',
    city: 'Leeds',
    state: 'West Yorkshire',
    zip_code: 'LS1 1AA',
    country: 'United Kingdom',
  });
  await forgetCompleteness(page);
  await page.goto('/profile');

  const warning = page.getByRole('region', { name: 'Profile Incomplete' });
  await expect(warning).toBeVisible();
  for (const section of [
    'Work Authorization',
    'Employment Information',
    'Job Preferences',
    'Additional Information',
  ]) {
    await expect(warning.getByText(section, { exact: true })).toBeVisible();
  }
  await expect(warning.getByText('Personal Information')).toHaveCount(0);
  await expectEntries(card(page, 'Address Information'), { City: 'Leeds' });
  await expectAccessible(page);

  await warning.getByRole('button', { name: 'Complete Your Profile' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Work Authorization' })).toBeVisible();

  // The cached answer is now "incomplete": the profile and the job pages send the person back.
  for (const path of ['/profile', '/myjobs', '/job-stats']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Please complete your profile before accessing this page.')).toBeVisible();
  }
});

test('the job pages check an unknown profile before opening', async ({ page }) => {
  await signInAsNewClient(page, freshEmail('unchecked'));
  await forgetCompleteness(page);
  await page.goto('/myjobs');
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Please complete your profile before accessing this page.')).toBeVisible();
});

test('a profile with next to nothing in it offers to start onboarding again', async ({ page }) => {
  await signInAsNewClient(page, freshEmail('barely.started'));
  await saveRecord(page, { first_name: 'Barely', last_name: 'Started' });
  await forgetCompleteness(page);
  await page.goto('/profile');

  await expect(page.getByRole('heading', { name: 'No Profile Data Found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Complete Onboarding' }).click();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page).toHaveURL('/');
});

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`long answers, a long e-mail and a long file name fit the screen (${size.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const email = freshEmail('christophermontgomeryalexander.internationalconsultinggroup');
    await signInAsNewClient(page, email, { firstName: 'Christopher', lastName: 'Montgomery' });
    const longName = path.join(
      mkdtempSync(path.join(tmpdir(), 'resume-')),
      'Christopher_Montgomery_Resume_Senior_Product_Designer_2026_final.pdf',
    );
    copyFileSync(RESUME_FILE, longName);
    const resume = await uploadDocument(page, 'resumes', longName);
    const employer = 'Johnson & Johnson Consumer Health Products International Incorporated';
    await seedCompleteProfile(page, {
      resume: resume.url,
      email_address: email,
      linkedin_url: 'https://www.linkedin.com/in/christopher-montgomery-alexander-senior-product-designer',
      currently_employed: 'Yes',
      recent_employer: employer,
    });

    await page.goto('/profile');
    await expectEntries(card(page, 'Personal Information'), { 'Email Address': email });
    await expect(card(page, 'Employment Information').getByText(path.basename(longName))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`profile-long-${size.width}.png`), fullPage: true });

    // The account menu shows the whole address within the screen.
    await page.getByRole('button', { name: 'Your account' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(email)).toBeVisible();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: test.info().outputPath(`account-menu-long-${size.width}.png`) });
    await page.keyboard.press('Escape');

    // The current employer's button holds its whole name.
    await page.goto('/update-preferences');
    const add = page
      .getByRole('region', { name: 'Companies to Avoid' })
      .getByRole('button', { name: `Add ${employer}` });
    await expect(add).toBeVisible();
    // Text taller than the button would spill out of it.
    expect(await add.evaluate((button) => button.scrollHeight - button.clientHeight)).toBeLessThanOrEqual(0);
    await expectNoSidewaysScroll(page);
    await add.screenshot({ path: test.info().outputPath(`add-employer-${size.width}.png`) });
  });
}
