import { test } from './fixtures.ts';
import { signInClientWithJobs, signInStaff } from './jobs-seed.ts';

test('smoke', async ({ page, browser }) => {
  const staff = await signInStaff(browser);
  await signInClientWithJobs(page, staff);
  await page.goto('/myjobs');
  await page.getByText('of 300 jobs shown').waitFor();
  await page.screenshot({ path: '/tmp/jobs-shots/myjobs.png', fullPage: true });
  await page.getByRole('button', { name: 'Staff Platform Engineer (detailed)' }).click();
  await page.screenshot({ path: '/tmp/jobs-shots/details.png' });
  await page.keyboard.press('Escape');
  await page.goto('/job-stats');
  await page.getByText('Total Applied Jobs').waitFor();
  await page.screenshot({ path: '/tmp/jobs-shots/stats.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/myjobs');
  await page.getByText('of 300 jobs shown').waitFor();
  await page.screenshot({ path: '/tmp/jobs-shots/mobile.png', fullPage: true });
  await staff.close();
});
