/**
 * `/myjobs` in Chromium for a client with 10,000 jobs: how long after navigation the table is usable,
 * and how long applying a filter, sorting and toggling a decision take to reach the screen. Those
 * figures are printed (targets: 1 s and 100 ms), not judged: they depend on the machine. Fast flings
 * (10,000 px/s) from four places along the list, as the table on a laptop and as cards on a phone,
 * are judged: the median frame must take at most 20 ms (a frame every 16.7 ms at 60 Hz, with room
 * for timer jitter).
 *
 * The app runs in a child process on its own embedded database, seeded with the demo client (complete
 * onboarding) and 10,000 jobs, serving the production web build (WEB_DIST, default apps/web/dist,
 * built first when missing).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createClientsService } from '../apps/server/src/modules/clients/service.ts';
import { importJobs } from '../apps/server/src/modules/jobs/import.ts';
import { freePort } from '../apps/server/src/testing/ports.ts';
import { formatCount } from '../packages/domain/src/jobs-format.ts';
import { DEMO_CLIENT, demoJobs, seedDemo } from '../scripts/seed-demo.ts';
import { serveInChild, startServer, type Verdict } from './lib.ts';

export const BROWSER_JOB_COUNT = 10_000;
const IMPORT_BATCH = 2_000;
const ROUNDS = 5;
/** The budget of the median frame while flinging through the list. */
const FLING_FRAME_BUDGET_MS = 20;
const webDist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');

/** Child process: the app with the demo data and `extraJobs` more jobs for the demo client, listening on `port`. */
async function serveApp(dataDir: string, port: number, extraJobs: number): Promise<{ port: number }> {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
  });
  const app = await buildApp({ config, webDist });
  await seedDemo(app.db, config);
  const { jobs } = demoJobs(new Date(), extraJobs);
  for (let start = 0; start < jobs.length; start += IMPORT_BATCH) {
    const content = JSON.stringify(jobs.slice(start, start + IMPORT_BATCH));
    await importJobs(app.db, createClientsService(app.db.kysely), {
      email: DEMO_CLIENT.email,
      format: 'json',
      content,
    });
  }
  await app.listen({ host: '127.0.0.1', port });
  return { port };
}

await serveInChild(import.meta, {
  'serve-app': (dataDir, port, jobs) => serveApp(dataDir, Number(port), Number(jobs)),
});

/** Signs in through the development provider's pages; `entry` is the app's address (relative to a base URL or absolute). */
export async function signIn(page: Page, email: string, entry = '/') {
  await page.goto(entry);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Your account' }).waitFor();
}

declare global {
  interface Window {
    __tableUsableAt?: number;
  }
}

/** Milliseconds from navigation to the first row of a complete table on screen. */
async function timeToUsableTable(page: Page): Promise<number> {
  await page.goto('/myjobs');
  await page.waitForFunction(() => window.__tableUsableAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => window.__tableUsableAt ?? Number.NaN);
}

/**
 * Runs `act` in the page and answers the milliseconds until `changed` holds and the next frame has
 * been painted: what a person waits for after a click.
 */
function timeToScreen(page: Page, step: 'filter' | 'sort' | 'decision'): Promise<number> {
  return page.evaluate(async (which) => {
    const table = document.querySelector('table[aria-label="Your jobs"]');
    const badge = () =>
      [...document.querySelectorAll('span')].find((span) => / jobs shown$/.test(span.textContent ?? ''));
    const titleHeader = () =>
      [...(table?.querySelectorAll('th') ?? [])].find((th) => th.textContent?.trim() === 'Job Title');
    const decision = () => table?.querySelector<HTMLButtonElement>('tbody tr td:nth-child(4) button');
    let act: () => void;
    let read: () => string | null | undefined;
    if (which === 'filter') {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Apply Filters');
      act = () => button?.click();
      read = () => badge()?.textContent;
    } else if (which === 'sort') {
      act = () => titleHeader()?.querySelector('button')?.click();
      read = () => titleHeader()?.getAttribute('aria-sort');
    } else {
      act = () => decision()?.click();
      read = () => decision()?.textContent;
    }
    const before = read();
    const start = performance.now();
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (read() === before) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      act();
    });
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - start;
  }, step);
}

/** The middle of the values (the upper one of an even count); NaN when there are none. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
/** Milliseconds as a figure's column: whole, right-aligned. */
export const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

/** The system Chromium (CHROMIUM_PATH, by default Debian's), quiet: no sandbox, GPU or background traffic. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/** Builds the web app when WEB_DIST holds no build yet. */
export function ensureWebBuild() {
  if (existsSync(path.join(webDist, 'index.html'))) return;
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web build failed');
}

/** A fast fling: about the top speed of a flick on a phone or a trackpad, in pixels per second. */
const FLING_SPEED = 10_000;
/** Where flings start, as parts of the list's length, and how long each lasts (ms). */
const FLING_STARTS = [0, 0.25, 0.5, 0.75];
const FLING_MS = 2_000;

/**
 * Flings through the job list at FLING_SPEED from a few places along it, moving each frame as far
 * as the time since the last frame allows (a late frame jumps further, as a real fling does), and
 * answers how long each frame took. `list` selects the table or the card list; what scrolls is the
 * list's parent box (the table) or the page (the cards).
 */
function flingFrameTimes(page: Page, list: string, scrolls: 'box' | 'page'): Promise<number[]> {
  return page.evaluate(
    async ({ selector, speed, starts, duration, scrollsPage }) => {
      const box = scrollsPage ? document.scrollingElement : document.querySelector(selector)?.parentElement;
      if (!box) throw new Error(`Nothing scrolls ${selector}`);
      const times: number[] = [];
      for (const start of starts) {
        box.scrollTop = start * box.scrollHeight;
        await new Promise((resolve) => setTimeout(resolve, 300));
        await new Promise<void>((resolve) => {
          let first = 0;
          let last = 0;
          const frame = (now: number) => {
            if (last) times.push(now - last);
            first ||= now;
            box.scrollTop += last ? (speed * (now - last)) / 1000 : 0;
            last = now;
            if (now - first >= duration) resolve();
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
      }
      return times;
    },
    {
      selector: list,
      speed: FLING_SPEED,
      starts: FLING_STARTS,
      duration: FLING_MS,
      scrollsPage: scrolls === 'page',
    },
  );
}

export async function browserJobsScenario(): Promise<Verdict[]> {
  ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-browser-jobs-'));
  const server = await startServer<{ port: number }>(new URL(import.meta.url), [
    'serve-app',
    dataDir,
    String(await freePort()),
    String(BROWSER_JOB_COUNT),
  ]);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      baseURL: `http://localhost:${server.ready.port}`,
      viewport: { width: 1280, height: 900 },
    });
    // Marks the moment the table first shows a row and the badge counts every job.
    await context.addInitScript((count) => {
      const observer = new MutationObserver(() => {
        const row = document.querySelector('table[aria-label="Your jobs"] tbody tr');
        const complete = document.body.textContent?.includes(`${count} of ${count} jobs shown`);
        if (!row || !complete) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__tableUsableAt = performance.now();
        });
      });
      document.addEventListener('DOMContentLoaded', () =>
        observer.observe(document.body, { subtree: true, childList: true, characterData: true }),
      );
    }, formatCount(BROWSER_JOB_COUNT));
    const page = await context.newPage();
    await signIn(page, DEMO_CLIENT.email);

    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) loads.push(await timeToUsableTable(page));

    const filters: number[] = [];
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      await page.getByLabel('Status', { exact: true }).selectOption(round % 2 === 0 ? 'applied' : 'all');
      filters.push(await timeToScreen(page, 'filter'));
      await page.getByText('Filters Applied', { exact: true }).waitFor({ state: 'hidden' });
    }
    const sorts: number[] = [];
    for (let round = 0; round < ROUNDS * 2; round += 1) sorts.push(await timeToScreen(page, 'sort'));
    const decisions: number[] = [];
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      decisions.push(await timeToScreen(page, 'decision'));
      // The next click would be ignored while this one is in flight.
      await page.waitForFunction(
        () =>
          !document.querySelector('table[aria-label="Your jobs"] tbody tr td:nth-child(4) button[aria-busy]'),
      );
    }

    const tableFling = await flingFrameTimes(page, 'table[aria-label="Your jobs"]', 'box');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('ul[aria-label="Your jobs"] li').first().waitFor();
    const cardFling = await flingFrameTimes(page, 'ul[aria-label="Your jobs"]', 'page');

    console.log(`\n/myjobs in Chromium, ${formatCount(BROWSER_JOB_COUNT)} jobs (median of ${ROUNDS}+ runs)`);
    console.log(`  table usable after navigation (first)  ${ms(loads[0] ?? Number.NaN)}   target 1000 ms`);
    console.log(`  table usable after navigation (median) ${ms(median(loads))}   target 1000 ms`);
    console.log(`  apply a filter                          ${ms(median(filters))}   target  100 ms`);
    console.log(`  sort by a column                        ${ms(median(sorts))}   target  100 ms`);
    console.log(`  toggle a decision                       ${ms(median(decisions))}   target  100 ms`);
    const flings = [
      { scenario: 'fling through the table at 1280 px', frames: tableFling },
      { scenario: 'fling through the cards at 390 px', frames: cardFling },
    ];
    return flings.map(({ scenario, frames }) => {
      const pass = frames.length > 0 && median(frames) <= FLING_FRAME_BUDGET_MS;
      console.log(
        `  ${scenario.padEnd(38)} ${ms(median(frames))}   budget ${FLING_FRAME_BUDGET_MS} ms per frame (median of ${frames.length} frames, slowest ${ms(Math.max(...frames)).trim()}) ${pass ? 'PASS' : 'FAIL'}`,
      );
      return { scenario: `browser-jobs: ${scenario}`, pass };
    });
  } finally {
    await browser.close();
    server.stop();
  }
}
