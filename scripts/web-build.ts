import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the web build is made from: its sources, static files and build configuration. */
const SOURCES = ['src', 'public', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json'];

/** The newest modification time under `entry` (a file or a folder), 0 when it does not exist. */
function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, name)));
  return newest;
}

/**
 * True when `dist/index.html` is missing or older than any source of the web app (including the
 * shared domain package it bundles), so `npm start` never serves a stale build.
 */
export function webBuildIsStale(
  webDir: string,
  domainDir = path.join(webDir, '../../packages/domain/src'),
): boolean {
  const built = path.join(webDir, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = [...SOURCES.map((name) => path.join(webDir, name)), domainDir];
  return sources.some((source) => newestChange(source) > builtAt);
}
