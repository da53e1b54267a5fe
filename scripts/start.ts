/**
 * `npm start`: builds the browser app when it has not been built, or when any of its sources is
 * newer than the build, then serves everything.
 */
import { spawnSync } from 'node:child_process';
import { webBuildIsStale } from './web-build.ts';

if (webBuildIsStale('apps/web')) {
  console.log('Building the web app (its sources changed since the last build)...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../apps/server/src/main.ts');
