import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_CLIENT } from '../scripts/seed-demo.ts';
import { ensureWebBuild, freePort, signIn } from './browser-jobs.ts';
import { startServer } from './lib.ts';
ensureWebBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cpu-'));
const server = await startServer<{ port: number }>(new URL('./browser-jobs.ts', import.meta.url), ['serve-app', dataDir, String(await freePort()), '0']);
const origin = `http://localhost:${server.ready.port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const p = await context.newPage();
  await signIn(p, DEMO_CLIENT.email, `${origin}/`);
  for (const page of (process.env.PAGES ?? '/myjobs').split(',')) {
    const q = await context.newPage();
    const cdp = await context.newCDPSession(q);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await q.goto(`${origin}${page}`);
    await q.waitForLoadState('networkidle');
    await q.waitForTimeout(1000);
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(`/tmp/cpu${page.replace(/\W/g, '_')}.cpuprofile`, JSON.stringify(profile));
    await q.close();
  }
} finally { await browser.close(); server.stop(); }
