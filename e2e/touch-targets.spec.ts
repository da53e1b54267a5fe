/** On a touch screen the actions of the job cards are big enough for a finger. */
import { expect } from './fixtures.ts';
import { signInClientWithJobs, test } from './jobs-seed.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("a job card's actions are at least 40 px tall on a phone's touch screen", async ({ staff, page }) => {
  await signInClientWithJobs(page, staff);
  await page.goto('/myjobs');
  const firstCard = page.getByRole('list', { name: 'Your jobs' }).getByRole('listitem').first();
  // The card's actions; its title, a line of text that opens the details, has room around it instead.
  const buttons = firstCard.getByRole('button', { name: /Reject|Notes|View Details/ });
  await expect(buttons.first()).toBeVisible();
  const heights = await buttons.evaluateAll((all) =>
    all.map((button) => [button.textContent?.trim(), button.getBoundingClientRect().height] as const),
  );
  expect(heights.length).toBeGreaterThanOrEqual(3);
  for (const [name, height] of heights)
    expect(height, `${name} is ${height} px tall`).toBeGreaterThanOrEqual(40);
  await firstCard.screenshot({ path: test.info().outputPath('job-card-touch-390.png') });
});
