/**
 * The team's outbox: a recruiter reads every e-mail waiting to go out, retries one now, cancels
 * another, narrows the list by status and sees a colleague's new e-mail arrive without reloading;
 * at desktop and phone widths.
 */
import type { Page } from '@playwright/test';
import { accessToken, freshEmail, seedCompleteProfile, signInAsNewClient } from './client-area-seed.ts';
import { expect, expectAccessible, expectNoSidewaysScroll, signInAsStaff, test, toast } from './fixtures.ts';

const NOT_CONFIGURED = 'SMTP not configured: kept in the outbox, not sent';

/** A colleague's staff session in its own browser context, sending the spec's e-mails by API. */
async function colleagueSends(page: Page, email: string, action: 'send' | 'send_team'): Promise<void> {
  const response = await page.request.post('/api/admin/user-email-management', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { email, action },
  });
  expect(response.status(), await response.text()).toBe(200);
}

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a recruiter retries and cancels e-mails in the team's outbox (${width} px)`, async ({
    page,
    browser,
    browserProblems,
  }) => {
    test.setTimeout(120_000);
    // Reading an e-mail shows it in a sandboxed frame, which runs no script; Chromium says so.
    browserProblems.allow(/Blocked script execution in 'about:srcdoc'/);
    const clientEmail = freshEmail('outbox');
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    await signInAsNewClient(clientPage, clientEmail, { firstName: 'Olive', lastName: 'Outbox' });
    await seedCompleteProfile(clientPage);
    await clientContext.close();

    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await signInAsStaff(colleague, { firstName: 'Cole', lastName: 'League' });
    await colleagueSends(colleague, clientEmail, 'send');
    await colleagueSends(colleague, clientEmail, 'send_team');

    await page.setViewportSize({ width, height });
    await signInAsStaff(page, { firstName: 'Rae', lastName: 'Recruiter' });
    await page.goto('/admin/outbox');
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    const messages = page.getByRole('list', { name: 'Outbox messages' });
    // Other journeys share the server: this client's e-mails are the ones naming their address.
    const ours = messages.getByRole('listitem').filter({ hasText: clientEmail });
    await expect(ours).toHaveCount(2);
    const welcome = ours.filter({ hasText: 'Welcome Email (Client)' });
    const team = ours.filter({ hasText: 'Team Notification' });
    await expect(welcome).toContainText('Queued (not sent yet)');
    await expect(welcome).toContainText(`Last error: ${NOT_CONFIGURED}`);
    await expect(welcome).toContainText('0 attempts');
    await expect(welcome).toContainText(/Queued \w+ \d+, \d{4} at/);
    // Without SMTP nothing is tried again by itself, so no next try is promised.
    await expect(welcome).not.toContainText('Next try');
    await expect(welcome.getByRole('link', { name: 'Olive Outbox' })).toHaveAttribute(
      'href',
      /^\/admin\/clients\/[\w-]+$/,
    );

    // Retry now: without SMTP it stays queued, and the page says why. Focus stays on the button.
    const retry = welcome.getByRole('button', { name: /^Retry now:/ });
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, `(${NOT_CONFIGURED})`)).toBeVisible();
    await expect(welcome).toContainText('Queued (not sent yet)');
    await expect(retry).toBeFocused();

    // Cancel the team notification, after a confirmation.
    await team.getByRole('button', { name: /^Cancel / }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this e-mail?' });
    await expect(dialog).toContainText('will never be sent');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel E-mail' }).click();
    await expect(toast(page, /^Cancelled: /)).toBeVisible();
    await expect(team).toContainText('Cancelled');
    await expect(team.getByRole('button', { name: /^Cancel / })).toHaveCount(0);
    await expect(team.getByRole('button', { name: /^Retry now:/ })).toHaveCount(0);

    // Narrowed by status.
    await page.getByLabel('Status').selectOption('cancelled');
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText('Team Notification');
    // The status shown stays through a reload.
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('cancelled');
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText('Team Notification');
    await page.getByLabel('Status').selectOption('queued');
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText('Welcome Email (Client)');

    // While something is queued the list looks again by itself: a colleague's new e-mail appears.
    await colleagueSends(colleague, clientEmail, 'send');
    await expect(ours).toHaveCount(2, { timeout: 15_000 });

    // Every action is in the client's activity.
    const lookup = await colleague.request.get(
      `/api/admin/clients?email=${encodeURIComponent(clientEmail)}`,
      {
        headers: { authorization: `Bearer ${await accessToken(colleague)}` },
      },
    );
    const clientId = (await lookup.json()).data.client.id as string;
    const activity = await colleague.request.get(`/api/admin/activity?client_id=${clientId}`, {
      headers: { authorization: `Bearer ${await accessToken(colleague)}` },
    });
    const actions = ((await activity.json()).data as { action: string }[]).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['email.retried', 'email.cancelled']));
    await colleagueContext.close();

    // Reading an e-mail.
    await page.getByLabel('Status').selectOption('all');
    await welcome
      .first()
      .getByRole('button', { name: /^Read / })
      .click();
    const reading = page.getByRole('dialog');
    await expect(reading).toContainText(`To ${clientEmail}`);
    // The list carries no bodies: the dialog asks for this one's, and the read is logged.
    await expect(reading.frameLocator('iframe').getByText(/onboarding SLA is 72 hours/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`outbox-reading-${width}.png`) });
    await page.keyboard.press('Escape');
    await expect(reading).toHaveCount(0);
    const read = await page.request.get(`/api/admin/activity?client_id=${clientId}`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(((await read.json()).data as { action: string }[])[0]).toMatchObject({ action: 'email.read' });

    await expectAccessible(page, { exclude: ['iframe'] });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`outbox-${width}.png`) });
  });
}
