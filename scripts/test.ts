/**
 * `npm test`: every suite, in the order that fails fastest. Lint (Biome and the architecture's
 * import boundaries), types, unit and integration (SQLite, and PostgreSQL when TEST_DATABASE_URL
 * is set), then a production build and the end-to-end journeys in Chromium. Each stage prints how long it took. The long resilience runs
 * are `npm run test:resilience`, which CI runs after this.
 */
import { spawnSync } from 'node:child_process';

const steps: [string, string[]][] = [
  ['lint', ['npm', 'run', 'lint']],
  ['types', ['npx', 'tsc', '-p', 'tsconfig.json']],
  ['unit and integration', ['npx', 'vitest', 'run']],
  ['build', ['npm', 'run', 'build']],
  ['end-to-end', ['npx', 'playwright', 'test']],
];

const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const stageStarted = performance.now();
  const result = spawnSync(command!, args, { stdio: 'inherit' });
  console.log(`=== ${name}: ${result.status === 0 ? 'passed' : 'failed'} in ${seconds(stageStarted)} ===`);
  if (result.status !== 0) {
    console.error(`\n${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\nAll stages passed in ${seconds(started)}`);
