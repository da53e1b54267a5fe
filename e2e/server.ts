/**
 * The server the journeys run against: the real app on a fresh embedded database and data folder,
 * serving the production web build (WEB_DIST, default apps/web/dist).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  AUTH_ACCESS_TOKEN_TTL: process.env.AUTH_ACCESS_TOKEN_TTL ?? '3600',
  // Journeys sign in many times from one address, and the storage quota's fills it by uploading
  // dozens of files in a minute; a journey about limits sets its own.
  AUTH_RATE_LIMIT_PER_MINUTE: process.env.AUTH_RATE_LIMIT_PER_MINUTE ?? '10000',
  UPLOAD_RATE_LIMIT_PER_MINUTE: process.env.UPLOAD_RATE_LIMIT_PER_MINUTE ?? '10000',
});
const app = await buildApp({
  config,
  webDist: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : undefined,
});
await app.listen({ host: '127.0.0.1', port });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
