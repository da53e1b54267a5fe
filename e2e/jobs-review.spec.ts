/**
 * A client finds their way around the jobs our team assigned: filters and date presets, custom
 * dates, every sort, the details pop-up, and analyst notes with links.
 */
import type { Locator, Page } from '@playwright/test';
import { format } from 'date-fns';
import {
  filterJobs,
  type JobFilters,
  type JobListItem,
  type JobSortColumn,
  sortJobs,
} from '../packages/domain/src/jobs.ts';
import { expect, expectAccessible, toast } from './fixtures.ts';
import {
  DETAILED_DESCRIPTION,
  DETAILED_TITLE,
  JOURNEY_JOB_COUNT,
  LINKED_NOTE_TITLE,
  LINKED_NOTE_URL,
  MARKUP,
  pickDay,
  signInClientWithJobs,
  test,
} from './jobs-seed.ts';

const jobsTable = (page: Page) => page.getByRole('table', { name: 'Your jobs' });
const bodyRows = (page: Page) => jobsTable(page).locator('tbody tr');

/** The badge shows the count and the first rows are the first jobs, in order. */
async function expectShown(page: Page, expected: JobListItem[]) {
  await expect(page.getByText(`${expected.length} of ${JOURNEY_JOB_COUNT} jobs shown`)).toBeVisible();
  const titles = expected.slice(0, 5).map((job) => job.data_job_title ?? '');
  const shownTitles = bodyRows(page).locator('td:nth-child(5) button');
  await expect(shownTitles.first()).toHaveText(titles[0] ?? '');
  expect((await shownTitles.allTextContents()).slice(0, titles.length)).toEqual(titles);
}

declare global {
  interface Window {
    __textsSeen?: Set<string>;
    __textsObserver?: MutationObserver;
  }
}

/** Records which of the texts appear anywhere on the page from now on, however briefly. */
async function watchTexts(page: Page, texts: string[]): Promise<() => Promise<string[]>> {
  await page.evaluate((wanted) => {
    const seen = new Set<string>();
    window.__textsSeen = seen;
    window.__textsObserver?.disconnect();
    window.__textsObserver = new MutationObserver(() => {
      for (const text of wanted) if (document.body.textContent?.includes(text)) seen.add(text);
    });
    window.__textsObserver.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, texts);
  return () => page.evaluate(() => [...(window.__textsSeen ?? [])].sort());
}

/** Apply Filters shows the overlay, then the badge (whose second may pass before a slow check). */
async function applyFilters(page: Page) {
  const seen = await watchTexts(page, ['Applying filters...', 'Filters Applied']);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect.poll(seen).toEqual(['Applying filters...', 'Filters Applied']);
}

async function openMyJobs(page: Page) {
  await page.goto('/myjobs');
  await expect(page.getByRole('heading', { name: 'Apply for Me' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
}

test('a client filters their jobs by status, decision and date preset', async ({ staff, page }) => {
  const { jobs } = await signInClientWithJobs(page, staff);
  await openMyJobs(page);
  await expectShown(page, sortJobs(jobs));

  const choices: [label: string, option: string, filters: JobFilters][] = [
    ['Status', 'Applied', { status: 'applied', decision: 'all', date: 'all' }],
    ['Status', 'Not Applied', { status: 'not_applied', decision: 'all', date: 'all' }],
    ['Status', 'All', { status: 'all', decision: 'all', date: 'all' }],
    ['Decision', 'Rejected', { status: 'all', decision: 'rejected', date: 'all' }],
    ['Decision', 'Not Rejected', { status: 'all', decision: 'not_rejected', date: 'all' }],
    ['Decision', 'All', { status: 'all', decision: 'all', date: 'all' }],
    ['Date', 'Latest Data Load', { status: 'all', decision: 'all', date: 'latest' }],
    ['Date', 'This Week', { status: 'all', decision: 'all', date: 'week' }],
    ['Date', 'This Month', { status: 'all', decision: 'all', date: 'month' }],
    ['Status', 'Applied', { status: 'applied', decision: 'all', date: 'month' }],
  ];
  for (const [label, option, filters] of choices) {
    await page.getByLabel(label, { exact: true }).selectOption({ label: option });
    await applyFilters(page);
    const expected = sortJobs(filterJobs(jobs, filters, new Date()));
    if (option !== 'All')
      expect(expected.length, `${option} leaves some jobs out`).toBeLessThan(JOURNEY_JOB_COUNT);
    await expectShown(page, expected);
  }
  // The badge goes after a second.
  await expect(page.getByText('Filters Applied', { exact: true })).toBeHidden({ timeout: 3000 });
});

test('a client picks custom From and To dates, both inclusive', async ({ staff, page }) => {
  const { jobs } = await signInClientWithJobs(page, staff);
  await openMyJobs(page);
  await page.getByLabel('Date', { exact: true }).selectOption({ label: 'Custom Date' });
  const from = new Date(Date.now() - 20 * 86_400_000);
  const to = new Date(Date.now() - 12 * 86_400_000);
  await pickDay(page, 'From', from);
  await pickDay(page, 'To', to);
  await applyFilters(page);
  const filters: JobFilters = {
    status: 'all',
    decision: 'all',
    date: 'custom',
    from: format(from, 'yyyy-MM-dd'),
    to: format(to, 'yyyy-MM-dd'),
  };
  const expected = sortJobs(filterJobs(jobs, filters, new Date()));
  // Jobs on both end days, and the jobs without a refresh date, are in.
  expect(expected.some((job) => job.refresh_date === filters.from)).toBe(true);
  expect(expected.some((job) => job.refresh_date === filters.to)).toBe(true);
  expect(expected.some((job) => job.refresh_date === null)).toBe(true);
  await expectShown(page, expected);
});

const SORTABLE: [header: string, column: JobSortColumn][] = [
  ['Refreshed', 'refresh_date'],
  ['Your Decision', 'client_approval'],
  ['Job Title', 'data_job_title'],
  ['Company', 'data_company'],
  ['Notes', 'client_notes'],
  ['Analyst Notes', 'analyst_notes'],
  ['Status', 'status'],
  ['Max Salary', 'max_salary'],
  ['City', 'data_location_city'],
  ['State', 'data_location_state'],
  ['Country', 'data_location_country'],
  ['Posted', 'data_posted'],
];

test('a client sorts by every sortable column, ascending then descending', async ({ staff, page }) => {
  const { jobs } = await signInClientWithJobs(page, staff);
  await openMyJobs(page);
  const refreshed = jobsTable(page).getByRole('columnheader', { name: 'Refreshed' });
  // The default order: refreshed, newest first.
  await expect(refreshed).toHaveAttribute('aria-sort', 'descending');
  await expectShown(page, sortJobs(jobs));

  for (const [header, column] of SORTABLE) {
    const columnHeader = jobsTable(page).getByRole('columnheader', { name: header, exact: true });
    await columnHeader.getByRole('button').click();
    await expect(columnHeader).toHaveAttribute('aria-sort', 'ascending');
    await expectShown(page, sortJobs(jobs, { column, direction: 'asc' }));
    await columnHeader.getByRole('button').click();
    await expect(columnHeader).toHaveAttribute('aria-sort', 'descending');
    await expectShown(page, sortJobs(jobs, { column, direction: 'desc' }));
    // Only one column is sorted at a time.
    await expect(jobsTable(page).locator('th[aria-sort]')).toHaveCount(1);
  }
});

/** A labelled value in a section of the details pop-up. */
const detail = (section: Locator, label: string) =>
  section
    .locator('div')
    .filter({ has: section.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

test('a client reads a job in the details pop-up, and closes it every way', async ({ staff, page }) => {
  await signInClientWithJobs(page, staff);
  await openMyJobs(page);
  const title = jobsTable(page).getByRole('button', { name: DETAILED_TITLE, exact: true });
  await title.click();
  const dialog = page.getByRole('dialog', { name: DETAILED_TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('at Woodgrove')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Company Website/ })).toHaveAttribute(
    'href',
    'https://woodgrove.example.com',
  );
  await expect(dialog.getByRole('link', { name: /Apply Now/ })).toHaveAttribute(
    'href',
    'https://woodgrove.example.com/careers/platform',
  );

  const section = (name: string) => dialog.getByRole('region', { name, exact: true });
  // The parts of Additional Details are named groups inside its region.
  const group = (name: string) => section('Additional Details').getByRole('group', { name, exact: true });
  const expectDetails = async (
    part: (name: string) => ReturnType<typeof section>,
    name: string,
    values: Record<string, string>,
  ) => {
    for (const [label, value] of Object.entries(values)) {
      await expect(detail(part(name), label), `${name}: ${label}`).toHaveText(value);
    }
  };
  await expectDetails(section, 'Job Information', {
    Salary: '$185,000',
    Location: 'Seattle, WA',
    Posted: 'Nov 3',
    Applicants: '1,234',
    Level: 'Senior level',
  });
  await expectDetails(section, 'Job Type & Arrangement', {
    'Job Type': 'Full-time',
    'Work Style': 'Hybrid',
    Relocation: 'Yes',
  });
  await expectDetails(section, 'Your Status', {
    Decision: 'Pending',
    Applied: 'Applied',
    Notes: 'No notes added',
  });
  // No note from the team: no Analyst Notes item (like the other optional values).
  await expect(detail(section('Your Status'), 'Analyst Notes')).toHaveCount(0);
  // One region for the description, its box (scrollable by keyboard) inside.
  await expect(section('Job Description').locator('[tabindex="0"]')).toHaveText(DETAILED_DESCRIPTION);
  const additional = section('Additional Details');
  await expect(additional).toBeVisible();
  await expectDetails(group, 'Role Classifications', {
    Seniority: 'Senior Level',
    'Role Types': 'Technical, Engineering',
    'Job Family': 'Engineering',
    Industry: 'Banking',
  });
  await expectDetails(group, 'Location Details', { 'Location Tags': 'US Based', 'Work Style': 'Hybrid' });
  await expectDetails(group, 'Compensation', { 'Salary Range': 'Mid Salary', Disclosed: 'Yes' });
  // The spec titles two parts Company Details: one region, and one group within Additional Details.
  await expect(dialog.getByRole('region', { name: 'Company Details', exact: true })).toHaveCount(1);
  await expectDetails(section, 'Company Details', { Type: 'Big Tech, Enterprise', 'Visa Friendly': 'No' });
  await expectDetails(group, 'Company Details', {
    'Primary Type': 'Big Tech',
    'Additional Types': 'Enterprise',
    'Time Type': 'Full-time',
  });
  await expectAccessible(page);
  // Focus stays inside while open, Escape closes, and focus returns to the title.
  for (let tab = 0; tab < 12; tab += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(title).toBeFocused();

  const row = bodyRows(page).filter({ has: page.getByRole('button', { name: DETAILED_TITLE, exact: true }) });
  await row.getByRole('button', { name: 'View Details' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: 'View Details' }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();

  // On a phone its parts stack and nothing overflows.
  await row.getByRole('button', { name: 'View Details' }).click();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(section('Job Information')).toBeVisible();
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.screenshot({
      path: test.info().outputPath(`job-details-${width}.png`),
      animations: 'disabled',
    });
  }
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 720 });

  // A job with few details shows the defaults, and no description section.
  await jobsTable(page).getByRole('button', { name: LINKED_NOTE_TITLE, exact: true }).click();
  const sparse = page.getByRole('dialog', { name: LINKED_NOTE_TITLE });
  await expect(sparse.getByText('at Tailspin')).toBeVisible();
  await expect(sparse.getByRole('link', { name: /Apply Now/ })).toHaveCount(0);
  await expect(sparse.getByText('Loading job details...')).toBeHidden();
  const sparseSection = (name: string) => sparse.getByRole('region', { name, exact: true });
  await expect(detail(sparseSection('Job Information'), 'Salary')).toHaveText('N/A');
  await expect(detail(sparseSection('Job Information'), 'Location')).toHaveText('N/A');
  await expect(detail(sparseSection('Job Information'), 'Level')).toHaveText('Not Specified');
  await expect(detail(sparseSection('Job Type & Arrangement'), 'Relocation')).toHaveText('No');
  await expect(sparseSection('Job Description')).toHaveCount(0);

  // The analyst's note, which the table clamps, is here in full under Your Status, its address a link
  // and its markup text; nothing overflows at either width.
  const analystNote = detail(sparseSection('Your Status'), 'Analyst Notes');
  await expect(analystNote).toHaveText(`Read this first: ${LINKED_NOTE_URL}. ${MARKUP}`);
  const noteLink = analystNote.getByRole('link', { name: LINKED_NOTE_URL });
  await expect(noteLink).toHaveAttribute('href', LINKED_NOTE_URL);
  await expect(noteLink).toHaveAttribute('target', '_blank');
  await expect(noteLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(analystNote.locator('img')).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await analystNote.scrollIntoViewIfNeeded();
    await expect(analystNote).toBeInViewport();
    expect(await sparse.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await analystNote.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.screenshot({
      path: test.info().outputPath(`job-details-analyst-note-${width}.png`),
      animations: 'disabled',
    });
  }
  // A click on the link opens the address in a new tab (answered here: the journey stays offline).
  await page
    .context()
    .route(LINKED_NOTE_URL, (route) => route.fulfill({ contentType: 'text/html', body: 'ok' }));
  const [opened] = await Promise.all([page.context().waitForEvent('page'), noteLink.click()]);
  await expect.poll(() => opened.url()).toContain(LINKED_NOTE_URL);
  await opened.close();
});

test('an analyst note link becomes a safe link while markup stays text', async ({ staff, page }) => {
  let alerted = false;
  page.on('dialog', async (dialog) => {
    alerted = true;
    await dialog.dismiss();
  });
  await signInClientWithJobs(page, staff);
  await openMyJobs(page);
  const row = bodyRows(page).filter({
    has: page.getByRole('button', { name: LINKED_NOTE_TITLE, exact: true }),
  });
  const link = row.getByRole('link', { name: LINKED_NOTE_URL });
  await expect(link).toHaveAttribute('href', LINKED_NOTE_URL);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(row).toContainText(MARKUP);
  await expect(row.locator('img')).toHaveCount(0);
  expect(alerted).toBe(false);
});

test('the jobs page passes axe, with the table and the notes dialog', async ({ staff, page }) => {
  await signInClientWithJobs(page, staff);
  await openMyJobs(page);
  await expectAccessible(page);
  await bodyRows(page).first().getByRole('button', { name: 'Add Notes' }).click();
  await expect(page.getByRole('dialog', { name: 'Job Notes' })).toBeVisible();
  await expectAccessible(page);
});

test('on a laptop the columns past the edge of the table are signalled, and buttons bring them and back', async ({
  staff,
  page,
}) => {
  // Asking for less motion, the buttons jump instead of gliding, so each press has landed at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInClientWithJobs(page, staff);
  await openMyJobs(page);
  const header = (name: string) => jobsTable(page).getByRole('columnheader', { name, exact: true });
  const more = page.getByRole('button', { name: 'More Columns' });
  const earlier = page.getByRole('button', { name: 'Earlier Columns' });
  await expect(header('Status')).not.toBeInViewport();
  // Nothing lies to the left yet: that button is there, held.
  await expect(earlier).toHaveAttribute('aria-disabled', 'true');
  await expect(more).not.toHaveAttribute('aria-disabled');
  await page.screenshot({ path: test.info().outputPath('columns-beyond-1280.png') });

  await more.click();
  await expect(header('Status')).toBeInViewport();
  await expect(header('Refreshed')).not.toBeInViewport();
  await expect(earlier).not.toHaveAttribute('aria-disabled');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('columns-scrolled-1280.png') });
  /** Where the table's scroll box stands: at its left end, at its right end, or between. */
  const boxAt = () =>
    jobsTable(page).evaluate((table) => {
      const box = table.parentElement as HTMLElement;
      if (box.scrollLeft <= 1) return 'start';
      return box.scrollLeft + box.clientWidth >= box.scrollWidth - 1 ? 'end' : 'between';
    });
  // Pressed until the last column shows, the button is held, and keeps the keyboard's focus.
  for (let press = 0; press < 6 && (await boxAt()) !== 'end'; press += 1) await more.click();
  await expect(more).toHaveAttribute('aria-disabled', 'true');
  await expect(more).toBeFocused();
  await expect(header('Posted')).toBeInViewport();

  for (let press = 0; press < 6 && (await boxAt()) !== 'start'; press += 1) await earlier.click();
  await expect(earlier).toHaveAttribute('aria-disabled', 'true');
  await expect(earlier).toBeFocused();
  await expect(header('Refreshed')).toBeInViewport();
  await expect(more).not.toHaveAttribute('aria-disabled');

  // A control tabbed to while its column lies under the sticky title (Shift+Tab from the next
  // column, say) is scrolled clear of the sticky columns, not left hidden under them.
  const addNotes = bodyRows(page)
    .first()
    .getByRole('button', { name: /^Add Notes/ });
  await addNotes.evaluate((button) => {
    const cell = button.closest('td') as HTMLElement;
    const box = cell.closest('table')?.parentElement as HTMLElement;
    box.scrollLeft = cell.offsetLeft - 150;
  });
  await addNotes.focus();
  const uncovered = await addNotes.evaluate((button) => {
    const { left, right, top, bottom } = button.getBoundingClientRect();
    const seen = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    return seen !== null && button.contains(seen);
  });
  expect(uncovered, 'the focused Add Notes is not under the sticky columns').toBe(true);
});

test('a client without jobs is told to contact their analyst, and copies their e-mail', async ({
  staff,
  page,
}) => {
  const { email } = await signInClientWithJobs(page, staff, []);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/myjobs');
  await expect(page.getByRole('heading', { name: 'Contact Your Analyst' })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Copy email' }).click();
  await expect(toast(page, 'Email Copied')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email);
  // The indicator lasts two seconds.
  await expect(page.getByRole('button', { name: 'Copy email' })).toBeVisible({ timeout: 4000 });

  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error('Write permission denied.'));
  });
  await page.getByRole('button', { name: 'Copy email' }).click();
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Copy Failed' })
      .filter({ hasText: 'Unable to copy email to clipboard' }),
  ).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`a client waiting for their first jobs checks again and finds those assigned meanwhile (${width} px)`, async ({
    staff,
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const { email } = await signInClientWithJobs(page, staff, []);
    await page.goto('/myjobs');
    await expect(page.getByRole('heading', { name: 'Contact Your Analyst' })).toBeVisible();
    const check = page.getByRole('button', { name: 'Check for New Jobs' });
    await expect(check).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`no-jobs-yet-${width}.png`) });

    await staff.importJobs(email, [{ job_uid: 'first-1', data_job_title: 'First Assigned Job' }]);
    await check.click();
    await expect(page.getByText('First Assigned Job').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contact Your Analyst' })).toHaveCount(0);
  });
}

for (const width of [1280, 390]) {
  test(`a failed load of the jobs says so on the page, and Try Again brings them (${width} px)`, async ({
    staff,
    page,
    browserProblems,
  }) => {
    browserProblems.allow(/status of 503|HTTP error 503/);
    await page.setViewportSize({ width, height: 900 });
    await signInClientWithJobs(page, staff);
    await page.route(/\/api\/my-jobs(\?.*)?$/, (route) =>
      route.fulfill({ status: 503, json: { error: 'The service is temporarily unavailable.' } }),
    );
    await page.goto('/myjobs');
    await expect(page.getByRole('heading', { name: 'Error Loading Jobs', level: 2 })).toBeVisible();
    await expect(page.getByText('The service is temporarily unavailable.').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`jobs-load-failed-${width}.png`) });
    await page.unroute(/\/api\/my-jobs(\?.*)?$/);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText(`${JOURNEY_JOB_COUNT} of ${JOURNEY_JOB_COUNT} jobs shown`)).toBeVisible();
  });
}
