import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_CLIENT } from '../scripts/seed-demo.ts';
import { ensureWebBuild, freePort, signIn } from './browser-jobs.ts';
import { startServer } from './lib.ts';
ensureWebBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
const server = await startServer<{ port: number }>(new URL('./browser-jobs.ts', import.meta.url), ['serve-app', dataDir, String(await freePort()), '0']);
const origin = `http://localhost:${server.ready.port}`;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'] });
try {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const p = await browser.contexts()[0]!.newPage();
  if (!process.env.OUT) await signIn(p, DEMO_CLIENT.email, `${origin}/`);
  await browser.close();
  for (const page of (process.env.PAGES ?? '/myjobs').split(',')) {
    const r = await lighthouse(`${origin}${page}`, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = r!.lhr;
    const name = page.replace(/\W/g, '_');
    writeFileSync(`/tmp/lhr${name}.json`, JSON.stringify(lhr));
    const a = lhr.audits;
    console.log(page, Math.round(lhr.categories.performance!.score! * 100), 'FCP', a['first-contentful-paint']!.numericValue?.toFixed(0), 'LCP', a['largest-contentful-paint']!.numericValue?.toFixed(0), 'TBT', a['total-blocking-time']!.numericValue?.toFixed(0), 'SI', a['speed-index']!.numericValue?.toFixed(0), 'CLS', a['cumulative-layout-shift']!.numericValue?.toFixed(3));
  }
} finally { chrome.kill(); server.stop(); }
