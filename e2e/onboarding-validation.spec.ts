import { expect, expectAccessible, expectNoSidewaysScroll, signIn, test } from './fixtures.ts';
import {
  ACK_LABELS,
  acceptTerms,
  expectProblems,
  expectStep,
  fillAdditional,
  fillAddress,
  fillEmployment,
  fillJobPreferences,
  fillPersonal,
  fillWorkAuthorization,
  goNext,
  startOnboardingUntil,
  stepCard,
} from './onboarding-helpers.ts';

const ACK_MESSAGES = ACK_LABELS.map((label) => `${label} must be checked`);

/** What an untouched step lists in 'Please fix the following:', from spec 1, section 5. */
const EMPTY_STEP_MESSAGES: Record<string, readonly string[]> = {
  'Terms & Conditions': [
    'Please confirm that you have read and reviewed the complete Terms & Conditions document',
    'Please confirm that you understand and agree to the Terms & Conditions',
  ],
  'Personal Information': [
    'First Name is required',
    'Last Name is required',
    'Email Address is required',
    'Phone Number is required',
  ],
  'Address Information': [
    'Street Address is required',
    'City is required',
    'State/Province is required',
    'Postal/ZIP Code is required',
    'Country is required',
  ],
  'Work Authorization': [
    'US Citizen status is required',
    'Work Authorization status is required',
    'Sponsorship requirement status is required',
  ],
  'Employment Information': [
    'Employment status is required',
    'Recent Position is required',
    'Recent Employer is required',
    'Experience Level is required',
    'Resume upload is required',
    'Job Type selection is required',
  ],
  'Job Preferences': [
    'Work Location Type is required (select at least one)',
    'Salary Expectation is required',
    'At least one Job Title is required',
  ],
  'Additional Information': ['Digital signature is required', ...ACK_MESSAGES],
};

async function expectBlocked(page: import('@playwright/test').Page, title: string, nextLabel = 'Next') {
  await expectStep(page, title);
  await expectProblems(page, EMPTY_STEP_MESSAGES[title] ?? []);
  await expect(page.getByRole('button', { name: nextLabel, exact: true })).toBeDisabled();
}

test('on every step an empty form lists exactly the missing items, and Next stays disabled until they are fixed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'empty.steps@example.com');
  await page.getByRole('button', { name: 'Start Onboarding' }).click();

  await expectStep(page, 'Welcome');
  await expectProblems(page, []);
  await goNext(page, 'Get Started', 'Terms & Conditions');

  await expectBlocked(page, 'Terms & Conditions', 'Accept & Continue');
  await expect(stepCard(page).locator('iframe[title="Terms & Conditions"]')).toHaveAttribute('height', '500');
  await page
    .getByRole('checkbox', {
      name: 'I have read and reviewed the complete Terms & Conditions document above *',
    })
    .check();
  await expectProblems(page, [EMPTY_STEP_MESSAGES['Terms & Conditions']![1]!]);
  await expect(page.getByRole('button', { name: 'Accept & Continue' })).toBeDisabled();
  await acceptTerms(page);
  await goNext(page, 'Accept & Continue', 'Personal Information');

  // The e-mail of the sign-in fills the personal step of a new record.
  await expect(page.getByLabel('Email Address')).toHaveValue('empty.steps@example.com');
  await expectStep(page, 'Personal Information');
  await expectProblems(
    page,
    (EMPTY_STEP_MESSAGES['Personal Information'] ?? []).filter((m) => m !== 'Email Address is required'),
  );
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await fillPersonal(page);
  await expectProblems(page, []);
  await goNext(page, 'Next', 'Address Information');

  await expectBlocked(page, 'Address Information');
  await fillAddress(page);
  await goNext(page, 'Next', 'Work Authorization');

  await expectBlocked(page, 'Work Authorization');
  // Pressing the held Next shows each question's error: on its radios, which a screen reader hears
  // as it reaches one, not on the fieldset.
  await page.getByRole('button', { name: 'Next', exact: true }).click({ force: true });
  const citizen = page.getByRole('group', { name: /^Are you a US citizen\?/ });
  for (const radio of await citizen.getByRole('radio').all()) {
    await expect(radio).toHaveAttribute('aria-invalid', 'true');
    await expect(radio).toHaveAccessibleDescription('US Citizen status is required');
  }
  await expect(citizen).not.toHaveAttribute('aria-invalid');
  await expectAccessible(page);
  await fillWorkAuthorization(page);
  await goNext(page, 'Next', 'Employment Information');

  await expectBlocked(page, 'Employment Information');
  await fillEmployment(page);
  await goNext(page, 'Next', 'Job Preferences');

  await expectBlocked(page, 'Job Preferences');
  await fillJobPreferences(page);
  await goNext(page, 'Next', 'Additional Information');

  await expectBlocked(page, 'Additional Information');
  await fillAdditional(page);
  await goNext(page, 'Next', 'Resources');
  await expectProblems(page, []);
  await expect(page.getByRole('button', { name: 'Complete Onboarding' })).toBeEnabled();
});

test('each format rule shows its message until the value is right', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'formats@example.com');
  await page.getByRole('button', { name: 'Start Onboarding' }).click();
  await goNext(page, 'Get Started', 'Terms & Conditions');
  await acceptTerms(page);
  await goNext(page, 'Accept & Continue', 'Personal Information');

  const next = page.getByRole('button', { name: 'Next', exact: true });
  await fillPersonal(page);
  const email = page.getByLabel('Email Address');
  await email.fill('jordan@example');
  await email.blur();
  await expectProblems(page, ['Please enter a valid email address']);
  // The message is also shown under the field once the person has left it.
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(next).toBeDisabled();
  await email.fill('jordan@example.com');

  const phone = page.getByLabel('Phone Number');
  await phone.fill('');
  await phone.pressSequentially('512555');
  await expect(phone).toHaveValue('(512) 555');
  await expectProblems(page, ['Phone Number must be at least 10 digits']);
  await expect(next).toBeDisabled();
  await phone.pressSequentially('01439999');
  await expect(phone).toHaveValue('(512) 555-0143');
  await expectProblems(page, []);

  // A phone's numeric keypad has no '/': the birthdate takes the digits alone and puts in the slashes.
  await page.setViewportSize({ width: 390, height: 844 });
  const birthdate = page.getByRole('textbox', { name: 'Birthdate' });
  await expect(birthdate).toHaveAttribute('inputmode', 'numeric');
  await birthdate.fill('');
  await birthdate.pressSequentially('01021990');
  await expect(birthdate).toHaveValue('01/02/1990');
  await birthdate.blur();
  await expect(birthdate).not.toHaveAttribute('aria-invalid');
  await expectProblems(page, []);
  await expect(next).toBeEnabled();
  await expectNoSidewaysScroll(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await birthdate.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`birthdate-typed-${width}.png`) });
  }
  const save = page.waitForRequest(
    (request) =>
      request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/onboarding-submissions'),
  );
  await goNext(page, 'Next', 'Address Information');
  // The server gets the date as YYYY-MM-DD, as from the calendar: the typed shape never leaves the page.
  expect((await save).postDataJSON()).toMatchObject({ birthdate: '1990-01-02' });

  await fillAddress(page);
  const zip = page.getByLabel('Postal/ZIP Code');
  for (const bad of ['12', '7870#', 'ABCDEFGHIJK']) {
    await zip.fill(bad);
    await expectProblems(page, [
      'Postal/ZIP Code must be 3-10 characters (letters, numbers, spaces, hyphens)',
    ]);
    await expect(next).toBeDisabled();
  }
  await zip.fill('SW1A 1AA');
  await expectProblems(page, []);
  await goNext(page, 'Next', 'Work Authorization');
  await fillWorkAuthorization(page);
  await goNext(page, 'Next', 'Employment Information');
  await fillEmployment(page);
  await goNext(page, 'Next', 'Job Preferences');

  await fillJobPreferences(page);
  const salary = page.getByLabel('Salary Expectation');
  for (const bad of ['about 75k', '75,000 USD', '$$75000']) {
    await salary.fill(bad);
    await expectProblems(page, ['Please enter a valid salary amount (e.g., $75,000 or 75000)']);
    await expect(next).toBeDisabled();
  }
  await salary.fill('75000');
  await expectProblems(page, []);
  await goNext(page, 'Next', 'Additional Information');

  await fillAdditional(page);
  const linkedin = page.getByLabel('LinkedIn URL');
  for (const bad of ['https://www.linkedin.com/company/acme', 'https://example.com/in/jordan', 'jordan']) {
    await linkedin.fill(bad);
    await expectProblems(page, ['Please enter a valid LinkedIn profile URL']);
    await expect(next).toBeDisabled();
  }
  // Optional: an empty LinkedIn URL is fine.
  await linkedin.fill('');
  await expectProblems(page, []);
  await expect(next).toBeEnabled();
});

test('a file over 5 MB and a .txt file are refused before upload, with the spec messages', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'files@example.com');
  await startOnboardingUntil(page, 'Employment Information');

  const uploads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/file-upload') uploads.push(request.url());
  });
  const resume = page.getByLabel('Resume');
  const resumeField = resume.locator('xpath=..');

  await resume.setInputFiles({
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 0x20)]),
  });
  await expect(resumeField.getByText('File size must be less than 5MB')).toBeVisible();
  await expect(resume).toHaveValue('');
  // The reason is the field's error: the chooser is marked invalid and described by it.
  await expect(resume).toHaveAttribute('aria-invalid', 'true');
  await expect(resume).toHaveAccessibleDescription(/File size must be less than 5MB/);

  await resume.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(
    resumeField.getByText('File type not supported. Please upload: .pdf,.docx,.doc'),
  ).toBeVisible();
  await expect(resume).toHaveValue('');

  const coverLetter = page.getByLabel('Cover Letter');
  await coverLetter.setInputFiles({
    name: 'letter.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(
    coverLetter.locator('xpath=..').getByText('File type not supported. Please upload: .pdf,.docx,.doc'),
  ).toBeVisible();

  expect(uploads).toEqual([]);
  await expectProblems(page, [
    'Employment status is required',
    'Recent Position is required',
    'Recent Employer is required',
    'Experience Level is required',
    'Resume upload is required',
    'Job Type selection is required',
  ]);
});
