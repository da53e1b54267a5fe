/**
 * Staff onboard a client from /admin: find them, read both e-mails, generate, download and save
 * their job filters, send the welcome e-mail and see where it stands, and put jobs in front of them.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { jobListItems } from '../packages/domain/src/jobs-api.ts';
import { accessToken, seedCompleteProfile, signInAsNewClient } from './client-area-seed.ts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  signInAsStaff,
  test,
  toast,
} from './fixtures.ts';

const ACCESS_DENIED = 'Access denied. This feature is only available to @company.test users.';

/** The answers the filters are generated from. */
const CLIENT_ANSWERS = {
  first_name: 'Jane',
  last_name: 'Doe',
  top_job_titles: 'Data Engineer, Analytics Engineer',
  job_description_keywords: 'python, sql',
  exclude_job_titles: 'Intern',
  exclude_job_description_keywords: 'unpaid',
  salary_expectation: '$75,000',
  work_location_type: ['Remote'],
};

const EXPECTED_FILTERS = {
  queries: ['Data Engineer', 'Analytics Engineer'],
  inclusion_filters: { data_job_description: ['python', 'sql'] },
  exclusion_filters: { data_job_description: ['unpaid', 'Intern'] },
  min_salary: 75000,
  is_remote: true,
};

const JOBS_CSV = [
  'job_uid,data_job_title,data_company,refresh_date,max_salary',
  'jd-1,Senior Data Engineer,Acme Analytics,2026-11-20,"$140,000"',
  'jd-2,Analytics Engineer,Globex,2026-11-21,120000',
].join('\n');

const BROKEN_CSV = ['job_uid,data_job_title,max_salary', 'jd-3,Data Engineer,lots'].join('\n');

async function chooseJobsFile(page: Page, name: string, content: string) {
  await page.getByLabel('Jobs file (CSV or JSON)').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
}

test('staff onboard a client from the admin page', async ({ page, browser, browserProblems }) => {
  // The whole onboarding of a client, in two browsers: longer than a single-screen journey.
  test.setTimeout(120_000);
  const clientEmail = `jane.${Date.now()}@example.com`;

  // The client finishes onboarding (with a resume and cover letter) and leaves feedback, in their own browser.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signInAsNewClient(clientPage, clientEmail, { firstName: 'Jane', lastName: 'Doe' });
  await seedCompleteProfile(clientPage, { ...CLIENT_ANSWERS, email_address: clientEmail });
  const feedback = await clientPage.request.post('/api/onboarding-feedback', {
    headers: { authorization: `Bearer ${await accessToken(clientPage)}` },
    data: { text: 'Loved it <b>very</b> much' },
  });
  expect(feedback.status()).toBe(201);

  await signInAsStaff(page, { firstName: 'Sam', lastName: 'Staff' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Email Management', level: 2 })).toBeVisible();

  // Feedback is shown as the client wrote it, markup and all, as text.
  await expect(page.getByRole('list', { name: 'Feedback from clients' })).toContainText(
    'Loved it <b>very</b> much',
  );

  // An empty search explains itself.
  const search = page.getByLabel('Client email');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(search).toHaveAccessibleDescription('Please enter an email address');
  await expect(toast(page, 'Please enter an email address')).toBeVisible();

  // Enter searches.
  await search.fill(clientEmail);
  await search.press('Enter');
  const userInformation = page.getByRole('region', { name: 'User Information' });
  await expect(userInformation).toContainText('All Required Filled');
  await expect(userInformation).toContainText('Senior Level');
  await expect(userInformation).toContainText('$75,000');
  await expect(userInformation).toContainText('resume.pdf');
  await expect(userInformation).not.toContainText('public/documents');

  // Both previews, in sandboxed frames. The frames run no script, not even the one every journey adds
  // to each frame to report policy violations, and Chromium says so in the console.
  browserProblems.allow(
    /Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
  );
  const welcome = page.frameLocator('iframe[title="Welcome Email (Client) preview"]');
  await expect(welcome.getByText(/^Within 24 hours: a member of our team will contact you/)).toBeVisible();
  await expect(welcome.getByText(/onboarding SLA is 72 hours/)).toBeVisible();
  await expect(welcome.getByText(/resume consultation for \$50/)).toBeVisible();
  await expect(page.locator('iframe[title="Welcome Email (Client) preview"]')).toHaveAttribute('sandbox', '');
  await page.getByRole('tab', { name: 'Team Notification' }).click();
  const team = page.frameLocator('iframe[title="Team Notification preview"]');
  await expect(
    team.getByText(`Jane Doe (${clientEmail}) has completed onboarding.`, { exact: false }),
  ).toBeVisible();
  await expect(team.getByText('resume.pdf, cover-letter.docx')).toBeVisible();
  await page.getByRole('tab', { name: 'Welcome Email (Client)' }).click();

  // Generate, download and save the filters.
  const existing = page.getByRole('region', { name: 'Existing Job Filters' });
  await expect(existing).toContainText('No job filters saved for this client yet.');
  await page.getByRole('button', { name: 'Generate Filters' }).click();
  await expect(toast(page, 'Filters generated successfully!')).toBeVisible();
  const generated = page.getByRole('region', { name: 'Generated Job Filters' });
  await expect(generated).toContainText('Analytics Engineer');
  await expect(generated).toContainText('$75,000');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `job-filters-${clientEmail}-${format(new Date(), 'yyyy-MM-dd')}.json`,
  );
  expect(JSON.parse(readFileSync(await download.path(), 'utf8'))).toEqual(EXPECTED_FILTERS);
  await expect(toast(page, 'Filters JSON downloaded successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Save to Database' }).click();
  await expect(toast(page, /^Filters saved to database successfully! Document ID: [\w-]+$/)).toBeVisible();
  await expect(existing.getByRole('heading', { name: 'Data Engineer', exact: true })).toBeVisible();
  await expect(existing.getByRole('heading', { name: 'Analytics Engineer', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save to Database' })).toHaveCount(0);

  // Without SMTP the welcome e-mail waits in the outbox, and the page says so.
  await page.getByRole('button', { name: 'Send Welcome Email', exact: true }).click();
  await expect(
    toast(page, `Welcome email to ${clientEmail} saved to the outbox, not sent (SMTP not configured)`),
  ).toBeVisible();
  const outbox = page.getByRole('list', { name: 'Outbox messages' });
  await expect(outbox.getByRole('listitem')).toHaveCount(1);
  await expect(outbox).toContainText('Queued (not sent yet)');
  await expect(outbox).toContainText('Last error: SMTP not configured: kept in the outbox, not sent');
  await expect(outbox).not.toContainText(/\bSent\b/);

  const readButton = outbox.getByRole('button', { name: /^Read / });
  await readButton.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`To ${clientEmail}`);
  await expect(dialog.frameLocator('iframe').getByText(/onboarding SLA is 72 hours/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(readButton).toBeFocused();

  // The client's own outbox retries and cancels as the team's does.
  const queued = outbox.getByRole('listitem');
  await queued.getByRole('button', { name: /^Retry now:/ }).click();
  await expect(toast(page, '(SMTP not configured: kept in the outbox, not sent)')).toBeVisible();
  await expect(queued).toContainText('Queued (not sent yet)');
  await queued.getByRole('button', { name: /^Cancel / }).click();
  const cancelling = page.getByRole('dialog', { name: 'Cancel this e-mail?' });
  await expect(cancelling).toContainText(`to ${clientEmail} will never be sent.`);
  await cancelling.getByRole('button', { name: 'Cancel E-mail' }).click();
  await expect(toast(page, /^Cancelled: /)).toBeVisible();
  await expect(queued).toContainText('Cancelled');
  await expect(queued.getByRole('button', { name: /^(Retry now:|Cancel )/ })).toHaveCount(0);
  const outboxCard = page.getByRole('region', { name: 'Outbox' });
  await outboxCard.screenshot({ path: test.info().outputPath('client-outbox-1280.png') });

  // Nothing reaches the client shown while the box names someone else, nor while their search runs:
  // Send, pressed then, would go to this client and not to the one typed.
  const sendWelcome = page.getByRole('button', { name: 'Send Welcome Email', exact: true });
  const held = page.getByText(`Until then, the client below (${clientEmail}) cannot be acted on.`);
  const otherEmail = `someone.else.${Date.now()}@example.com`;
  await search.fill(otherEmail);
  await expect(held).toContainText('Search to show the client the box names.');
  await sendWelcome.focus();
  await expect(sendWelcome).not.toBeFocused();
  await search.fill(clientEmail);
  await expect(held).toHaveCount(0);
  await sendWelcome.focus();
  await expect(sendWelcome).toBeFocused();
  // A search held on its way, as on a slow network.
  let answerSearch = () => {};
  const searchAnswered = new Promise<void>((resolve) => {
    answerSearch = resolve;
  });
  await page.route('**/api/admin/user-email-management', async (route) => {
    if (route.request().postDataJSON()?.email === otherEmail) await searchAnswered;
    await route.fallback();
  });
  await search.fill(otherEmail);
  await search.press('Enter');
  await expect(held).toContainText(`Searching for ${otherEmail}...`);
  // Inert: neither focus nor a click reaches the client shown before.
  await sendWelcome.focus();
  await expect(sendWelcome).not.toBeFocused();
  await page.screenshot({ path: test.info().outputPath('admin-search-running-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(held).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('admin-search-running-390.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  answerSearch();
  // Nobody has that address: the client shown before goes, and staff search them again. The API
  // client reports the refused search on the console.
  browserProblems.allow(
    /status of 404 \(Not Found\) \(.*\/api\/admin\/user-email-management\)|HTTP error 404/,
  );
  await expect(userInformation).toHaveCount(0);
  await page.unroute('**/api/admin/user-email-management');
  await search.fill(clientEmail);
  await search.press('Enter');
  await expect(userInformation).toContainText('All Required Filled');

  // A broken file names the row and field, and nothing is imported.
  await chooseJobsFile(page, 'broken.csv', BROKEN_CSV);
  await page.getByRole('button', { name: 'Import Jobs' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
  await expect(problems).toContainText('Nothing was imported: the file has 1 problem.');
  await expect(problems).toContainText('Row 1, max_salary:');
  const jobs = page.getByRole('region', { name: 'Client Jobs' });
  await expect(jobs).toContainText('No jobs assigned to this client yet.');

  await chooseJobsFile(page, 'jobs.csv', JOBS_CSV);
  await page.getByRole('button', { name: 'Import Jobs' }).click();
  await expect(jobs.getByText('Imported 2 new jobs, updated 0 and merged 0.', { exact: true })).toBeVisible();
  const jobTable = jobs.getByRole('table', { name: 'Client jobs' });
  await expect(jobTable.getByRole('row')).toHaveCount(3);
  const analytics = jobTable.getByRole('row').filter({ hasText: 'Analytics Engineer' });
  await expect(analytics).toContainText('Globex');
  await expect(analytics).toContainText('Nov 21');

  // Mark one applied and write a note.
  // The box shows the change once the list holds it (a moment later), so click and wait for it.
  const applied = analytics.getByRole('checkbox', { name: 'Applied: Analytics Engineer at Globex' });
  await applied.click();
  await expect(applied).toBeChecked();
  await analytics.getByRole('button', { name: /edit the analyst notes/ }).click();
  await analytics
    .getByRole('textbox', { name: 'Analyst notes for Analytics Engineer at Globex' })
    .fill('Referred by a friend: https://example.com/ref');
  await analytics.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Analyst notes saved')).toBeVisible();

  // axe cannot run inside the e-mail frames: they are sandboxed against every script. Their titles
  // are checked above.
  await expectAccessible(page, { exclude: ['iframe'] });

  // Everything fits a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(userInformation).toBeVisible();
  await expectNoSidewaysScroll(page);
  await outboxCard.screenshot({ path: test.info().outputPath('client-outbox-390.png') });

  // The client sees the jobs staff put in front of them, with what staff set.
  const clientJobs = await clientPage.request.get('/api/my-jobs', {
    headers: { authorization: `Bearer ${await accessToken(clientPage)}` },
  });
  const data = jobListItems(await clientJobs.json());
  expect(data.map((job) => [job.data_job_title, job.applied_for_job, job.analyst_notes])).toEqual([
    ['Analytics Engineer', true, 'Referred by a friend: https://example.com/ref'],
    ['Senior Data Engineer', false, null],
  ]);
  await clientContext.close();
});

test('a client who opens /admin is told it is for staff only', async ({ page }) => {
  await signIn(page, `curious.${Date.now()}@example.com`, { firstName: 'Curt' });
  await page.goto('/admin');
  await expect(page.getByRole('alert')).toHaveText(ACCESS_DENIED);
  await expect(page.getByLabel('Client email')).toHaveCount(0);
  await expectAccessible(page);
});
