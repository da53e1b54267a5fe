/**
 * A person who meets a rate limit is told so in a toast and stays signed in: on a save the server
 * limits (job notes), and when the session refresh itself is limited on a reload.
 */
import type { Page } from '@playwright/test';
import { accessToken } from './client-area-seed.ts';
import { expect, toast } from './fixtures.ts';
import { DETAILED_TITLE, listJobs, signInClientWithJobs, test } from './jobs-seed.ts';

const LIMITED = /^Too many requests\. Please try again in (1 minute|\d+ seconds?)\.$/;
/** The job's row on a wide screen, or its card on a phone. */
const rowOf = (page: Page, title: string) =>
  page
    .getByRole('table', { name: 'Your jobs' })
    .locator('tbody tr')
    .or(page.getByRole('list', { name: 'Your jobs' }).getByRole('listitem'))
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });

/** Saves notes through the API until the server's per-user limit for notes answers 429. */
async function useUpNotesBudget(page: Page, jobId: string): Promise<void> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  for (let saves = 0; saves < 500; saves++) {
    const response = await page.request.put(`/api/my-jobs/${jobId}/notes`, {
      headers,
      data: { client_notes: `Draft ${saves}` },
    });
    if (response.status() === 429) {
      expect((await response.json()).error).toMatch(LIMITED);
      return;
    }
    expect(response.status(), await response.text()).toBe(200);
  }
  throw new Error('the notes limit was never reached');
}

for (const width of [1280, 390]) {
  test(`notes past the limit: a toast says how long to wait, and the client stays signed in (${width} px)`, async ({
    staff,
    page,
    browserProblems,
  }) => {
    browserProblems.allow(/429/);
    await page.setViewportSize({ width, height: 900 });
    await signInClientWithJobs(page, staff);
    const job = (await listJobs(page)).find((listed) => listed.data_job_title === DETAILED_TITLE)!;
    await useUpNotesBudget(page, job.id);

    await page.goto('/myjobs');
    await rowOf(page, DETAILED_TITLE)
      .getByRole('button', { name: /Add Notes|View Notes/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Job Notes' });
    await dialog.getByPlaceholder('Add your notes about this job...').fill('One more thought');
    await dialog.getByRole('button', { name: 'Save Notes' }).click();
    const shown = toast(page, 'Save Failed');
    await expect(shown).toContainText(/Too many requests\. Please try again in /);
    // What was typed is kept, so it can be saved once the wait is over.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByPlaceholder('Add your notes about this job...')).toHaveValue('One more thought');
    await page.screenshot({ path: test.info().outputPath(`notes-limited-${width}.png`) });

    // Everything else still answers: a reload keeps the session and lists the jobs.
    await page.reload();
    await expect(rowOf(page, DETAILED_TITLE)).toBeVisible();
  });
}

for (const width of [1280, 390]) {
  test(`a limited session refresh on reload shows the wait in a toast and keeps the session (${width} px)`, async ({
    staff,
    page,
    browserProblems,
  }) => {
    browserProblems.allow(/429/);
    await page.setViewportSize({ width, height: 900 });
    await signInClientWithJobs(page, staff, []);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My Profile', exact: true })).toBeVisible();

    // The next refresh of the session is answered as the server answers an address over its limit.
    let limited = 0;
    await page.route('**/auth/v1/token?grant_type=refresh_token', async (route) => {
      if (limited > 0) return route.continue();
      limited++;
      return route.fulfill({
        status: 429,
        headers: { 'retry-after': '2', 'content-type': 'application/json' },
        body: JSON.stringify({ error: 'Too many requests. Please try again in 2 seconds.' }),
      });
    });
    await page.reload();
    await expect(page.locator('[data-sonner-toast]')).toContainText(
      'Too many requests. Please try again in 2 seconds.',
    );
    // Shown in full (its entry animation over) before the picture is taken.
    await expect(page.locator('[data-sonner-toast]')).toHaveCSS('opacity', '1');
    // Spec 1, section 9: toasts sit 32 px above the bottom edge, 16 px on a phone.
    const toastBox = await page.locator('[data-sonner-toast]').boundingBox();
    expect(page.viewportSize()!.height - (toastBox!.y + toastBox!.height)).toBe(width === 390 ? 16 : 32);
    await page.screenshot({ path: test.info().outputPath(`refresh-limited-${width}.png`) });
    // Once the wait is over the session comes back: the profile, not the sign-in screen.
    await expect(page.getByRole('heading', { name: 'My Profile', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    expect(limited).toBe(1);
  });
}
