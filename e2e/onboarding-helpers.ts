/**
 * What the onboarding journeys share: a person's answers, filling each wizard step as a person does,
 * and reading back what the server stored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { freshEmail, seedCompleteProfile, signInAsNewClient } from './client-area-seed.ts';
import { expect, toast } from './fixtures.ts';

const filesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'files');

/** A real one-page PDF and a real Word document. */
export const resumePdf = path.join(filesDir, 'resume.pdf');
export const coverLetterDocx = {
  // Spaces in the name are replaced with underscores before upload.
  name: 'Cover Letter.docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: readFileSync(path.join(filesDir, 'cover-letter.docx')),
};

export const ACK_LABELS = [
  'Incorrect Statements Policy',
  'Reading Terms',
  'No Job Guarantees',
  'WhatsApp Communication Consent',
  'Cancellation Policy',
  'Refund Policy',
  'Service Refusal Policy',
  'Global Team',
  'Self-Service Cancellation',
  'Billing Issues Handling',
] as const;

/** One person's answers, as typed, and as the record should store them. */
export const jordan = {
  firstName: 'Jordan',
  middleName: 'Lee',
  lastName: 'Rivera',
  emailAddress: 'jordan.rivera@example.com',
  phoneTyped: '512555014399',
  phoneStored: '(512) 555-0143',
  hasWhatsApp: 'Yes',
  birthdateTyped: '07/04/1990',
  birthdateStored: '1990-07-04',
  pronouns: 'they/them',
  whereFoundUs: 'A friend',
  goals: 'Lead design at a climate company',
  streetAddress: '500 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'United States',
  usCitizen: 'No',
  workAuthorization: 'Pending',
  requiresSponsorship: 'Yes',
  sponsorshipType: 'H-1B',
  currentlyEmployed: 'Yes',
  availabilityStored: '2030-01-15',
  recentPosition: 'Senior Product Designer',
  recentEmployer: 'Acme Corp',
  experienceLevel: 'senior',
  experienceLevelLabel: 'Senior Level',
  jobTypeLabels: ['Full-time', 'Contract'],
  jobTypes: ['full-time', 'contract'],
  topJobTitles: ['Product Designer', 'UX Lead'],
  jobDescriptionKeywords: ['design systems', 'accessibility'],
  excludeJobTitles: ['Intern'],
  excludeJobDescriptionKeywords: ['commission only'],
  salaryExpectation: '$120,000',
  workLocationTypes: ['Remote', 'Hybrid'],
  locationRequirements: 'Austin or remote',
  openForRelocation: 'Maybe',
  jobCriteria: 'Mission-driven teams under 500 people',
  linkedinUrl: 'https://www.linkedin.com/in/jordan-rivera',
  applicationHistory: 'Applied to Globex in May',
  signature: 'Jordan Lee Rivera',
};

/** The form of the current step (the wizard's card). */
export function stepCard(page: Page): Locator {
  return page.locator('form[aria-labelledby="wizard-step-title"]');
}

export async function expectStep(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.locator('li[aria-current="step"]')).toContainText(title);
}

/** The red box under Next, and its items. */
export function fixList(page: Page): Locator {
  return page.locator('#fix-list');
}

export async function expectProblems(page: Page, messages: readonly string[]): Promise<void> {
  if (messages.length === 0) {
    await expect(fixList(page)).toHaveCount(0);
    return;
  }
  await expect(fixList(page)).toContainText('Please fix the following:');
  await expect(fixList(page).getByRole('listitem')).toHaveText([...messages]);
}

/** Presses the step's forward button, and waits for the save's toast and the next step. */
export async function goNext(page: Page, label: string, nextTitle: string): Promise<void> {
  const step = await page
    .getByRole('progressbar', { name: 'Onboarding progress' })
    .getAttribute('aria-valuenow');
  await page.getByRole('button', { name: label, exact: true }).click();
  const saved = toast(page, 'Progress Saved Successfully');
  await expect(saved.filter({ hasText: `Step ${step} information saved` })).toBeVisible();
  await expectStep(page, nextTitle);
}

async function choose(page: Page, question: string | RegExp, answer: string): Promise<void> {
  await page.getByRole('group', { name: question }).getByRole('radio', { name: answer, exact: true }).check();
}

/** Adds list entries with Enter, or with the named Add button. */
async function addEntries(page: Page, label: string, entries: readonly string[], addButton?: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  for (const entry of entries) {
    await input.fill(entry);
    if (addButton) await page.getByRole('button', { name: addButton, exact: true }).click();
    else await input.press('Enter');
  }
}

export async function fillPersonal(page: Page, person = jordan): Promise<void> {
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Middle Name').fill(person.middleName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Email Address').fill(person.emailAddress);
  await page.getByLabel('Phone Number').pressSequentially(person.phoneTyped);
  await expect(page.getByLabel('Phone Number')).toHaveValue(person.phoneStored);
  await choose(page, 'Do you use WhatsApp on this number?', person.hasWhatsApp);
  await page.getByRole('textbox', { name: 'Birthdate' }).fill(person.birthdateTyped);
  await page.getByLabel('Pronouns').fill(person.pronouns);
  await page.getByLabel('How did you find us?').fill(person.whereFoundUs);
  await page.getByLabel('What are your goals for your job search?').fill(person.goals);
}

export async function fillAddress(page: Page, person = jordan): Promise<void> {
  await page.getByLabel('Street Address').fill(person.streetAddress);
  await page.getByLabel('City').fill(person.city);
  await page.getByLabel('State/Province').fill(person.state);
  await page.getByLabel('Postal/ZIP Code').fill(person.zipCode);
  await page.getByLabel('Country').fill(person.country);
}

export async function fillWorkAuthorization(page: Page, person = jordan): Promise<void> {
  await choose(page, 'Are you a US citizen?', person.usCitizen);
  await choose(page, 'Are you authorized to work in the US?', person.workAuthorization);
  await choose(page, /require visa sponsorship/, person.requiresSponsorship);
  await page.getByLabel('Type of sponsorship').fill(person.sponsorshipType);
}

/** Picks 15 January 2030 from the calendar, through its month and year dropdowns. */
async function pickAvailability(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Choose Availability to Start from a calendar' }).click();
  const calendar = page.getByRole('dialog');
  await calendar.getByRole('combobox', { name: 'Choose the Year' }).selectOption('2030');
  await calendar.getByRole('combobox', { name: 'Choose the Month' }).selectOption({ label: 'January' });
  await calendar.getByRole('button', { name: /January 15th, 2030/ }).click();
  await expect(calendar).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Availability to Start' })).toHaveValue('01/15/2030');
}

/** Uploads a file into the named upload field and waits for it to land. */
export async function upload(
  page: Page,
  label: string,
  file: string | { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const field = page.getByLabel(label);
  await field.setInputFiles(file);
  await expect(field.locator('xpath=..').getByText('File uploaded successfully')).toBeVisible();
}

export async function fillEmployment(page: Page, person = jordan): Promise<void> {
  await choose(page, 'Are you currently employed?', person.currentlyEmployed);
  await page.getByLabel('Recent Position').fill(person.recentPosition);
  await page.getByLabel('Recent Employer').fill(person.recentEmployer);
  await page.getByLabel('Experience Level').selectOption({ label: person.experienceLevelLabel });
  await pickAvailability(page);
  for (const label of person.jobTypeLabels) {
    await page.getByRole('group', { name: 'Job Type' }).getByRole('checkbox', { name: label }).check();
  }
  await upload(page, 'Resume', resumePdf);
  await expect(page.getByText('Upload Complete').first()).toBeVisible();
  await upload(page, 'Cover Letter', coverLetterDocx);
  await expect(page.getByText('Cover_Letter.docx')).toBeVisible();
}

export async function fillJobPreferences(page: Page, person = jordan): Promise<void> {
  await addEntries(page, 'Job Titles', person.topJobTitles, 'Add job title');
  await addEntries(page, 'Job Description Keywords', person.jobDescriptionKeywords);
  await addEntries(page, 'Excluded Job Titles', person.excludeJobTitles);
  await addEntries(page, 'Excluded Job Description Keywords', person.excludeJobDescriptionKeywords);
  await page.getByLabel('Salary Expectation').fill(person.salaryExpectation);
  for (const label of person.workLocationTypes) {
    await page
      .getByRole('group', { name: 'Work Location Type' })
      .getByRole('checkbox', { name: label })
      .check();
  }
  await page.getByLabel('Location Requirements').fill(person.locationRequirements);
  await choose(page, 'Are you open to relocation?', person.openForRelocation);
  await page.getByLabel('Anything else we should look for or avoid?').fill(person.jobCriteria);
}

export async function fillAdditional(page: Page, person = jordan): Promise<void> {
  await page.getByLabel('LinkedIn URL').fill(person.linkedinUrl);
  await page.getByLabel('Where have you already applied?').fill(person.applicationHistory);
  for (const label of ACK_LABELS) await page.getByRole('checkbox', { name: label, exact: true }).check();
  await page.getByLabel('Digital Signature').fill(person.signature);
  await page.getByRole('checkbox', { name: 'Send me the Career Coaching Email' }).check();
}

export async function acceptTerms(page: Page): Promise<void> {
  await page
    .getByRole('checkbox', {
      name: 'I have read and reviewed the complete Terms & Conditions document above *',
    })
    .check();
  await page
    .getByRole('checkbox', { name: 'I understand and agree to the Terms & Conditions outlined above *' })
    .check();
}

/**
 * From the welcome screen: starts onboarding and fills Jordan's answers up to the step titled
 * `until`, which is left open and empty.
 */
export async function startOnboardingUntil(
  page: Page,
  until: 'Personal Information' | 'Address Information' | 'Work Authorization' | 'Employment Information',
): Promise<void> {
  await page.getByRole('button', { name: 'Start Onboarding' }).click();
  await goNext(page, 'Get Started', 'Terms & Conditions');
  await acceptTerms(page);
  await goNext(page, 'Accept & Continue', 'Personal Information');
  if (until === 'Personal Information') return;
  await fillPersonal(page);
  await goNext(page, 'Next', 'Address Information');
  if (until === 'Address Information') return;
  await fillAddress(page);
  await goNext(page, 'Next', 'Work Authorization');
  if (until === 'Work Authorization') return;
  await fillWorkAuthorization(page);
  await goNext(page, 'Next', 'Employment Information');
}

/**
 * Signs in someone new under a fresh address made from `name` (waiting for the entry route's check),
 * gives them a finished profile, and opens edit mode at `step`, titled `title`.
 */
export async function openEditAt(page: Page, name: string, step: number, title: string): Promise<void> {
  await signInAsNewClient(page, freshEmail(name));
  await seedCompleteProfile(page);
  await page.goto(`/edit-profile?step=${step}`);
  await expectStep(page, title);
}

/**
 * Walks the wizard from its first step to the Resources step with Jordan's answers, running `onEachStep`
 * on every step once it is filled in.
 */
export async function fillWizardToResources(page: Page, onEachStep?: () => Promise<void>): Promise<void> {
  const check = async () => {
    await onEachStep?.();
  };
  await expectStep(page, 'Welcome');
  await check();
  await goNext(page, 'Get Started', 'Terms & Conditions');
  await acceptTerms(page);
  await check();
  await goNext(page, 'Accept & Continue', 'Personal Information');
  await fillPersonal(page);
  await check();
  await goNext(page, 'Next', 'Address Information');
  await fillAddress(page);
  await check();
  await goNext(page, 'Next', 'Work Authorization');
  await fillWorkAuthorization(page);
  await check();
  await goNext(page, 'Next', 'Employment Information');
  await fillEmployment(page);
  await check();
  await goNext(page, 'Next', 'Job Preferences');
  await fillJobPreferences(page);
  await check();
  await goNext(page, 'Next', 'Additional Information');
  await fillAdditional(page);
  await check();
  await goNext(page, 'Next', 'Resources');
  await check();
}

/**
 * What the server holds for the signed-in person, read through the completeness check the entry
 * route makes (the cached completeness cookie is dropped so that it asks). Leaves the page on
 * wherever the entry route sends the person.
 */
export async function storedRecord(page: Page): Promise<Record<string, unknown>> {
  await page.context().clearCookies({ name: 'profile_complete' });
  // Away from the app first: a check the page before was still making would match too, and its body
  // is gone once the page navigates.
  await page.goto('about:blank');
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/onboarding-submissions/check-complete',
  );
  await page.goto('/');
  const body = await (await answer).json();
  return body.data as Record<string, unknown>;
}
