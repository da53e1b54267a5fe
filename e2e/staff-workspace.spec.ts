/**
 * A recruiter runs a client's day from the staff workspace: finds an incomplete client on the
 * board, opens them, sends the welcome e-mail after the warning, edits a saved filter, and reads
 * all of it back in Activity. At desktop width and on a phone.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { completeOnboardingRecord } from '../packages/domain/src/onboarding-testing.ts';
import { freshEmail, saveRecord, signInAsNewClient, uploadDocument } from './client-area-seed.ts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  openNavEntry,
  signInAsStaff,
  test,
  toast,
} from './fixtures.ts';

const COVER_LETTER_NAME = 'Rita_Moreno_Cover_Letter_Senior_Product_Designer_Northwind_2026.docx';
for (const width of [1280, 390]) {
  test(`a recruiter finds an incomplete client, sends the welcome e-mail, edits a filter and reads it back (${width} px)`, async ({
    page,
    browser,
    browserProblems,
  }) => {
    test.setTimeout(120_000);
    // The e-mail previews are sandboxed frames: they run no script, not even the one every journey
    // adds to each frame to report policy violations, and Chromium says so in the console.
    browserProblems.allow(
      /Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
    );
    await page.setViewportSize({ width, height: 900 });
    const clientEmail = freshEmail('rita');
    const typedEmail = freshEmail('rita.home');

    // The client stops before uploading a resume: onboarding stays at step 6 of 9. Her cover letter
    // has a long name with no spaces, which must wrap on a phone.
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    await signInAsNewClient(clientPage, clientEmail, { firstName: 'Rita', lastName: 'Moreno' });
    const coverLetterFile = test.info().outputPath(COVER_LETTER_NAME);
    copyFileSync('e2e/files/cover-letter.docx', coverLetterFile);
    const coverLetter = await uploadDocument(clientPage, 'cover-letters', coverLetterFile);
    await saveRecord(
      clientPage,
      completeOnboardingRecord({
        first_name: 'Rita',
        last_name: 'Moreno',
        email_address: typedEmail,
        top_job_titles: 'Product Designer, UX Researcher',
        resume: '',
        cover_letter: coverLetter.url,
        onboarding_completed: false,
      }),
    );
    await clientContext.close();

    // Staff land on the clients board.
    await signInAsStaff(page, { firstName: 'Sam', lastName: 'Staff' });
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (width > 390) {
      await expect(nav.getByRole('link')).toHaveText(['Clients', 'Outbox', 'Activity']);
      await expect(page.getByRole('link', { name: 'Apply for Me' })).toHaveCount(0);
    }
    const board = page.getByRole('table', { name: 'Clients' });
    // On a phone only the client column shows, with what the others say listed under the name.
    const headers = ['Onboarding', 'Welcome e-mail', 'Filters', 'Jobs', 'Applied (7 days)', 'Last active'];
    await expect(board.getByRole('columnheader', { name: 'Client', exact: true })).toBeVisible();
    for (const header of headers) {
      const cell = board.getByRole('columnheader', { name: header, exact: true, includeHidden: true });
      if (width > 390) await expect(cell).toBeVisible();
      else await expect(cell).toBeHidden();
    }
    await page.getByRole('button', { name: 'Incomplete onboarding' }).click();
    await page.getByLabel('Search clients').fill(clientEmail.slice(0, 14));
    const row = board.getByRole('row').filter({ hasText: clientEmail });
    await expect(row).toContainText('Step 6 of 9');
    await expect(row).toContainText('Not sent');
    if (width <= 390) {
      const summary = row.getByRole('definition');
      await expect(summary.first()).toBeVisible();
      await expect(summary).toHaveText([/^Step 6 of 9, /, 'Not sent', '0, 0 applied in 7 days', /\S/]);
    }
    // Sorted by the column whose header is pressed, then the other way round.
    const clientHeader = board.getByRole('columnheader', { name: 'Client', exact: true });
    await expect(
      board.getByRole('columnheader', { name: 'Last active', includeHidden: true }),
    ).toHaveAttribute('aria-sort', 'descending');
    await clientHeader.getByRole('button').click();
    await expect(clientHeader).toHaveAttribute('aria-sort', 'ascending');
    await clientHeader.getByRole('button').click();
    await expect(clientHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(row).toContainText('Step 6 of 9');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, { exclude: ['iframe'] });
    await page.screenshot({ path: test.info().outputPath(`board-${width}.png`), fullPage: true });

    // The client page: sign-in and typed e-mails side by side, and where onboarding stands.
    await row.getByRole('link', { name: 'Rita Moreno' }).click();
    await expect(page.getByRole('heading', { name: 'Rita Moreno', level: 1 })).toBeVisible();
    // Back from the client's page finds the board as it was left: the view, the search and the sort.
    await page.goBack();
    await expect(page.getByLabel('Search clients')).toHaveValue(clientEmail.slice(0, 14));
    await expect(page.getByRole('button', { name: 'Incomplete onboarding' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(clientHeader).toHaveAttribute('aria-sort', 'descending');
    await row.getByRole('link', { name: 'Rita Moreno' }).click();
    await expect(page.getByRole('heading', { name: 'Rita Moreno', level: 1 })).toBeVisible();
    // Each part of the long page is one link away.
    const sections = page.getByRole('navigation', { name: 'Sections of this page' });
    await expect(sections.getByRole('link')).toHaveText([
      'Profile',
      'E-mails',
      'Filters',
      'Jobs',
      'Outbox',
      'Activity',
    ]);
    await page.screenshot({ path: test.info().outputPath(`client-sections-${width}.png`) });
    await sections.getByRole('link', { name: 'Jobs' }).click();
    await expect(page.getByRole('region', { name: 'Client Jobs' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`client-jobs-jump-${width}.png`) });
    await expect(page.getByRole('heading', { name: 'Rita Moreno', level: 1 })).not.toBeInViewport();
    // "All clients" also leads back to the board as it was left, after that jump (an anchor, which
    // leaves the history entry's state behind) and a reload of the client page.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Rita Moreno', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'All clients' }).click();
    await expect(page).toHaveURL(/\/admin\?/);
    await expect(page.getByLabel('Search clients')).toHaveValue(clientEmail.slice(0, 14));
    await expect(page.getByRole('button', { name: 'Incomplete onboarding' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(clientHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(row).toContainText('Step 6 of 9');
    await page.screenshot({ path: test.info().outputPath(`board-back-${width}.png`) });
    await row.getByRole('link', { name: 'Rita Moreno' }).click();
    await expect(page.getByRole('heading', { name: 'Rita Moreno', level: 1 })).toBeVisible();
    const emails = page.getByRole('region', { name: 'E-mail addresses' });
    await expect(emails).toContainText(clientEmail);
    await expect(emails).toContainText(typedEmail);
    await expect(page.getByRole('region', { name: 'Onboarding' })).toContainText(
      'Onboarding incomplete: step 6 of 9',
    );

    // The profile reads as the client's own page does: options by their labels.
    const profile = page.getByRole('region', { name: 'Profile', exact: true });
    await expect(profile).toContainText('Senior Level');
    await expect(profile).toContainText('Full-time, Contract');
    await expect(profile).not.toContainText('full-time');
    await expect(
      profile.getByRole('button', { name: `Download cover letter (${COVER_LETTER_NAME})` }),
    ).toBeVisible();

    // Sending asks first, says it was never sent and warns that onboarding is unfinished.
    const previews = page.getByRole('region', { name: 'Email Previews' });
    await expect(previews).toContainText('Never sent to this client.');
    await previews.getByRole('button', { name: 'Send Welcome Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Welcome Email?' });
    await expect(dialog).toContainText('It has not been sent to this client before.');
    await expect(dialog).toContainText('This client has not finished onboarding.');
    await expectAccessible(page, { exclude: ['iframe'] });
    await page.screenshot({ path: test.info().outputPath(`send-dialog-${width}.png`) });
    await dialog.getByRole('button', { name: 'Send Welcome Email' }).click();
    await expect(toast(page, /saved to the outbox, not sent/)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(previews).toContainText(/Last one queued/);

    // Sending made the filters from her job titles; the recruiter edits one.
    const filters = page.getByRole('region', { name: 'Existing Job Filters' });
    await expect(filters.getByRole('heading', { name: 'Product Designer', exact: true })).toBeVisible();
    await filters.getByRole('button', { name: 'Edit Product Designer' }).click();
    const form = page.getByRole('form', { name: 'Edit filter Product Designer' });
    await expect(form.getByRole('button', { name: 'Save filter' })).toHaveCount(0);
    // A salary that is not whole dollars is refused before anything is sent, in words.
    await form.getByLabel('Minimum salary').fill('95k');
    await form.getByRole('button', { name: 'Save filter' }).click();
    await expect(form).toContainText('Minimum salary: must be a whole number of dollars');
    await form.screenshot({ path: test.info().outputPath(`filter-refused-${width}.png`) });
    await form.getByLabel('Minimum salary').fill('95000');
    await form.getByLabel('Name').fill('Senior Product Designer');
    await form.getByRole('button', { name: 'Save filter' }).click();
    await expect(toast(page, 'Filter "Senior Product Designer" saved')).toBeVisible();
    await expect(filters.getByRole('heading', { name: 'Senior Product Designer' })).toBeVisible();
    await expect(filters).toContainText('$95,000');
    await filters.screenshot({ path: test.info().outputPath(`filters-${width}.png`) });

    // A generated draft could replace the edited filters: the question says what would go.
    const generated = page.getByRole('region', { name: 'Generated Job Filters' });
    await generated.getByRole('button', { name: 'Generate Filters' }).click();
    await generated.getByRole('button', { name: 'Replace Existing Filters' }).click();
    const replaceDialog = page.getByRole('dialog', { name: 'Replace Existing Filters?' });
    await expect(replaceDialog).toContainText('with any changes made to them');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, { exclude: ['iframe'] });
    await page.screenshot({ path: test.info().outputPath(`replace-dialog-${width}.png`) });
    await replaceDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(replaceDialog).toHaveCount(0);
    await expect(filters.getByRole('heading', { name: 'Senior Product Designer' })).toBeVisible();

    const timeline = page.getByRole('region', { name: 'Activity' });
    await expect(timeline).toContainText('Edited a filter: Senior Product Designer');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, { exclude: ['iframe'] });
    await page.screenshot({ path: test.info().outputPath(`client-${width}.png`), fullPage: true });

    // Activity, for the whole team: everything this recruiter did, and as CSV.
    await openNavEntry(page, width, 'Activity');
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    const entries = page.getByRole('list', { name: 'Activity entries' });
    await expect(entries).toContainText('Edited a filter: Senior Product Designer');
    await expect(entries).toContainText('Queued an e-mail: Welcome e-mail, queued');
    await expect(entries).toContainText('Opened the client');
    await expect(entries.getByRole('link', { name: clientEmail }).first()).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'at,actor_kind,actor_email,actor_id,client_id,client_email,action,description,detail',
    );
    expect(csv).toContain('filter.edited');
    expect(csv).toContain('Queued an e-mail: Welcome e-mail, queued');

    // Narrowed to one client, found by e-mail (or name) and chosen from the matches.
    await page.getByRole('searchbox', { name: 'Client' }).fill(clientEmail);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const matches = page.getByRole('list', { name: 'Matching clients' });
    await expect(matches.getByRole('button')).toHaveText([`Rita Moreno (${clientEmail})`]);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`activity-client-search-${width}.png`) });
    await matches.getByRole('button').press('Enter');
    // Named as the server knows the id, and the keyboard lands on what replaced the match.
    await expect(page.getByRole('status').filter({ hasText: 'Client:' })).toHaveText(
      `Client: ${clientEmail}`,
    );
    await expect(page.getByRole('button', { name: 'Every Client' })).toBeFocused();
    await expect(page).toHaveURL(/[?&]client_id=[\w-]+/);
    // Only this client's entries, each linking to them.
    await expect(entries.getByRole('link').first()).toHaveText(clientEmail);
    await expect(entries.getByRole('link').filter({ hasNotText: clientEmail })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Client:' })).toHaveText(
      `Client: ${clientEmail}`,
    );
    await expect(entries).toContainText('Edited a filter: Senior Product Designer');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`activity-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Every Client' }).press('Enter');
    await expect(page).not.toHaveURL(/client_id=/);
    await expect(page.getByRole('searchbox', { name: 'Client' })).toBeFocused();
  });
}
