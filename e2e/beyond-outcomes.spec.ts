/** A client records what came of an application, sees it in the funnel, and reads the job's history. */
import { expect, expectAccessible, expectNoSidewaysScroll, toast } from './fixtures.ts';
import { signInClientWithJobs, test } from './jobs-seed.ts';

const today = new Date().toISOString().slice(0, 10);
const JOBS = [
  {
    job_uid: 'o-1',
    data_job_title: 'Applied Platform Role',
    data_company: 'Initech',
    refresh_date: today,
    applied_for_job: true,
  },
  {
    job_uid: 'o-2',
    data_job_title: 'Second Applied Role',
    data_company: 'Hooli',
    refresh_date: today,
    applied_for_job: true,
  },
  { job_uid: 'o-3', data_job_title: 'Not Yet Applied Role', data_company: 'Globex', refresh_date: today },
];

const WIDTHS = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

for (const size of WIDTHS) {
  test(`a client records an interview and sees it in the funnel and the job's history (${size.width})`, async ({
    staff,
    page,
  }) => {
    await page.setViewportSize(size);
    await signInClientWithJobs(page, staff, JOBS);
    await page.goto('/myjobs');
    // A table on wide screens, cards under 768 px.
    const table = page.getByRole(size.width >= 768 ? 'table' : 'list', { name: 'Your jobs' });
    await expect(table.getByRole('button', { name: 'Applied Platform Role', exact: true })).toBeVisible({
      timeout: 15_000,
    });
    // Only applied jobs have an outcome to record.
    await expect(table.getByRole('button', { name: /^Record outcome for / })).toHaveCount(2);

    await table.getByRole('button', { name: 'Record outcome for Applied Platform Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Outcome' });
    await expect(dialog.getByLabel('Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await dialog.getByRole('radio', { name: 'Interview' }).check();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`outcome-dialog-${size.width}.png`) });
    await dialog.getByRole('button', { name: 'Save Outcome' }).click();
    await expect(toast(page, 'Outcome Saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    const saved = table.getByRole('button', { name: /^Outcome for Applied Platform Role: Interview, / });
    await expect(saved).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The details pop-up shows the outcome and the job's history, newest first.
    await table.getByRole('button', { name: 'Applied Platform Role', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Applied Platform Role' });
    await expect(details.getByRole('region', { name: 'Outcome' }).getByRole('button')).toHaveText(
      /^Interview, /,
    );
    const history = details.getByRole('list', { name: 'Job history, newest first' }).getByRole('listitem');
    await expect(history).toHaveCount(3);
    await expect(history.nth(0)).toContainText('Outcome recorded: Interview');
    await expect(history.nth(0)).toContainText('You ·');
    await expect(history.nth(1)).toContainText('Applied');
    await expect(history.nth(1)).toContainText('Your team ·');
    await expect(history.nth(2)).toContainText('Assigned to you');
    await details.getByRole('region', { name: 'History' }).scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`history-${size.width}.png`) });
    await page.keyboard.press('Escape');

    // The funnel on My Job Stats counts it.
    await page.goto('/job-stats');
    const funnel = page.getByRole('region', { name: 'Outcomes' });
    await expect(funnel).toBeVisible();
    const stage = (label: string) =>
      funnel.getByRole('definition').nth(['Applied', 'Responses', 'Interviews', 'Offers'].indexOf(label));
    await expect(stage('Applied')).toHaveText('2');
    await expect(stage('Responses')).toHaveText('1 (50%)');
    await expect(stage('Interviews')).toHaveText('1 (50%)');
    await expect(stage('Offers')).toHaveText('0 (0%)');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await funnel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`funnel-${size.width}.png`) });
  });
}
