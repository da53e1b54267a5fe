/**
 * `node test/resilience/run.ts` (`npm run test:resilience`): the suites that need real server
 * processes (start-up migrations, load, crash, database outage, several instances). Not part of
 * `npm test`; CI runs it after `npm test`. SQLite always, PostgreSQL too when TEST_DATABASE_URL is
 * set. Every figure is printed with a `[figures]` prefix. Name suites to run only those:
 * `run.ts crash outage`.
 */
import { argv } from 'node:process';

const suites = ['migrations', 'load', 'crash', 'outage', 'instances'];
const requested = argv.slice(2);
for (const suite of suites) {
  if (requested.length === 0 || requested.includes(suite)) await import(`./${suite}.test.ts`);
}
