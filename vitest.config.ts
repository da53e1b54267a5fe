import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which on a 2-core machine is one file at a
    // time. Suites spend much of their time waiting on databases, SMTP and HTTP, so three overlap well.
    maxWorkers: 3,
    globalSetup: ['test/setup/print-fast-check-seed.ts'],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['test/setup/fast-check-seed.ts'],
          // A worker imports the server once and runs its files one after another in it, instead of
          // importing it afresh per file (which was most of the stage's time). Safe because no file
          // here mocks, spies or stubs: Biome refuses `vi` in these files (biome.json), and a file that
          // sets an environment variable puts it back when it ends.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Files run side by side: every suite opens its own fresh database (SQLite file or
          // PostgreSQL database), its own ports and its own Redis key prefix.
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/fast-check-seed.ts', 'apps/web/src/test-setup.ts'],
          // A few tests render pages of fifty rows in jsdom several times over (3 to 4 s alone); with
          // three files at a time on two cores, Vitest's default of 5 s cut them off now and then.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
