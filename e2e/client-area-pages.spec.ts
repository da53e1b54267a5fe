import { freshEmail, seedCompleteProfile, signInAsNewClient } from './client-area-seed.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test('My Team opens a WhatsApp chat that introduces the client by name and e-mail', async ({ page }) => {
  const email = freshEmail('team.member');
  await signInAsNewClient(page, email, { firstName: 'Tess', lastName: 'Ting' });
  await page.getByRole('link', { name: 'My Team' }).click();
  await expect(page).toHaveURL('/myteam');
  await expect(page.getByText('Connect directly with our team via WhatsApp')).toBeVisible();
  await expect(page.getByText('Our team typically responds within a few hours')).toBeVisible();

  const chat = page.getByRole('link', { name: /WhatsApp/ });
  const href = new URL((await chat.getAttribute('href')) ?? '');
  expect(`${href.origin}${href.pathname}`).toMatch(/^https:\/\/wa\.me\/\d+$/);
  const message = href.searchParams.get('text') ?? '';
  expect(message).toContain('Tess Ting');
  expect(message).toContain(email);
  expect(message.endsWith("and I'd like to connect with the team for guidance on my job search.")).toBe(true);
  await expect(chat).toHaveAttribute('target', '_blank');
  await expectAccessible(page);
});

test('signed-out visitors are sent from My Team to the sign-in screen', async ({ page }) => {
  await page.goto('/myteam');
  // The sign-in screen at /, remembering the page asked for (e2e/shell.spec.ts signs in back to it).
  await expect(page).toHaveURL('/?redirect_to=%2Fmyteam');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

test('a signed-out visitor signs in from Email Preferences and comes back to it', async ({ page }) => {
  await page.goto('/update-preferences');
  await expect(page.getByRole('heading', { name: 'Sign In to Update Preferences' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Email', { exact: true }).fill(freshEmail('returning.reader'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL('/update-preferences');
  await expect(page.getByRole('heading', { name: 'Career Coaching Email' })).toBeVisible();
  await expect(page.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
});

test('on a phone, the folded menu reaches every page of the client area', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewClient(page, freshEmail('on.the.go'), { firstName: 'Mo', lastName: 'Bile' });
  await seedCompleteProfile(page);

  const pages = [
    ['My Profile', '/profile'],
    ['Apply for Me', '/myjobs'],
    ['My Job Stats', '/job-stats'],
    ['My Team', '/myteam'],
  ] as const;
  for (const [label, path] of pages) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  }
  await expect(page.getByRole('heading', { name: 'My Team' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  await page.goto('/downloaddoc');
  await expect(page.getByRole('heading', { name: 'Download a Document' })).toBeVisible();
  await expectAccessible(page);
});
