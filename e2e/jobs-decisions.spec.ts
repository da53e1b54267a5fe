/**
 * A client decides on the jobs our team assigned: rejects and restores them one by one and in bulk,
 * keeps notes, and is told exactly what failed when the server refuses a change.
 */
import type { Page } from '@playwright/test';
import { sortJobs } from '../packages/domain/src/jobs.ts';
import { expect, expectAccessible, expectNoSidewaysScroll, toast } from './fixtures.ts';
import { DETAILED_TITLE, signInClientWithJobs, test, UNSAVED_NOTES_BACK } from './jobs-seed.ts';

const jobsTable = (page: Page) => page.getByRole('table', { name: 'Your jobs' });
/** The row of the job with this title. */
const rowOf = (page: Page, title: string) =>
  jobsTable(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
/** The row at this serial number (the header is row 1). */
const rowAt = (page: Page, serialNumber: number) =>
  jobsTable(page).locator(`tbody tr[aria-rowindex="${serialNumber + 1}"]`);

async function openMyJobs(page: Page) {
  await page.goto('/myjobs');
  await expect(jobsTable(page).locator('tbody tr').first()).toBeVisible();
}

/** A toast with its title and description. */
const toastWith = (page: Page, title: string, description: string) =>
  toast(page, title).filter({ hasText: description });

test('a client rejects a job and restores it, and both survive a reload', async ({ staff, page }) => {
  const { jobs } = await signInClientWithJobs(page, staff);
  const job = sortJobs(jobs).find(
    (candidate) => candidate.client_approval === 'pending' && !candidate.applied_for_job,
  );
  const title = job?.data_job_title ?? '';
  await openMyJobs(page);
  const row = rowOf(page, title);
  await expect(row.getByRole('cell').nth(8)).toHaveText('Pending');

  // A second click while the first is in flight is ignored: one double click rejects once. The
  // answer is held back, so the second click surely lands while the first is still on its way.
  let decisionsSent = 0;
  await page.route('**/api/my-jobs/*/approval', async (route) => {
    decisionsSent++;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().endsWith('/approval'));
  await row.getByRole('button', { name: /^Reject / }).dblclick();
  await expect(row.getByRole('button', { name: /^Rejected / })).toBeVisible();
  await expect(row.getByRole('cell').nth(8)).toHaveText('Rejected');
  await answered;
  await page.unroute('**/api/my-jobs/*/approval');
  expect(decisionsSent).toBe(1);
  await page.reload();
  await expect(rowOf(page, title).getByRole('button', { name: /^Rejected / })).toBeVisible();

  await rowOf(page, title)
    .getByRole('button', { name: /^Rejected / })
    .click();
  await expect(rowOf(page, title).getByRole('button', { name: /^Reject / })).toBeVisible();
  await expect(rowOf(page, title).getByRole('cell').nth(8)).toHaveText('Pending');
  await page.reload();
  await expect(rowOf(page, title).getByRole('button', { name: /^Reject / })).toBeVisible();
});

test('a decision on a job the team has just removed says so, and the list drops the job', async ({
  staff,
  page,
  browserProblems,
}) => {
  browserProblems.allow(/404/);
  const { email, jobs } = await signInClientWithJobs(page, staff);
  const sorted = sortJobs(jobs);
  const job = sorted[2];
  const title = job?.data_job_title ?? '';
  await openMyJobs(page);
  const row = rowOf(page, title);
  await expect(row.getByRole('button', { name: /^Reject / })).toBeVisible();

  // Staff take the job back after the page has loaded it.
  await staff.deleteJob(email, job?.id ?? '');
  await row.getByRole('button', { name: /^Reject / }).click();
  await expect(
    toastWith(page, 'Update Failed', `Failed to update S.No 3 (${title}): Job not found`),
  ).toBeVisible();
  // The list, read again, shows what the server holds: the job is gone.
  await expect(row).toHaveCount(0);
  await expect(page.getByText(`${jobs.length - 1} of ${jobs.length - 1} jobs shown`)).toBeVisible();
});

test('a client rejects several jobs at once and clears the rejections', async ({ staff, page }) => {
  await signInClientWithJobs(page, staff);
  await openMyJobs(page);
  const serials = [1, 2, 3];
  const titles: string[] = [];
  for (const serial of serials) {
    titles.push((await rowAt(page, serial).getByRole('cell').nth(4).textContent()) ?? '');
    await rowAt(page, serial).getByRole('checkbox').check();
  }
  const bulkBar = page.getByRole('region', { name: 'Selected jobs' });
  await expect(bulkBar.getByText('3 job(s) selected')).toBeVisible();
  // A reload keeps the choice.
  await page.reload();
  await expect(bulkBar.getByText('3 job(s) selected')).toBeVisible();
  await expect(rowAt(page, 1).getByRole('checkbox')).toBeChecked();
  await bulkBar.getByRole('button', { name: 'Reject All' }).click();
  // Success clears the selection.
  await expect(bulkBar).toBeHidden();
  for (const title of titles) {
    await expect(rowOf(page, title).getByRole('button', { name: /^Rejected / })).toBeVisible();
  }
  await page.reload();
  for (const title of titles) {
    await expect(rowOf(page, title).getByRole('button', { name: /^Rejected / })).toBeVisible();
    await rowOf(page, title).getByRole('checkbox').check();
  }
  await bulkBar.getByRole('button', { name: 'Clear Rejections' }).click();
  await expect(bulkBar).toBeHidden();
  await page.reload();
  for (const title of titles) {
    await expect(rowOf(page, title).getByRole('button', { name: /^Reject / })).toBeVisible();
  }

  // Select all selects every job shown; Clear Selection forgets them.
  await page.getByRole('checkbox', { name: 'Select all jobs shown' }).check();
  await expect(bulkBar.getByText('300 job(s) selected')).toBeVisible();
  await bulkBar.getByRole('button', { name: 'Clear Selection' }).click();
  await expect(bulkBar).toBeHidden();
  await expect(rowAt(page, 1).getByRole('checkbox')).not.toBeChecked();
});

test('a bulk rejection the server partly refuses names the job it no longer has, keeps the other rejected and drops the gone one', async ({
  staff,
  page,
}) => {
  const { email, jobs } = await signInClientWithJobs(page, staff);
  const [first, second] = sortJobs(jobs);
  await openMyJobs(page);
  await rowAt(page, 1).getByRole('checkbox').check();
  await rowAt(page, 2).getByRole('checkbox').check();
  await staff.deleteJob(email, second?.id ?? '');
  const bulkBar = page.getByRole('region', { name: 'Selected jobs' });
  await bulkBar.getByRole('button', { name: 'Reject All' }).click();
  await expect(toastWith(page, 'Bulk Update Failed', 'Failed to update S.No: 2')).toBeVisible();
  await expect(
    rowOf(page, first?.data_job_title ?? '').getByRole('button', { name: /^Rejected / }),
  ).toBeVisible();
  // The job the team removed leaves the list (it is read again), and with it the selection.
  await expect(rowOf(page, second?.data_job_title ?? '')).toHaveCount(0);
  await expect(bulkBar.getByText('1 job(s) selected')).toBeVisible();
});

test('a client writes notes on a job and finds them after a reload', async ({ staff, page }) => {
  await signInClientWithJobs(page, staff);
  await openMyJobs(page);
  const notes = 'Ask about the on-call rota.\nReferral: Dana';
  await rowOf(page, DETAILED_TITLE).getByRole('button', { name: 'Add Notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Job Notes' });
  const textarea = dialog.getByPlaceholder('Add your notes about this job...');
  await expect(textarea).toHaveAttribute('rows', '6');
  await textarea.fill('Not saved');
  // Closed by a click outside, the dialog keeps what was typed for the next opening, after a reload too.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await page.reload();
  await rowOf(page, DETAILED_TITLE).getByRole('button', { name: 'Add Notes' }).click();
  await expect(textarea).toHaveValue('Not saved');
  await expect(dialog.getByText(UNSAVED_NOTES_BACK)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('notes-draft-back-1280.png') });
  // Cancel discards it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(rowOf(page, DETAILED_TITLE).getByRole('button', { name: 'Add Notes' })).toBeFocused();

  await rowOf(page, DETAILED_TITLE).getByRole('button', { name: 'Add Notes' }).click();
  await expect(textarea).toHaveValue('');
  await expect(dialog.getByText(UNSAVED_NOTES_BACK)).toHaveCount(0);
  await textarea.fill(notes);
  await dialog.getByRole('button', { name: 'Save Notes' }).click();
  await expect(toastWith(page, 'Notes Saved', 'Your notes have been saved successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, DETAILED_TITLE).getByRole('button', { name: 'View Notes' })).toBeVisible();

  await page.reload();
  await rowOf(page, DETAILED_TITLE).getByRole('button', { name: 'View Notes' }).click();
  await expect(textarea).toHaveValue(notes);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await rowOf(page, DETAILED_TITLE).getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: DETAILED_TITLE });
  // The last value of Your Status is the notes.
  await expect(details.getByRole('region', { name: 'Your Status' }).locator('dd').last()).toHaveText(notes);
});

test('notes too long, or refused by the server, stay in the dialog with the reason', async ({
  staff,
  page,
  browserProblems,
}) => {
  browserProblems.allow(/status of 503|HTTP error 503/);
  await signInClientWithJobs(page, staff);
  await openMyJobs(page);
  await rowOf(page, DETAILED_TITLE).getByRole('button', { name: 'Add Notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Job Notes' });
  const notes = dialog.getByPlaceholder('Add your notes about this job...');
  // Longer than the server accepts: said before asking it.
  await notes.fill('x'.repeat(5001));
  await expect(dialog.getByText('Notes must be at most 5000 characters')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save Notes' })).toBeDisabled();
  await expect(notes).toHaveAccessibleDescription('Notes must be at most 5000 characters');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`notes-too-long-${width}.png`) });
  }

  await notes.fill('Call back on Monday');
  await page.route('**/api/my-jobs/*/notes', (route) =>
    route.fulfill({ status: 503, json: { error: 'The service is busy. Please try again in a minute.' } }),
  );
  await dialog.getByRole('button', { name: 'Save Notes' }).click();
  await expect(toast(page, 'Save Failed')).toContainText(
    'The service is busy. Please try again in a minute.',
  );
  await expect(dialog).toBeVisible();
  await expect(notes).toHaveValue('Call back on Monday');
});
