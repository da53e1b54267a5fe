import { allAcknowledged } from '@app/domain/onboarding-testing';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { ACK_LABELS, expectStep, fillWizardToResources, jordan, storedRecord } from './onboarding-helpers.ts';

test('a new client completes all nine steps, reaches thank-you, sends feedback, and every answer is stored', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'jordan.rivera@example.com', { firstName: 'Jordan', lastName: 'Rivera' });

  // State 0: the welcome screen; Back from the wizard's first step returns to it.
  await page.getByRole('button', { name: 'Start Onboarding' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Professional Information' })).toBeVisible();
  await expectStep(page, 'Welcome');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Start Onboarding' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start Onboarding' }).click();

  await fillWizardToResources(page, () => expectAccessible(page));

  // A completed step can be revisited from the stepper without saving, and the answers are still there.
  const savesBefore = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'PUT') savesBefore.count += 1;
  });
  await page.getByRole('button', { name: /Step 4: Address Information, completed/ }).click();
  await expectStep(page, 'Address Information');
  await expect(page.getByLabel('City')).toHaveValue(jordan.city);
  expect(savesBefore.count).toBe(0);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  for (const title of [
    'Work Authorization',
    'Employment Information',
    'Job Preferences',
    'Additional Information',
  ]) {
    await expectStep(page, title);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expectStep(page, 'Resources');
  await expect(page.getByText('click Complete Onboarding').first()).toBeVisible();

  await page.getByRole('button', { name: 'Complete Onboarding' }).click();
  await expect(page.getByText('Application Submitted Successfully!')).toBeVisible();
  await expect(page.getByText(/reply within 24 hours/)).toBeVisible();
  // The thank-you screen took the place of the wizard, and focus with it.
  const thanks = page.getByRole('heading', { level: 1, name: /^Thank you/ });
  await expect(thanks).toBeFocused();

  const whatsapp = page.getByRole('link', { name: /Contact us on WhatsApp/ });
  const href = new URL((await whatsapp.getAttribute('href')) ?? '');
  expect(href.origin + href.pathname).toBe('https://wa.me/15551234567');
  expect(href.searchParams.get('text')).toContain('Jordan Rivera');
  expect(href.searchParams.get('text')).toContain('jordan.rivera@example.com');
  await expectAccessible(page);

  // The feedback card: Send is disabled while blank; sending hides the card and shows the snackbar
  // (its 4 seconds and fade are timed in ThankYouScreen's unit test), and focus goes to the heading.
  await expect(page.getByRole('heading', { name: 'We value your feedback!' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await page.getByLabel('How was your onboarding experience?').fill('   ');
  await expect(send).toBeDisabled();
  await page.getByLabel('How was your onboarding experience?').fill('Clear and quick, thank you.');
  const feedbackSent = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/onboarding-feedback' && response.status() === 201,
  );
  await send.click();
  await feedbackSent;
  await expect(page.getByRole('heading', { name: 'We value your feedback!' })).toHaveCount(0);
  const snackbar = page.getByRole('status').filter({ hasText: 'Thank you for your feedback!' });
  await expect(snackbar).toBeVisible();
  await expect(thanks).toBeFocused();

  // Every answer is stored as the spec names it.
  const record = await storedRecord(page);
  expect(record).toMatchObject({
    first_name: jordan.firstName,
    middle_name: jordan.middleName,
    last_name: jordan.lastName,
    email_address: jordan.emailAddress,
    phone_number: jordan.phoneStored,
    has_whatsapp: jordan.hasWhatsApp,
    birthdate: jordan.birthdateStored,
    pronouns: jordan.pronouns,
    where_found_us: jordan.whereFoundUs,
    goals: jordan.goals,
    street_address: jordan.streetAddress,
    city: jordan.city,
    state: jordan.state,
    zip_code: jordan.zipCode,
    country: jordan.country,
    us_citizen: jordan.usCitizen,
    work_authorization: jordan.workAuthorization,
    requires_sponsorship: jordan.requiresSponsorship,
    sponsorship_type: jordan.sponsorshipType,
    currently_employed: jordan.currentlyEmployed,
    availability_to_start: jordan.availabilityStored,
    recent_position: jordan.recentPosition,
    recent_employer: jordan.recentEmployer,
    experience_level: jordan.experienceLevel,
    job_type: jordan.jobTypes,
    top_job_titles: jordan.topJobTitles.join(', '),
    job_description_keywords: jordan.jobDescriptionKeywords.join(', '),
    exclude_job_titles: jordan.excludeJobTitles.join(', '),
    exclude_job_description_keywords: jordan.excludeJobDescriptionKeywords.join(', '),
    salary_expectation: jordan.salaryExpectation,
    work_location_type: jordan.workLocationTypes,
    location_requirements: jordan.locationRequirements,
    open_for_relocation: jordan.openForRelocation,
    job_criteria: jordan.jobCriteria,
    linkedin_url: jordan.linkedinUrl,
    application_history: jordan.applicationHistory,
    signature: jordan.signature,
    subscribe_to_newsletter: true,
    onboarding_completed: true,
    ...allAcknowledged(),
  });
  expect(Object.keys(allAcknowledged())).toHaveLength(ACK_LABELS.length);
  expect(record.resume).toMatch(/\/resumes\/.+-resume\.pdf$/);
  expect(record.cover_letter).toMatch(/\/cover-letters\/.+-Cover_Letter\.docx$/);

  // A complete profile goes on to /profile from the entry route.
  await expect(page).toHaveURL('/profile');
});
