/** A client follows their applications on My Job Stats. */
import type { Page } from '@playwright/test';
import { filterJobs, sortJobs } from '../packages/domain/src/jobs.ts';
import { expect, expectAccessible, toast } from './fixtures.ts';
import { JOURNEY_JOB_COUNT, journeyJobs, signInClientWithJobs, test } from './jobs-seed.ts';

const statsTable = (page: Page) => page.getByRole('table', { name: 'Approved Job Applications' });

test('a client sees totals and approved applications that match their jobs', async ({ staff, page }) => {
  const { jobs } = await signInClientWithJobs(page, staff);
  await page.goto('/job-stats');
  await expect(page.getByRole('heading', { name: 'My Job Stats' })).toBeVisible();
  await expect(page.getByText('View statistics for your approved job applications')).toBeVisible();
  const applied = jobs.filter((job) => job.applied_for_job).length;
  await expect(page.getByText(`Total Applied Jobs: ${applied}`, { exact: true })).toBeVisible();
  // The total is larger than the approved applications listed, and says why.
  const rejectedApplied = jobs.filter((job) => job.applied_for_job && job.client_approval === 'rejected');
  expect(rejectedApplied.length).toBeGreaterThan(1);
  await expect(
    page.getByText(
      `The total includes ${rejectedApplied.length} jobs you rejected, which the table below lists with Decision: All.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Approved Job Applications' })).toBeVisible();

  // Listed by default: applied and not rejected.
  const approved = sortJobs(
    filterJobs(jobs, { status: 'applied', decision: 'not_rejected', date: 'all' }, new Date()),
  );
  expect(approved.length).toBeGreaterThan(0);
  expect(approved.length).toBeLessThan(applied);
  await expect(page.getByText(`${approved.length} of ${JOURNEY_JOB_COUNT} jobs shown`)).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('applied');
  await expect(page.getByLabel('Decision', { exact: true })).toHaveValue('not_rejected');

  const headers = await statsTable(page).getByRole('columnheader').allTextContents();
  expect(headers.slice(0, 11)).toEqual([
    'S.No',
    'REFRESHED',
    'Job Title',
    'Company',
    'Your Decision',
    'Notes',
    'Analyst Notes',
    'Status',
    'Outcome',
    'View Details',
    'Apply',
  ]);
  expect(headers.slice(11)).toEqual(['Max Salary', 'City', 'State', 'Country', 'Posted']);
  await expect(statsTable(page).getByRole('checkbox')).toHaveCount(0);
  const firstRow = statsTable(page).locator('tbody tr').first();
  const first = approved[0]!;
  await expect(firstRow.getByRole('cell').nth(2)).toHaveText(first.data_job_title ?? '');
  await expect(firstRow.getByRole('cell').nth(4)).toHaveText('Approved');
  await expect(firstRow.getByRole('cell').nth(7)).toHaveText('Applied');
  await expect(page.getByRole('figure', { name: 'Jobs per Week by Status' })).toBeVisible();
  await expectAccessible(page);

  // Notes can be kept here too.
  await firstRow.getByRole('button', { name: 'Add Notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Job Notes' });
  await dialog.getByPlaceholder('Add your notes about this job...').fill('Interview on Friday');
  await dialog.getByRole('button', { name: 'Save Notes' }).click();
  await expect(toast(page, 'Notes Saved')).toBeVisible();
  await expect(firstRow.getByRole('button', { name: 'View Notes' })).toBeVisible();

  // As the note under the total says: with Decision at All, the table lists every applied job.
  await page.getByLabel('Decision', { exact: true }).selectOption('all');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText(`${applied} of ${JOURNEY_JOB_COUNT} jobs shown`)).toBeVisible();
});

test('a client without jobs is told they will appear once assigned', async ({ staff, page }) => {
  await signInClientWithJobs(page, staff, []);
  await page.goto('/job-stats');
  await expect(page.getByRole('heading', { name: 'No jobs assigned yet' })).toBeVisible();
  await expect(
    page.getByText('Jobs will appear here once they are assigned to you by our team'),
  ).toBeVisible();
  await expect(page.getByText('Total Applied Jobs: 0', { exact: true })).toBeVisible();
  await expect(page.getByText(/^The total includes/)).toHaveCount(0);
  await expectAccessible(page);
});

test('a client whose jobs are not applied yet is told no job matches the filters', async ({
  staff,
  page,
}) => {
  // One job, not applied yet: nothing matches the default filter.
  const onlyPending = journeyJobs()
    .filter((job) => job.applied_for_job === false)
    .slice(0, 1);
  await signInClientWithJobs(page, staff, onlyPending);
  await page.goto('/job-stats');
  await expect(page.getByRole('heading', { name: 'No jobs match your filters' })).toBeVisible();
  await expect(page.getByText('Try adjusting your filter settings above')).toBeVisible();
});

test('a signed-out visitor is sent to the start', async ({ page }) => {
  await page.goto('/job-stats');
  // The start page, remembering the page asked for so that signing in returns to it.
  await expect(page).toHaveURL('/?redirect_to=%2Fjob-stats');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});
