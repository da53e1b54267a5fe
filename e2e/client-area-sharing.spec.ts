import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  accessToken,
  freshEmail,
  getAs,
  RESUME_FILE,
  seedCompleteProfile,
  signInAsNewClient,
} from './client-area-seed.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const LINK_FAILED = 'Could not download the file from the provided URL.';

/** Shares the resume from the profile and returns the link the dialog shows. */
async function shareResume(page: Page): Promise<string> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Share link to Resume' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share link' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Anyone with this link can download resume\.pdf until /)).toBeVisible();
  const url = await dialog.getByLabel('Link').inputValue();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);
  return url;
}

async function downloadOnPublicPage(page: Page, url: string) {
  await page.getByLabel('Document URL').fill(url);
  await page.getByRole('button', { name: 'Download' }).click();
}

test('a shared resume downloads for a visitor who is not signed in, and a tampered link does not', async ({
  page,
  browser,
}) => {
  await signInAsNewClient(page, freshEmail('sharer'), { firstName: 'Sam' });
  await seedCompleteProfile(page);
  const link = await shareResume(page);
  expect(new URL(link).pathname).toBe('/api/document-links/download');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto('/downloaddoc');
    await expect(visitor.getByRole('heading', { name: 'Download a Document' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    await expectAccessible(visitor);

    await visitor.getByRole('button', { name: 'Download' }).click();
    await expect(visitor.getByText('Please enter a URL')).toBeVisible();
    await expect(visitor.getByLabel('Document URL')).toBeFocused();

    const download = visitor.waitForEvent('download');
    await downloadOnPublicPage(visitor, link);
    const file = await download;
    expect(file.suggestedFilename()).toBe('resume.pdf');
    expect(readFileSync(await file.path()).equals(readFileSync(RESUME_FILE))).toBe(true);
    await expect(visitor.getByText('Please enter a URL')).toHaveCount(0);

    // A tampered link is refused by the server, and the page shows the spec's message.
    const token = new URL(link).searchParams.get('token') ?? '';
    const tampered = new URL(link);
    tampered.searchParams.set(
      'token',
      `${token.slice(0, 5)}${token.charAt(5) === 'A' ? 'B' : 'A'}${token.slice(6)}`,
    );
    await downloadOnPublicPage(visitor, tampered.toString());
    await expect(visitor.getByText(LINK_FAILED)).toBeVisible();

    // A link to somewhere else is never followed.
    await downloadOnPublicPage(visitor, 'https://elsewhere.example.com/resume.pdf');
    await expect(visitor.getByText(LINK_FAILED)).toBeVisible();

    // Any other failure is a failed download.
    await visitor.route('**/api/document-links/download**', (route) =>
      route.fulfill({ status: 500, json: { error: 'Boom' } }),
    );
    await downloadOnPublicPage(visitor, link);
    await expect(visitor.getByText('Failed to download document')).toBeVisible();
    await expectAccessible(visitor);
  } finally {
    await visitorContext.close();
  }
});

test("another person's document cannot be downloaded or shared, by path or by link", async ({
  page,
  browser,
}) => {
  await signInAsNewClient(page, freshEmail('owner.of.resume'));
  const { resume } = await seedCompleteProfile(page);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  try {
    await signInAsNewClient(other, freshEmail('curious'));
    const token = await accessToken(other);
    for (const path of [resume.path, resume.url]) {
      const download = await getAs(other, token, `/api/documents/download?path=${encodeURIComponent(path)}`);
      expect(download.status()).toBe(404);
      expect(await download.json()).toEqual({ error: 'Document not found' });
    }
    const share = await other.request.post('/api/document-links', {
      headers: { authorization: `Bearer ${token}` },
      data: { path: resume.path },
    });
    expect(share.status()).toBe(404);
    expect(await share.json()).toEqual({ error: 'Document not found' });

    const mine = await getAs(
      page,
      await accessToken(page),
      `/api/documents/download?path=${encodeURIComponent(resume.path)}`,
    );
    expect(mine.status()).toBe(200);
  } finally {
    await otherContext.close();
  }
});
