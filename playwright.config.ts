import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Journeys drive Debian's Chromium against the real app (e2e/server.ts, a fresh embedded database),
 * which serves whatever web build is in WEB_DIST (default apps/web/dist) without rebuilding it.
 * `npm test` runs `npm run build` before the journeys; `npm run test:e2e` and `npx playwright test`
 * do not, so run `npm run build` first after changing the web app.
 */
export default defineConfig({
  testDir: 'e2e',
  // Journeys spend most of their time waiting on the browser and the server, so three at a time keep
  // two cores busy. Every journey signs in with an address of its own, so none sees another's people,
  // and any two may run side by side.
  fullyParallel: true,
  workers: 3,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace (DOM snapshots and screencast of every step) made every journey about 40 %
    // slower. A failing journey prints what each page showed instead (fixtures.ts); to look at one
    // step by step, run it again with E2E_TRACE=on.
    trace: process.env.E2E_TRACE === 'on' ? 'on' : 'off',
    launchOptions: {
      // Debian's chromium-headless-shell: the same Blink as its chromium, without the full browser's
      // window machinery, which took a third of the journeys' time on two cores (decision 038).
      executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node e2e/server.ts',
    url: `http://localhost:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // A short access-token lifetime, so the journeys exercise refreshing (see e2e/auth.spec.ts).
    env: { E2E_PORT: String(port), AUTH_ACCESS_TOKEN_TTL: process.env.AUTH_ACCESS_TOKEN_TTL ?? '15' },
  },
});
