/**
 * Lighthouse on the signed-out pages and, signed in as the demo client (complete onboarding, the
 * demo jobs), the client area's pages, with the mobile and the desktop form factor. Budgets:
 * performance at least 95 and accessibility 100 on each page.
 *
 * The app runs in a child process on its own embedded database with the demo data, serving the
 * production web build (WEB_DIST, default apps/web/dist, built first when missing). Lighthouse drives
 * the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through chrome-launcher. The client
 * signs in through the development provider's pages in that same browser; Lighthouse keeps cookies
 * between runs, so every signed-in page loads with the session's refresh cookie, as a returning
 * visitor's would.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { freePort } from '../apps/server/src/testing/ports.ts';
import { DEMO_CLIENT } from '../scripts/seed-demo.ts';
import { ensureWebBuild, signIn } from './browser-jobs.ts';
import { startServer, type Verdict } from './lib.ts';

export const PERFORMANCE_BUDGET = 95;
export const ACCESSIBILITY_BUDGET = 100;

const SIGNED_OUT_PAGES = [
  '/',
  '/update-preferences',
  '/legal/terms.html',
  '/legal/privacy.html',
  '/no-such-page',
];
const SIGNED_IN_PAGES = [
  '/',
  '/profile',
  '/update-preferences',
  '/myjobs',
  '/job-stats',
  '/myteam',
  '/edit-profile',
];
const FORM_FACTORS = ['mobile', 'desktop'] as const;
const RETRIES = 2;

interface PageScore {
  page: string;
  signedIn: boolean;
  formFactor: (typeof FORM_FACTORS)[number];
  /** Where the page ended up after redirects. */
  finalPath: string;
  performance: number;
  accessibility: number;
  /** The accessibility audits that failed, by id. */
  accessibilityFailures: string[];
  /** Milliseconds: what the performance score mostly weighs. */
  largestContentfulPaint: number;
  totalBlockingTime: number;
}

async function audit(
  origin: string,
  port: number,
  page: string,
  signedIn: boolean,
  formFactor: PageScore['formFactor'],
): Promise<PageScore> {
  const run = () =>
    lighthouse(
      `${origin}${page}`,
      { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
  let result = await run();
  // A trace recording sometimes misses the navigation (NO_NAVSTART); Lighthouse's advice is to run again.
  for (let retry = 1; retry <= RETRIES && result?.lhr.runtimeError; retry += 1) result = await run();
  if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${page}: ${lhr.runtimeError.message}`);
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    page,
    signedIn,
    formFactor,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    accessibilityFailures,
    largestContentfulPaint: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    totalBlockingTime: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
  };
}

const ms = (value: number) => `${value.toFixed(0).padStart(4)} ms`;

/** Prints every page run's scores with its verdict and returns the verdicts. */
function judge(scores: PageScore[]): Verdict[] {
  console.log(
    `\nLighthouse (budgets: performance at least ${PERFORMANCE_BUDGET}, accessibility ${ACCESSIBILITY_BUDGET})`,
  );
  console.log(`  ${'page'.padEnd(34)} ${'form'.padEnd(8)} perf  a11y     LCP     TBT  verdict`);
  const verdicts = scores.map((score): Verdict => {
    const pass = score.performance >= PERFORMANCE_BUDGET && score.accessibility >= ACCESSIBILITY_BUDGET;
    const shown = score.finalPath === score.page ? score.page : `${score.page} → ${score.finalPath}`;
    const label = `${score.signedIn ? 'in ' : 'out'} ${shown}`;
    const failures =
      score.accessibilityFailures.length > 0 ? `  (${score.accessibilityFailures.join(', ')})` : '';
    console.log(
      `  ${label.padEnd(34)} ${score.formFactor.padEnd(8)} ${String(score.performance).padStart(4)}  ${String(score.accessibility).padStart(4)}  ${ms(score.largestContentfulPaint)}  ${ms(score.totalBlockingTime)}  ${pass ? 'PASS' : 'FAIL'}${failures}`,
    );
    return {
      scenario: `lighthouse ${score.signedIn ? 'signed in' : 'signed out'} ${score.page} ${score.formFactor}`,
      pass,
    };
  });
  const passed = verdicts.filter((verdict) => verdict.pass).length;
  console.log(`  ${passed} of ${verdicts.length} page runs within budget`);
  return verdicts;
}

export async function lighthouseScenario(): Promise<Verdict[]> {
  ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const server = await startServer<{ port: number }>(new URL('./browser-jobs.ts', import.meta.url), [
    'serve-app',
    dataDir,
    String(await freePort()),
    '0',
  ]);
  const origin = `http://localhost:${server.ready.port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    const scores: PageScore[] = [];
    for (const formFactor of FORM_FACTORS) {
      for (const page of SIGNED_OUT_PAGES)
        scores.push(await audit(origin, chrome.port, page, false, formFactor));
    }
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const signInPage = await browser.contexts()[0]!.newPage();
    await signIn(signInPage, DEMO_CLIENT.email, `${origin}/`);
    await browser.close();
    for (const formFactor of FORM_FACTORS) {
      for (const page of SIGNED_IN_PAGES)
        scores.push(await audit(origin, chrome.port, page, true, formFactor));
    }
    return judge(scores);
  } finally {
    chrome.kill();
    server.stop();
  }
}
