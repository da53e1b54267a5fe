/**
 * Sets up what the client-area journeys start from, through the same API the wizard uses: the
 * signed-in person's onboarding record and uploaded documents.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { UploadedDocument } from '../packages/domain/src/document-upload.ts';
import { completeOnboardingRecord } from '../packages/domain/src/onboarding-testing.ts';
import { expect, type Names, signIn } from './fixtures.ts';

export const RESUME_FILE = fileURLToPath(new URL('./files/resume.pdf', import.meta.url));
export const COVER_LETTER_FILE = fileURLToPath(new URL('./files/cover-letter.docx', import.meta.url));

/** A new address on every call, so journeys never meet each other's data, even when repeated. */
export function freshEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Signs in someone who has never onboarded, and waits for the entry route to finish its check. */
export async function signInAsNewClient(page: Page, email: string, names: Names = {}): Promise<void> {
  await signIn(page, email, names);
  await expect(page.getByRole('button', { name: 'Start Onboarding' })).toBeVisible();
}

/**
 * A fresh access token for the page's session. It asks the refresh endpoint under the lock the
 * app itself refreshes under, so the two never present the same refresh token.
 */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() =>
    navigator.locks.request('auth:refresh-token', async () => {
      const response = await fetch('/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        credentials: 'same-origin',
      });
      return ((await response.json()) as { access_token?: string }).access_token ?? '';
    }),
  );
  expect(token, 'the page has a session').not.toBe('');
  return token;
}

async function authorization(page: Page) {
  return { authorization: `Bearer ${await accessToken(page)}` };
}

export async function uploadDocument(
  page: Page,
  folder: 'resumes' | 'cover-letters',
  file: string,
): Promise<UploadedDocument> {
  const name = file.split('/').pop() ?? file;
  const mimeType = name.endsWith('.pdf')
    ? 'application/pdf'
    : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const response = await page.request.post('/api/file-upload', {
    headers: await authorization(page),
    multipart: { folder, file: { name, mimeType, buffer: readFileSync(file) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}

/** Saves the record as the signed-in person (the wizard's POST). */
export async function saveRecord(page: Page, record: Record<string, unknown>): Promise<void> {
  const response = await page.request.post('/api/onboarding-submissions', {
    headers: await authorization(page),
    data: record,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A finished onboarding with a real resume and cover letter; returns what was uploaded. */
export async function seedCompleteProfile(page: Page, overrides: Record<string, unknown> = {}) {
  const resume = await uploadDocument(page, 'resumes', RESUME_FILE);
  const coverLetter = await uploadDocument(page, 'cover-letters', COVER_LETTER_FILE);
  await saveRecord(
    page,
    completeOnboardingRecord({
      resume: resume.url,
      cover_letter: coverLetter.url,
      subscribe_to_newsletter: false,
      ...overrides,
    }),
  );
  await forgetCompleteness(page);
  return { resume, coverLetter };
}

/**
 * Signing in runs the entry route's check before the record exists, which caches "incomplete";
 * the journeys start from a browser that has not checked yet.
 */
export async function forgetCompleteness(page: Page): Promise<void> {
  await page.context().clearCookies({ name: 'profile_complete' });
}

/** Another user's view of the API, with their own token. */
export function getAs(page: Page, token: string, path: string) {
  return page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
}
