/**
 * The job pages fit the screen: on a laptop every column can be reached with the job title in view;
 * on a phone each job is a card that says what it is before offering any action. Filters and sort
 * live in the address; row controls name their job; dialogs and the skip link serve the keyboard.
 */
import type { Locator, Page } from '@playwright/test';
import { format } from 'date-fns';
import { filterJobs, type JobListItem, sortJobs } from '../packages/domain/src/jobs.ts';
import { expect, expectAccessible, expectNoSidewaysScroll } from './fixtures.ts';
import {
  firstRowInView,
  JOURNEY_JOB_COUNT,
  journeyJobs,
  pickDay,
  restingFirstRowInView,
  signInClientWithJobs,
  test,
  UNSAVED_NOTES_BACK,
} from './jobs-seed.ts';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const jobsTable = (page: Page) => page.getByRole('table', { name: 'Your jobs' });
const jobCards = (page: Page) => page.getByRole('list', { name: 'Your jobs' }).getByRole('listitem');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameOf = (job: JobListItem) => `${job.data_job_title} at ${job.data_company}`;

/** The place (1-based) of the first card showing at the top of the screen, even in part. */
const firstCardInView = (page: Page) =>
  page.evaluate(() => {
    const cards = [...document.querySelectorAll('li[aria-posinset]')].filter(
      (card) => card.getBoundingClientRect().bottom > 1,
    );
    return Math.min(...cards.map((card) => Number(card.getAttribute('aria-posinset'))));
  });

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled' });
}

/** Every button and link in `scope` holds its label: nothing is wider than its box. */
async function expectLabelsInside(scope: Locator) {
  const spilled = await scope
    .locator('button, a')
    .evaluateAll((controls) =>
      controls
        .filter((control) => control.scrollWidth > control.clientWidth + 1)
        .map((control) => control.textContent),
    );
  expect(spilled).toEqual([]);
}

test('on a laptop every column can be reached with the job title in view', async ({ staff, page }) => {
  await page.setViewportSize(LAPTOP);
  const { jobs } = await signInClientWithJobs(page, staff);
  await page.goto('/myjobs');
  const table = jobsTable(page);
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  // Every column the spec lists (other columns may sit between them).
  const headers = await table.getByRole('columnheader').allTextContents();
  const specColumns = [
    'S.No',
    'Refreshed',
    'Your Decision',
    'Job Title',
    'Company',
    'Notes',
    'Analyst Notes',
    'Status',
    'View Details',
    'Apply',
    'Max Salary',
    'City',
    'State',
    'Country',
    'Posted',
  ];
  expect(headers.filter((header) => specColumns.includes(header))).toEqual(specColumns);
  await expectLabelsInside(table);
  await screenshot(page, 'myjobs-1280');

  // Scrolled all the way to the last column, the first job's title is still on screen beside it.
  const first = sortJobs(jobs)[0]!;
  const scroller = table.locator('xpath=..');
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  const box = (await scroller.boundingBox())!;
  const title = table.getByRole('button', { name: first.data_job_title ?? '', exact: true });
  const titleBox = (await title.boundingBox())!;
  expect(titleBox.x).toBeGreaterThanOrEqual(box.x);
  expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(box.x + box.width);
  await expect(table.getByRole('columnheader', { name: 'Posted' })).toBeInViewport();
  // The title is the element at its own place, not covered by the columns sliding under it.
  const covering = await title.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return (
      document.elementFromPoint(rect.left + 4, rect.top + rect.height / 2)?.closest('button') === element
    );
  });
  expect(covering).toBe(true);
  await screenshot(page, 'myjobs-1280-scrolled');

  // Row controls say which job they act on.
  const row = table.locator('tbody tr').first();
  await expect(row.getByRole('button', { name: `Reject ${nameOf(first)}`, exact: true })).toBeVisible();
  await expect(row.getByRole('checkbox', { name: `Select ${nameOf(first)}`, exact: true })).toBeVisible();
  await expect(
    row.getByRole('button', { name: `View Details of ${nameOf(first)}`, exact: true }),
  ).toBeAttached();
  await expect(
    row.getByRole('button', { name: new RegExp(`^(Add|View) Notes for ${escapeRegExp(nameOf(first))}$`) }),
  ).toBeAttached();

  // Far down the list, a reload and a visit elsewhere followed by Back open the list where it was.
  await scroller.evaluate((element) => element.scrollTo({ left: 0, top: 150 * 64 }));
  const place = await restingFirstRowInView(table, 140);
  await page.reload();
  await expect.poll(() => firstRowInView(table)).toBe(place);
  await page.getByRole('link', { name: 'My Job Stats' }).first().click();
  await expect(page).toHaveURL(/\/job-stats$/);
  await expect(page.getByRole('table', { name: /jobs/i }).locator('tbody tr').first()).toBeVisible();
  await page.goBack();
  await expect.poll(() => firstRowInView(table)).toBe(place);
  await screenshot(page, 'myjobs-1280-place-kept');

  // A control holding keyboard focus keeps it while the rows scroll far past its row.
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  const firstBox = table.getByRole('checkbox', { name: `Select ${nameOf(first)}`, exact: true });
  await firstBox.focus();
  await scroller.evaluate((element) => element.scrollTo({ top: 200 * 64 }));
  await expect.poll(() => firstRowInView(table)).toBeGreaterThan(150);
  await expect(firstBox).toBeFocused();
});

test('on a phone each job is a card that says what it is before any action', async ({ staff, page }) => {
  await page.setViewportSize(PHONE);
  const { jobs } = await signInClientWithJobs(page, staff);
  await page.goto('/myjobs');
  const card = jobCards(page).first();
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page);
  const first = sortJobs(jobs)[0]!;
  await expect(card.getByRole('button', { name: first.data_job_title ?? '', exact: true })).toBeVisible();
  await expect(card.getByText(first.data_company ?? '', { exact: true })).toBeVisible();
  await expect(
    card
      .getByRole('definition')
      .filter({ hasText: /^(Applied|Rejected|Pending)$/ })
      .first(),
  ).toBeVisible();

  // Title, company, status and decision come before the first action, in reading order and on screen.
  const reject = card.getByRole('button', { name: `Reject ${nameOf(first)}`, exact: true });
  const facts = await card.evaluate((element) => element.textContent ?? '');
  const rejectAt = facts.indexOf('Reject');
  for (const fact of [
    first.data_job_title ?? '',
    first.data_company ?? '',
    'Status',
    'Your Decision',
    'Pending',
  ]) {
    expect(facts.indexOf(fact), `${fact} before the first action`).toBeGreaterThanOrEqual(0);
    expect(facts.indexOf(fact), `${fact} before the first action`).toBeLessThan(rejectAt);
  }
  await reject.scrollIntoViewIfNeeded();
  const rejectY = (await reject.boundingBox())!.y;
  for (const fact of [
    card.getByRole('button', { name: first.data_job_title ?? '', exact: true }),
    card.getByText('Your Decision'),
  ]) {
    expect((await fact.boundingBox())!.y).toBeLessThan(rejectY);
  }
  await expectLabelsInside(page.getByRole('list', { name: 'Your jobs' }));
  await screenshot(page, 'myjobs-390');
  await expectAccessible(page);

  // The cards scroll with the page, not in a box of their own: a swipe far down moves the page, and
  // the cards there are drawn.
  await page.mouse.move(195, 600);
  await page.mouse.wheel(0, 15_000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(12_000);
  const positionInView = await page.evaluate(() =>
    document.elementFromPoint(195, 500)?.closest('li[aria-posinset]')?.getAttribute('aria-posinset'),
  );
  expect(Number(positionInView)).toBeGreaterThan(30);
  const deepCard = page
    .getByRole('list', { name: 'Your jobs' })
    .locator(`li[aria-posinset="${positionInView}"]`);
  // A card chosen there keeps the selection's actions in reach, at the top of the screen.
  await deepCard.getByRole('checkbox').check();
  const selection = page.getByRole('region', { name: 'Selected jobs' });
  await expect(selection.getByText('1 job(s) selected')).toBeInViewport();
  await expect(selection.getByRole('button', { name: 'Reject All' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'myjobs-selected-far-down-390');
  // Clearing the choice there leaves the cards where they were; focus goes on to Select all.
  await selection.getByRole('button', { name: 'Clear Selection' }).click();
  await expect(selection).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Select all jobs shown' })).toBeFocused();
  await expect(deepCard).toBeInViewport();

  // A reload (as when a phone brings back a tab it put away) opens the list at the same card.
  const place = await firstCardInView(page);
  expect(place).toBeGreaterThan(30);
  await page.reload();
  await expect.poll(() => firstCardInView(page)).toBe(place);
  await screenshot(page, 'myjobs-390-place-kept');

  // A control holding keyboard focus keeps it while the page scrolls far past its card.
  const focusedBox = page
    .getByRole('list', { name: 'Your jobs' })
    .locator(`li[aria-posinset="${place}"]`)
    .getByRole('checkbox');
  await focusedBox.focus();
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await expect.poll(() => firstCardInView(page)).toBe(1);
  await expect(focusedBox).toBeFocused();

  // Sorting has its own controls here, and the order lands in the address.
  await page.getByLabel('Sort by').selectOption({ label: 'Company' });
  await page.getByLabel('Order').selectOption({ label: 'Descending' });
  await expect(page).toHaveURL(/[?&]sort=-data_company(&|$)/);
  const byCompany = sortJobs(jobs, { column: 'data_company', direction: 'desc' })[0]!;
  await expect(
    jobCards(page)
      .first()
      .getByRole('button', { name: byCompany.data_job_title ?? '', exact: true }),
  ).toBeVisible();

  // Rejecting from a card shows at once, on the card.
  const top = jobCards(page).first();
  const rejectTop = top.getByRole('button', { name: `Reject ${nameOf(byCompany)}`, exact: true });
  if (await rejectTop.isVisible()) {
    await rejectTop.click();
    await expect(
      top.getByRole('button', { name: `Rejected ${nameOf(byCompany)}`, exact: true }),
    ).toBeVisible();
  }

  // The notes dialog opens with the cursor in the notes, and passes axe.
  await top.getByRole('button', { name: /Notes for / }).click();
  const notes = page.getByRole('dialog', { name: 'Job Notes' });
  await expect(notes.getByPlaceholder('Add your notes about this job...')).toBeFocused();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await screenshot(page, 'notes-390');
  await notes.getByRole('textbox', { name: 'Notes' }).fill('Ask about the team');
  await page.keyboard.press('Escape');
  // Closed without saving, the notes come back as typed at the next opening, saying so, even after
  // the phone reloads the page (as it may for a tab it put away).
  await page.reload();
  await top.getByRole('button', { name: /Notes for / }).click();
  await expect(notes.getByRole('textbox', { name: 'Notes' })).toHaveValue('Ask about the team');
  await expect(notes.getByText(UNSAVED_NOTES_BACK)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'notes-draft-back-390');
  await notes.getByRole('button', { name: 'Cancel' }).click();

  // So does the details pop-up.
  await top.getByRole('button', { name: /^View Details of / }).click();
  const details = page.getByRole('dialog', { name: byCompany.data_job_title ?? '' });
  await expect(details.getByRole('region', { name: 'Job Information' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('filters and sort stay in the address through a reload, a shared link and Back', async ({
  staff,
  page,
  context,
}) => {
  await page.setViewportSize(LAPTOP);
  const { jobs } = await signInClientWithJobs(page, staff);
  await page.goto('/myjobs');
  await expect(jobsTable(page).locator('tbody tr').first()).toBeVisible();

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Applied' });
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/\/myjobs\?status=applied$/);
  const title = jobsTable(page).getByRole('columnheader', { name: 'Job Title', exact: true });
  await title.getByRole('button').click();
  await title.getByRole('button').click();
  await expect(page).toHaveURL(/\/myjobs\?status=applied&sort=-data_job_title$/);

  const expected = sortJobs(
    filterJobs(jobs, { status: 'applied', decision: 'all', date: 'all' }, new Date()),
    {
      column: 'data_job_title',
      direction: 'desc',
    },
  );
  const expectKept = async (shown: Page) => {
    await expect(shown.getByLabel('Status', { exact: true })).toHaveValue('applied');
    await expect(
      shown
        .getByRole('table', { name: 'Your jobs' })
        .getByRole('columnheader', { name: 'Job Title', exact: true }),
    ).toHaveAttribute('aria-sort', 'descending');
    await expect(shown.getByText(`${expected.length} of ${JOURNEY_JOB_COUNT} jobs shown`)).toBeVisible();
    await expect(
      shown
        .getByRole('table', { name: 'Your jobs' })
        .locator('tbody tr')
        .first()
        .getByRole('button', {
          name: expected[0]!.data_job_title ?? '',
          exact: true,
        }),
    ).toBeVisible();
  };

  await page.reload();
  await expectKept(page);

  const shared = await context.newPage();
  await shared.goto(page.url());
  await expectKept(shared);
  await shared.close();

  // Away and Back: the same list. Back once more: the list before the filter was applied.
  await page.getByRole('link', { name: 'My Job Stats' }).first().click();
  await expect(page).toHaveURL(/\/job-stats$/);
  await page.goBack();
  await expectKept(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/myjobs$/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('all');
  await expect(page.getByText(`${JOURNEY_JOB_COUNT} of ${JOURNEY_JOB_COUNT} jobs shown`)).toBeVisible();
});

test('a custom range can be cleared, and From after To is refused with a message', async ({
  staff,
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await signInClientWithJobs(page, staff);
  await page.goto('/myjobs');
  await page.getByLabel('Date', { exact: true }).selectOption({ label: 'Custom Date' });
  const later = new Date(Date.now() - 5 * 86_400_000);
  const earlier = new Date(Date.now() - 15 * 86_400_000);
  await pickDay(page, 'From', later);
  await pickDay(page, 'To', earlier);
  const message = page
    .getByRole('alert')
    .filter({ hasText: 'The From date must be on or before the To date.' });
  await expect(message).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply Filters' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^To / })).toHaveAttribute('aria-invalid', 'true');
  // However the bar wraps around the two dates, Refresh stays beside Apply Filters, never alone.
  const sideBySide = async () => {
    const apply = await page.getByRole('button', { name: 'Apply Filters' }).boundingBox();
    const refresh = await page.getByRole('button', { name: 'Refresh jobs' }).boundingBox();
    expect(refresh!.y).toBe(apply!.y);
  };
  await sideBySide();
  await expectAccessible(page);
  await screenshot(page, 'range-refused-1280');
  await page.setViewportSize(PHONE);
  await sideBySide();
  await screenshot(page, 'range-refused-390');
  await page.setViewportSize(LAPTOP);

  // Clearing To ends the refusal; the range applies with only From and lands in the address.
  await page.getByRole('button', { name: 'Clear To date' }).click();
  await expect(page.getByRole('button', { name: /^To Pick a date$/ })).toBeVisible();
  await expect(message).toBeHidden();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(new RegExp(`date=custom&from=${format(later, 'yyyy-MM-dd')}$`));
  await page.getByRole('button', { name: 'Clear From date' }).click();
  await expect(page.getByRole('button', { name: /^From Pick a date$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/\/myjobs\?date=custom$/);
});

test('the skip link moves past the jobs table', async ({ staff, page }) => {
  await page.setViewportSize(LAPTOP);
  await signInClientWithJobs(page, staff);
  await page.goto('/myjobs');
  await expect(jobsTable(page).locator('tbody tr').first()).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip past the jobs table' });
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('End of the jobs table')).toBeFocused();
});

test('counts carry thousands separators and the stats page fits a phone', async ({ staff, page }) => {
  // 1,200 jobs: the journey's 300, four times over, the copies applied (1,000 applied in all).
  const many = [0, 1, 2, 3].flatMap((copy) =>
    journeyJobs().map((job) => ({
      ...job,
      job_uid: `${job.job_uid}-${copy}`,
      data_job_title: `${job.data_job_title}.${copy}`,
      applied_for_job: copy > 0 || job.applied_for_job,
      data_external_application_link: job.data_external_application_link
        ? `${job.data_external_application_link}?copy=${copy}`
        : null,
    })),
  );
  await page.setViewportSize(LAPTOP);
  const { jobs } = await signInClientWithJobs(page, staff, many);
  await page.goto('/myjobs');
  await expect(page.getByText('1,200 of 1,200 jobs shown')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all jobs shown' }).check();
  await expect(page.getByText('1,200 job(s) selected')).toBeVisible();

  await page.goto('/job-stats');
  const applied = jobs.filter((job) => job.applied_for_job).length;
  expect(applied).toBeGreaterThanOrEqual(1000);
  await expect(
    page.getByText(`Total Applied Jobs: ${applied.toLocaleString('en-US')}`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/^[\d,]+ of 1,200 jobs shown$/)).toBeVisible();
  await screenshot(page, 'job-stats-1280');

  await page.setViewportSize(PHONE);
  await expect(
    page.getByRole('list', { name: 'Approved Job Applications' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The chart's week labels do not run into each other.
  const chart = page.getByRole('figure', { name: 'Jobs per Week by Status' });
  const labels = await chart.locator('[aria-hidden="true"] > div > span:last-child').evaluateAll((spans) =>
    spans.map((span) => {
      const rect = span.getBoundingClientRect();
      return { left: rect.left, right: rect.right };
    }),
  );
  expect(labels).toHaveLength(8);
  for (let index = 1; index < labels.length; index += 1) {
    expect(labels[index]!.left).toBeGreaterThanOrEqual(labels[index - 1]!.right);
  }
  await expectAccessible(page);
  await screenshot(page, 'job-stats-390');
});
