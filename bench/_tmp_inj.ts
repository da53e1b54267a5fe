import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { signInForTest } from '../apps/server/src/testing/auth.ts';
import { completeRecord } from '../apps/server/src/testing/onboarding-record.ts';
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-x-'));
const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
const app = await buildApp({ config, webDist: path.join(dataDir, 'no-web') });
const client = await signInForTest(app, 'b@example.com', {});
const body = JSON.stringify(completeRecord());
const headers = { ...client.authHeader, 'content-type': 'application/json' };
const created = await app.inject({ method: 'POST', url: '/api/onboarding-submissions', headers, payload: body });
const id = created.json().data.id;
async function time(label: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await fn();
  const start = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, ((performance.now() - start) / n * 1000).toFixed(0), 'µs/req');
}
const mode = process.argv[2] ?? 'all';
if (mode === 'all' || mode === 'health') await time('healthz', 3000, () => app.inject({ url: '/healthz' }));
if (mode === 'all' || mode === 'get') await time('GET record', 3000, () => app.inject({ url: '/api/onboarding-submissions', headers }));
if (mode === 'all' || mode === 'put') await time('PUT record', 15000, () => app.inject({ method: 'PUT', url: `/api/onboarding-submissions/${id}`, headers, payload: body }));
await app.close();
