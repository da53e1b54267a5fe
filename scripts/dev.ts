/**
 * `npm run dev`: the server restarting on change (node --watch) and Vite with hot reload on :5173,
 * which proxies API and sign-in calls to the server.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
