/** A client takes their data (jobs as CSV, everything as JSON) and deletes their account. */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { JOB_EXPORT_COLUMNS } from '../packages/domain/src/jobs-export.ts';
import { signInAsNewClient } from './client-area-seed.ts';
import { expect, expectAccessible, expectNoSidewaysScroll, toast } from './fixtures.ts';
import { listJobs, signInClientWithJobs, test } from './jobs-seed.ts';

const today = new Date().toISOString().slice(0, 10);
const JOBS = [
  {
    job_uid: 'd-1',
    data_job_title: '=cmd|calc',
    data_company: 'Initech',
    refresh_date: today,
    applied_for_job: true,
  },
  { job_uid: 'd-2', data_job_title: 'Data Steward', data_company: 'Hooli', refresh_date: today },
];

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

for (const size of WIDTHS) {
  test(`a client exports their jobs and their data, then deletes their account (${size.width})`, async ({
    staff,
    page,
    browserProblems,
  }) => {
    // Refused on purpose (a wrong e-mail typed), and the deleted account's last calls.
    browserProblems.allow(/status of 422|HTTP error 422|status of 401|HTTP error 401/);
    await page.setViewportSize(size);
    const { email } = await signInClientWithJobs(page, staff, JOBS);

    await page.goto('/myjobs');
    await expect(page.getByRole('button', { name: 'Data Steward', exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expectNoSidewaysScroll(page);
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(csv.name).toMatch(/^my-jobs-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(JOB_EXPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    // A title that would run as a formula in a spreadsheet arrives as text.
    expect(csv.text).toContain(",'=cmd|calc,");
    await page.screenshot({ path: test.info().outputPath(`myjobs-export-${size.width}.png`) });

    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Your Data' });
    await expect(card).toBeVisible();
    const json = await downloaded(page, () => card.getByRole('button', { name: 'Download My Data' }).click());
    const data = JSON.parse(json.text);
    expect(data.profile.email).toBe(email);
    expect(data.jobs.map((job: { data_job_title: string }) => job.data_job_title).sort()).toEqual([
      '=cmd|calc',
      'Data Steward',
    ]);
    await expectNoSidewaysScroll(page);

    await card.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    const typed = dialog.getByLabel('Type the e-mail address you sign in with');
    await expect(typed).toBeFocused();
    await typed.fill('someone-else@example.com');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(
      dialog.getByText('Type the e-mail address you sign in with to delete your account.'),
    ).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`delete-dialog-${size.width}.png`) });
    await typed.fill(email);
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(toast(page, 'Account Deleted')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();

    // Signing in again with the same e-mail starts from nothing: onboarding from the welcome, no jobs.
    await signInAsNewClient(page, email);
    expect(await listJobs(page)).toEqual([]);
  });
}
