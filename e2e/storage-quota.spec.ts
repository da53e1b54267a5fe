/**
 * A client whose document storage is full is told so when they pick another resume: the upload
 * fails with the server's own sentence, and nothing else breaks.
 */
import type { Page } from '@playwright/test';
import { accessToken, freshEmail } from './client-area-seed.ts';
import { expect, signIn, test, toast } from './fixtures.ts';
import { expectStep, resumePdf, startOnboardingUntil } from './onboarding-helpers.ts';

const QUOTA_MESSAGE =
  /^You have used your \d+ MB of document storage\. Files you uploaded but did not keep are cleared an hour after upload: please try again then\.$/;

/** A PDF of about `bytes`. */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes, 0x20)]);

/**
 * Uploads PDFs through the API until the storage is full: large ones until one no longer fits,
 * then ever smaller ones, down to less than the resume the wizard will send (675 bytes).
 */
async function fillStorage(page: Page): Promise<void> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  let uploads = 0;
  for (const size of [4.9 * 1024 * 1024, 512 * 1024, 64 * 1024, 8 * 1024, 512]) {
    for (;;) {
      const response = await page.request.post('/api/file-upload', {
        headers,
        multipart: {
          folder: 'uploads',
          file: { name: `old-${uploads++}.pdf`, mimeType: 'application/pdf', buffer: pdfOf(size) },
        },
      });
      if (response.status() === 413) {
        expect((await response.json()).error).toMatch(QUOTA_MESSAGE);
        break;
      }
      expect(response.status(), await response.text()).toBe(201);
    }
  }
}

for (const width of [1280, 390]) {
  test(`a resume past the storage quota is refused with the reason (${width} px)`, async ({
    page,
    browserProblems,
  }) => {
    test.setTimeout(90_000);
    browserProblems.allow(/413/);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, freshEmail('quota'));
    await fillStorage(page);

    await startOnboardingUntil(page, 'Employment Information');

    await page.getByLabel('Resume').setInputFiles(resumePdf);
    const shown = toast(page, 'Upload Failed');
    await expect(shown).toContainText(
      /You have used your \d+ MB of document storage\. Files you uploaded but did not keep are cleared an hour after upload: please try again then\./,
    );
    await expect(shown).toHaveCSS('opacity', '1');
    await page.screenshot({ path: test.info().outputPath(`quota-${width}.png`) });
    // The wizard stays where it was, without a resume.
    await expectStep(page, 'Employment Information');
  });
}
