/**
 * A recruiter gathers clients on the board and sends them the welcome e-mail at once: the
 * confirmation says who gets which version and who is left out, and the board shows the result.
 * At desktop width and on a phone.
 */
import { completeOnboardingRecord } from '../packages/domain/src/onboarding-testing.ts';
import { saveRecord, seedCompleteProfile, signInAsNewClient } from './client-area-seed.ts';
import { expect, expectAccessible, expectNoSidewaysScroll, signInAsStaff, test, toast } from './fixtures.ts';

for (const width of [1280, 390]) {
  test(`a recruiter sends the welcome e-mail to several clients from the board (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    // One word in every e-mail of this run, so a search finds these three clients and no others.
    const tag = `batch${width}x${Date.now().toString(36)}`;
    const clients = {
      done: { email: `${tag}.ana@example.com`, firstName: 'Ana', lastName: 'Finished' },
      halfway: { email: `${tag}.ben@example.com`, firstName: 'Ben', lastName: 'Halfway' },
      none: { email: `${tag}.cleo@example.com`, firstName: 'Cleo', lastName: 'Unstarted' },
    };
    for (const [stage, client] of Object.entries(clients)) {
      const context = await browser.newContext();
      const clientPage = await context.newPage();
      await signInAsNewClient(clientPage, client.email, client);
      const names = { first_name: client.firstName, last_name: client.lastName };
      if (stage === 'done') await seedCompleteProfile(clientPage, names);
      if (stage === 'halfway') {
        await saveRecord(
          clientPage,
          completeOnboardingRecord({ ...names, resume: '', cover_letter: '', onboarding_completed: false }),
        );
      }
      await context.close();
    }

    await signInAsStaff(page);
    await page.getByLabel('Search clients').fill(tag);
    const board = page.getByRole('table', { name: 'Clients' });
    await expect(board.getByRole('row')).toHaveCount(4);

    // A click on a row's checkbox chooses the client instead of opening them.
    await board.getByRole('checkbox', { name: `Select Ana Finished (${clients.done.email})` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${tag}$`));
    const chosen = page.getByRole('group', { name: 'Selected clients' });
    await expect(chosen).toContainText('1 selected');
    // The choice outlasts a search for someone else.
    await page.getByLabel('Search clients').fill(`${tag}-nobody`);
    await expect(board).toContainText('No clients match.');
    await expect(chosen).toContainText('1 selected');
    await page.getByLabel('Search clients').fill(tag);
    await expect(board.getByRole('checkbox', { name: /^Select Ana Finished/ })).toBeChecked();
    await board.getByRole('checkbox', { name: 'Select all clients on this page' }).check();
    await expect(chosen).toContainText('3 selected');
    // A look at one of them loses none of the choice.
    await board.getByRole('link', { name: 'Ben Halfway' }).click();
    await expect(page.getByRole('heading', { name: 'Ben Halfway', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(chosen).toContainText('3 selected');
    await expect(board.getByRole('checkbox', { name: /^Select Ben Halfway/ })).toBeChecked();

    await chosen.getByRole('button', { name: 'Send Welcome Email to Selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the welcome e-mail to 2 clients?' });
    await expect(dialog).toContainText('1 of them has not finished onboarding.');
    await expect(dialog.getByRole('list').first().getByRole('listitem')).toHaveText([
      `Ana Finished (${clients.done.email})`,
      `Ben Halfway (${clients.halfway.email})`,
    ]);
    await expect(dialog).toContainText('Not started onboarding, so left out');
    await expect(dialog.getByRole('list').last()).toHaveText(`Cleo Unstarted (${clients.none.email})`);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`welcome-batch-dialog-${width}.png`) });

    // Escape asks nothing of anyone; the selection stays for a second try.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(chosen.getByRole('button', { name: 'Send Welcome Email to Selected' })).toBeFocused();
    await chosen.getByRole('button', { name: 'Send Welcome Email to Selected' }).click();
    await dialog.getByRole('button', { name: 'Send to 2 clients' }).click();

    // Without SMTP both wait in the outbox, and the page names each; Cleo was not asked for.
    await expect(
      toast(page, 'Welcome e-mail kept in the outbox for 2 clients (SMTP not configured).'),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(chosen).toContainText('0 selected');
    const toCheck = page.getByRole('region', { name: 'Welcome e-mails not on their way' });
    await expect(toCheck.getByRole('listitem')).toHaveCount(2);
    await expect(toCheck).toContainText(
      `Ben Halfway (${clients.halfway.email}): Welcome email to ${clients.halfway.email} saved to the outbox, not sent (SMTP not configured)`,
    );
    for (const name of ['Ana Finished', 'Ben Halfway']) {
      await expect(board.getByRole('row').filter({ hasText: name })).toContainText('Queued');
    }
    await expect(board.getByRole('row').filter({ hasText: 'Cleo Unstarted' })).toContainText('Not sent');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath(`welcome-batch-sent-${width}.png`),
      fullPage: true,
    });
  });
}
