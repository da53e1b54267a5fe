/**
 * A recruiter works through a client's jobs in the console: imports a file, finds jobs, marks two
 * applied at once, writes an analyst note in place, records an outcome, deletes a job, sees a
 * colleague's import without reloading, and is asked before marking not applied erases an outcome; the search, filters, sort and place in a long table survive
 * a reload and Back; at desktop and phone widths, by keyboard where it matters.
 */
import { jobListItems } from '../packages/domain/src/jobs-api.ts';
import { accessToken, freshEmail, seedCompleteProfile, signInAsNewClient } from './client-area-seed.ts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  openNavEntry,
  signInAsStaff,
  test,
  toast,
} from './fixtures.ts';
import { firstRowInView, restingFirstRowInView, signInStaff } from './jobs-seed.ts';

const JOBS_CSV = [
  'job_uid,data_job_title,data_company,refresh_date,url',
  'sj-1,Senior Data Engineer,Acme Analytics,2026-11-20,https://jobs.example.com/acme/1',
  'sj-2,Analytics Engineer,Globex,2026-11-21,https://jobs.example.com/globex/2',
  'sj-3,Data Platform Lead,Initech,2026-11-19,',
].join('\n');

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a recruiter imports jobs, marks two applied in bulk and writes an analyst note (${width} px)`, async ({
    page,
    browser,
    browserProblems,
  }) => {
    test.setTimeout(120_000);
    const clientEmail = freshEmail('jobs-table');
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    await signInAsNewClient(clientPage, clientEmail, { firstName: 'Jo', lastName: 'Table' });
    await seedCompleteProfile(clientPage);

    const colleague = await signInStaff(browser);
    await page.setViewportSize({ width, height });
    await signInAsStaff(page, { firstName: 'Rae', lastName: 'Recruiter' });
    // The client page's e-mail previews are sandboxed frames, which run no script (not even the one
    // every journey adds to each frame), and Chromium says so in the console.
    browserProblems.allow(/Blocked script execution in 'about:srcdoc'/);
    // The recruiter finds the client on the board and opens their page.
    await page.goto('/admin');
    await page.getByLabel('Search clients').fill(clientEmail);
    await page.getByRole('row').filter({ hasText: clientEmail }).getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/clients\/[\w-]+$/);
    const card = page.getByRole('region', { name: 'Client Jobs' });
    await expect(card).toContainText('No jobs assigned to this client yet.');

    // Import a file.
    await card.getByLabel('Jobs file (CSV or JSON)').setInputFiles({
      name: 'jobs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(JOBS_CSV),
    });
    await card.getByRole('button', { name: 'Import Jobs' }).click();
    await expect(toast(page, /Imported 3 new jobs/)).toBeVisible();
    const table = card.getByRole('table', { name: 'Client jobs' });
    await expect(card.getByText('3 of 3 jobs shown')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(4);

    // Two jobs marked applied at once; focus stays on the button used.
    await card.getByRole('checkbox', { name: 'Select Senior Data Engineer at Acme Analytics' }).check();
    await card.getByRole('checkbox', { name: 'Select Analytics Engineer at Globex' }).check();
    await expect(card.getByText('2 selected')).toBeVisible();
    // A reload keeps the choice.
    await page.reload();
    await expect(card.getByText('2 selected')).toBeVisible();
    await expect(card.getByRole('checkbox', { name: 'Select Analytics Engineer at Globex' })).toBeChecked();
    const markApplied = card.getByRole('button', { name: 'Mark Applied' });
    await markApplied.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Marked 2 jobs applied.')).toBeVisible();
    await expect(
      card.getByRole('checkbox', { name: 'Applied: Senior Data Engineer at Acme Analytics' }),
    ).toBeChecked();
    await expect(card.getByRole('checkbox', { name: 'Applied: Analytics Engineer at Globex' })).toBeChecked();
    await expect(
      card.getByRole('checkbox', { name: 'Applied: Data Platform Lead at Initech' }),
    ).not.toBeChecked();
    await expect(card.getByText('0 selected')).toBeVisible();
    await expect(markApplied).toBeFocused();

    // Filter and search.
    await card.getByLabel('Applied', { exact: true }).selectOption('not_applied');
    await expect(card.getByText('1 of 3 jobs shown')).toBeVisible();
    await card.getByLabel('Applied', { exact: true }).selectOption('all');
    await card.getByLabel('Search jobs').fill('globex');
    await expect(card.getByText('1 of 3 jobs shown')).toBeVisible();
    await expect(table).toContainText('Analytics Engineer');
    await card.getByLabel('Search jobs').fill('');
    await expect(card.getByText('3 of 3 jobs shown')).toBeVisible();

    // Sort by a column; the header says how.
    await table.getByRole('button', { name: 'Job Title' }).click();
    await expect(table.getByRole('columnheader', { name: 'Job Title' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(table.getByRole('row').nth(1)).toContainText('Analytics Engineer');

    // The search, the filters and the sort stay through a reload.
    await card.getByLabel('Applied', { exact: true }).selectOption('not_applied');
    await card.getByLabel('Search jobs').fill('data');
    await expect(card.getByText('1 of 3 jobs shown')).toBeVisible();
    await page.reload();
    await expect(card.getByText('1 of 3 jobs shown')).toBeVisible();
    await expect(card.getByLabel('Applied', { exact: true })).toHaveValue('not_applied');
    await expect(card.getByLabel('Search jobs')).toHaveValue('data');
    await expect(table.getByRole('columnheader', { name: 'Job Title' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(table).toContainText('Data Platform Lead');
    await card.getByLabel('Applied', { exact: true }).selectOption('all');
    await card.getByLabel('Search jobs').fill('');
    await expect(card.getByText('3 of 3 jobs shown')).toBeVisible();

    // By keyboard, the applied box keeps focus while it saves.
    let appliedSaves = 0;
    page.on('response', (response) => {
      if (response.request().method() === 'PATCH') appliedSaves += 1;
    });
    const lead = card.getByRole('checkbox', { name: 'Applied: Data Platform Lead at Initech' });
    await lead.focus();
    await page.keyboard.press('Space');
    await expect(lead).toBeChecked();
    await expect(lead).toBeFocused();
    await page.keyboard.press('Space');
    await expect(lead).not.toBeChecked();
    await expect(lead).toBeFocused();
    // Two quick clicks are saved in order: the server ends where the second left the box.
    await expect.poll(() => appliedSaves).toBe(2);
    const afterToggles = await clientPage.request.get('/api/my-jobs', {
      headers: { authorization: `Bearer ${await accessToken(clientPage)}` },
    });
    expect(
      jobListItems(await afterToggles.json()).find((job) => job.data_job_title === 'Data Platform Lead')
        ?.applied_for_job,
    ).toBe(false);

    // An analyst note written in place; focus returns to where the recruiter started.
    const editNote = card.getByRole('button', {
      name: /edit the analyst notes for Analytics Engineer at Globex/,
    });
    await editNote.click();
    const noteBox = card.getByRole('textbox', { name: 'Analyst notes for Analytics Engineer at Globex' });
    await expect(noteBox).toBeFocused();
    await noteBox.fill('Referred by <b>Dana</b>; interview Tuesday');
    await page.screenshot({ path: test.info().outputPath(`jobs-table-editing-${width}.png`) });
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Analyst notes saved')).toBeVisible();
    const savedNote = card.getByRole('button', {
      name: /edit the analyst notes for Analytics Engineer at Globex/,
    });
    await expect(savedNote).toContainText('Referred by <b>Dana</b>; interview Tuesday');
    await expect(savedNote).toBeFocused();

    // What came of an application, recorded for the client; a job nobody applied to has none.
    await expect(card.getByRole('button', { name: 'Record outcome for Data Platform Lead' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Record outcome for Analytics Engineer' }).click();
    const outcome = page.getByRole('dialog', { name: 'Record Outcome' });
    await outcome.getByRole('radio', { name: 'Interview' }).check();
    await outcome.getByRole('button', { name: 'Save Outcome' }).click();
    await expect(toast(page, 'Outcome Saved')).toBeVisible();
    await expect(outcome).toBeHidden();
    await expect(
      card.getByRole('button', {
        name: /^Outcome for Analytics Engineer: Interview, \w{3} \d{1,2}\. Change$/,
      }),
    ).toBeVisible();
    await card.screenshot({ path: test.info().outputPath(`jobs-table-outcome-${width}.png`) });
    await savedNote.focus();

    // An edit survives a reload: the table says a draft waits, and continuing brings the text back.
    await page.keyboard.press('Enter');
    await page.keyboard.type(' and more');
    await page.reload();
    await expect(savedNote).toHaveAccessibleDescription('Unsaved draft');
    // Above the table too, where the notes column may be out of view.
    const unsaved = card.getByRole('list', { name: 'Analyst notes you have not saved. Continue writing:' });
    await expect(unsaved.getByRole('button')).toHaveText(['Analytics Engineer at Globex']);
    await card.screenshot({ path: test.info().outputPath(`jobs-table-note-draft-${width}.png`) });
    await unsaved.getByRole('button', { name: 'Analytics Engineer at Globex' }).click();
    await expect(noteBox).toBeFocused();
    await expect(unsaved).toBeHidden();
    await expect(noteBox).toHaveValue('Referred by <b>Dana</b>; interview Tuesday and more');
    await expect(noteBox).toHaveAccessibleDescription(
      'Your unsaved changes are back. Save keeps them; Cancel discards them. Control and Enter saves, Escape cancels.',
    );
    await card.screenshot({ path: test.info().outputPath(`jobs-table-note-draft-back-${width}.png`) });

    // Escape drops it.
    await page.keyboard.press('Escape');
    await expect(savedNote).toHaveText(/^Referred by <b>Dana<\/b>; interview Tuesday:/);
    await expect(savedNote).toHaveAccessibleDescription('');
    await expect(savedNote).toBeFocused();

    // A link to the posting.
    await expect(
      card.getByRole('link', { name: /the posting for Analytics Engineer at Globex/ }),
    ).toHaveAttribute('href', 'https://jobs.example.com/globex/2');

    // Delete a job, after a confirmation.
    await card.getByRole('button', { name: 'Delete Data Platform Lead at Initech' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this job?' });
    await expect(dialog).toContainText('Data Platform Lead at Initech leaves the client');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete Job' }).click();
    await expect(toast(page, 'Deleted Data Platform Lead at Initech')).toBeVisible();
    await expect(card.getByText('2 of 2 jobs shown')).toBeVisible();

    // A colleague imports for the same client: the table shows it when the page is looked at again.
    await colleague.importJobs(clientEmail, [
      { job_uid: 'sj-4', data_job_title: 'Staff Engineer', data_company: 'Hooli' },
    ]);
    // The browser says the page is in view again (as when the recruiter comes back to its tab).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(card.getByText('3 of 3 jobs shown')).toBeVisible();
    await expect(table).toContainText('Staff Engineer');

    // The columns past the table's edge are signalled, and a button brings them.
    await table.evaluate((element) => element.parentElement?.scrollTo({ left: 0 }));
    await expect(card.getByRole('button', { name: 'Earlier Columns' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await card.getByRole('button', { name: 'More Columns' }).click();
    await expect(card.getByRole('button', { name: 'Earlier Columns' })).not.toHaveAttribute('aria-disabled');
    await expectAccessible(page, { exclude: ['iframe'] });
    await expectNoSidewaysScroll(page);
    await card.screenshot({ path: test.info().outputPath(`jobs-table-${width}.png`) });

    // The client sees what the recruiter did.
    const listed = await clientPage.request.get('/api/my-jobs', {
      headers: { authorization: `Bearer ${await accessToken(clientPage)}` },
    });
    const jobs = jobListItems(await listed.json());
    expect(
      jobs.map((job) => [job.data_job_title, job.applied_for_job, job.analyst_notes, job.outcome]).sort(),
    ).toEqual([
      ['Analytics Engineer', true, 'Referred by <b>Dana</b>; interview Tuesday', 'interview'],
      ['Senior Data Engineer', true, null, null],
      ['Staff Engineer', false, null, null],
    ]);

    // Marking not applied erases an outcome: with one among the jobs chosen, the recruiter is asked
    // first, and Cancel or Escape changes nothing.
    await card.getByRole('checkbox', { name: 'Select Analytics Engineer at Globex' }).check();
    await card.getByRole('checkbox', { name: 'Select Senior Data Engineer at Acme Analytics' }).check();
    const markNotApplied = card.getByRole('button', { name: 'Mark Not Applied' });
    const recorded = card.getByRole('button', { name: /^Outcome for Analytics Engineer: Interview, / });
    await markNotApplied.click();
    const erase = page.getByRole('dialog', { name: 'Erase a recorded outcome?' });
    await expect(erase).toContainText(
      '1 of these jobs has an outcome recorded (interview, offer...). Marking them not applied erases that outcome.',
    );
    // Focus moves into the dialog and stays there.
    await expect(erase.locator(':focus')).toHaveCount(1);
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      await expect(erase.locator(':focus')).toHaveCount(1);
    }
    await expectAccessible(page, { exclude: ['iframe'] });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`jobs-table-erase-outcomes-${width}.png`) });
    await erase.getByRole('button', { name: 'Cancel' }).click();
    await expect(erase).toBeHidden();
    await expect(markNotApplied).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(erase).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(erase).toBeHidden();
    await expect(recorded).toBeVisible();
    await expect(card.getByText('2 selected')).toBeVisible();

    // Confirmed: the outcome is gone at once, and marking the job applied again brings none back.
    await markNotApplied.click();
    await erase.getByRole('button', { name: 'Mark Not Applied' }).click();
    await expect(toast(page, 'Marked 2 jobs not applied.')).toBeVisible();
    await expect(
      card.getByRole('checkbox', { name: 'Applied: Analytics Engineer at Globex' }),
    ).not.toBeChecked();
    await expect(recorded).toHaveCount(0);
    await card.getByRole('checkbox', { name: 'Select Analytics Engineer at Globex' }).check();
    await card.getByRole('button', { name: 'Mark Applied' }).click();
    await expect(toast(page, 'Marked 1 job applied.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Record outcome for Analytics Engineer' })).toBeVisible();
    await expect(recorded).toHaveCount(0);
    const afterUnapplying = await clientPage.request.get('/api/my-jobs', {
      headers: { authorization: `Bearer ${await accessToken(clientPage)}` },
    });
    expect(
      jobListItems(await afterUnapplying.json())
        .map((job) => [job.data_job_title, job.applied_for_job, job.outcome])
        .sort(),
    ).toEqual([
      ['Analytics Engineer', true, null],
      ['Senior Data Engineer', false, null],
      ['Staff Engineer', false, null],
    ]);
    await clientContext.close();
    await colleague.close();
  });
}

test("a long table of a client's jobs keeps its place through a reload and Back, and a note being written as it scrolls, on a laptop and a phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const clientEmail = freshEmail('long-table');
  const clientContext = await browser.newContext();
  await signInAsNewClient(await clientContext.newPage(), clientEmail, { firstName: 'Lee', lastName: 'Long' });
  await clientContext.close();
  const colleague = await signInStaff(browser);
  await colleague.importJobs(
    clientEmail,
    Array.from({ length: 300 }, (_, index) => ({
      job_uid: `long-${index}`,
      data_job_title: `Role ${String(index + 1).padStart(3, '0')}`,
      data_company: 'Acme',
    })),
  );
  await colleague.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page, { firstName: 'Rae', lastName: 'Recruiter' });
  await page.goto('/admin');
  await page.getByLabel('Search clients').fill(clientEmail);
  await page.getByRole('row').filter({ hasText: clientEmail }).getByRole('link').click();
  const card = page.getByRole('region', { name: 'Client Jobs' });
  const table = card.getByRole('table', { name: 'Client jobs' });
  await expect(card.getByText('300 of 300 jobs shown')).toBeVisible();
  const scroller = table.locator('xpath=..');

  for (const { width, height } of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width, height });
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await scroller.evaluate((element) => element.scrollTo({ top: 150 * 56 }));
    const place = await restingFirstRowInView(table, 120);
    await page.reload();
    await expect.poll(() => firstRowInView(table)).toBe(place);
    await openNavEntry(page, width, 'Activity');
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    await page.goBack();
    await expect.poll(() => firstRowInView(table)).toBe(place);
    await scroller.screenshot({ path: test.info().outputPath(`jobs-table-place-kept-${width}.png`) });
  }

  // A note being written keeps its text while the rows scroll far past it and back.
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  await table
    .getByRole('button', { name: /edit the analyst notes for/ })
    .first()
    .click();
  const noteBox = card.getByRole('textbox', { name: /^Analyst notes for / });
  await noteBox.fill('Half-written note');
  await scroller.evaluate((element) => element.scrollTo({ top: 250 * 56 }));
  await expect.poll(() => firstRowInView(table)).toBeGreaterThan(200);
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(noteBox).toHaveValue('Half-written note');
});
