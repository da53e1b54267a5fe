/**
 * `npm test`: every suite, in the order that fails fastest. Lint, types, unit and integration
 * (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then a production build, the
 * end-to-end journeys in Chromium, and the resilience suites (test/resilience).
 */
import { spawnSync } from 'node:child_process';

const steps: [string, string[]][] = [
  ['lint', ['npx', 'biome', 'check', '.']],
  ['types', ['npx', 'tsc', '-p', 'tsconfig.json']],
  ['unit and integration', ['npx', 'vitest', 'run']],
  ['build', ['npm', 'run', 'build']],
  ['end-to-end', ['npx', 'playwright', 'test']],
  // Real server processes under load, SIGKILL, a database outage and several instances (about 4 min).
  ['resilience', ['node', 'test/resilience/run.ts']],
];

for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command!, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${name} failed`);
    process.exit(result.status ?? 1);
  }
}
