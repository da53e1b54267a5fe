/**
 * The journeys' own safety net: the shared fixture must fail a journey on a Content-Security-Policy
 * violation or a console error. Each test here provokes one and is expected to fail; if the fixture
 * stopped noticing, the test would pass and Playwright would report it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';

test('every journey uses the fixture that watches for these problems', () => {
  // The jobs journeys take the same `test`, extended with a staff member who assigns their jobs.
  const jobsSeed = readFileSync(`${import.meta.dirname}/jobs-seed.ts`, 'utf8');
  expect(jobsSeed).toMatch(/import \{[^}]*\btest as journeyTest\b[^}]*\} from '\.\/fixtures\.ts'/);
  expect(jobsSeed).toContain('export const test = journeyTest.extend');
  const specs = readdirSync(import.meta.dirname).filter((file) => file.endsWith('.spec.ts'));
  expect(specs.length).toBeGreaterThan(1);
  for (const spec of specs) {
    const source = readFileSync(`${import.meta.dirname}/${spec}`, 'utf8');
    const importsTest = /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'([^']+)'/.exec(source)?.[1];
    expect(['./fixtures.ts', './jobs-seed.ts'], `${spec} takes \`test\` from ${importsTest}`).toContain(
      importsTest,
    );
  }
});

test('a script that the Content-Security-Policy blocks fails the journey', async ({ page }) => {
  test.fail();
  await page.goto('/');
  const blocked = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective));
        const script = document.createElement('script');
        script.textContent = 'document.title = "injected"';
        document.head.append(script);
      }),
  );
  expect(await blocked).toBe('script-src-elem');
  await expect(page).not.toHaveTitle('injected');
});

test('an error in the console fails the journey', async ({ page }) => {
  test.fail();
  await page.goto('/');
  await page.evaluate(() => console.error('Something broke'));
});
