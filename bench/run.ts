/**
 * `npm run bench [-- name...]`: runs every scenario (or the named ones), prints requests per
 * second, p50 and p99 latency and the ratio to a baseline measured in the same run (scenarios
 * judged otherwise, such as Lighthouse, print their own figures), and exits non-zero when a budget
 * is missed.
 */
import { browserJobsScenario } from './browser-jobs.ts';
import { browserStaffJobsScenario } from './browser-staff-jobs.ts';
import { jobsListScenario } from './jobs.ts';
import { report, type Verdict } from './lib.ts';
import { lighthouseScenario } from './lighthouse.ts';
import { loadMixScenario } from './load.ts';
import { onboardingSaveScenario } from './onboarding-save.ts';
import { sessionCheckScenario } from './session-check.ts';
import { staffBoardScenario } from './staff-board.ts';

const scenarios: Record<string, () => Promise<Verdict[]>> = {
  'browser-jobs': browserJobsScenario,
  'browser-staff-jobs': browserStaffJobsScenario,
  jobs: jobsListScenario,
  onboarding: onboardingSaveScenario,
  load: loadMixScenario,
  'session-check': sessionCheckScenario,
  'staff-board': staffBoardScenario,
  lighthouse: lighthouseScenario,
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in scenarios));
if (unknown.length > 0) {
  console.error(`Unknown scenario ${unknown.join(', ')}; choose from ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}

const verdicts: Verdict[] = [];
for (const [name, run] of Object.entries(scenarios)) {
  if (requested.length > 0 && !requested.includes(name)) continue;
  console.log(`Running ${name}...`);
  verdicts.push(...(await run()));
}
process.exit(report(verdicts) ? 0 : 1);
