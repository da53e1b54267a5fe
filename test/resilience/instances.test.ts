/**
 * Several instances: two server processes on one PostgreSQL database behind a round-robin
 * balancer. A client signs in (through a stand-in for Google, so no instance keeps sign-in state),
 * fills in onboarding step by step, and works on their jobs; half-way through, one instance is
 * killed, while other clients keep the load on. Nobody may notice.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { jobListItems } from '@app/domain/jobs-api';
import { TestBrowser } from '../../apps/server/src/auth/test-browser.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { createTestApp } from '../../apps/server/src/testing/databases.ts';
import { pdfBytes } from '../../apps/server/src/testing/documents.ts';
import { completeRecord } from '../../apps/server/src/testing/onboarding-record.ts';
import { freePort } from '../../apps/server/src/testing/ports.ts';
import { clientStep, configFrom, REALISTIC_MIX, seedClients, WriteLedger } from './client-mix.ts';
import { cleanupStack, createEnvironment, databaseKinds, report } from './environment.ts';
import { startBalancer } from './http-balancer.ts';
import { httpClient, LoadFigures, runUsers } from './http-load.ts';
import { startServerProcess } from './server-processes.ts';

const BACKGROUND_CLIENTS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const JOURNEY_EMAIL = 'journey@example.com';

/** A stand-in for Google: the development provider of another app, with our client registered. */
async function startFakeGoogle(callbackUrl: string) {
  const port = await freePort();
  const issuerBase = `http://127.0.0.1:${port}`;
  const google = await createTestApp('sqlite', {
    PUBLIC_URL: issuerBase,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  });
  await google.app.listen({ host: '127.0.0.1', port });
  const registered = await fetch(`${issuerBase}/oidc/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [callbackUrl], token_endpoint_auth_method: 'client_secret_post' }),
  });
  const client = (await registered.json()) as { client_id: string; client_secret: string };
  return { issuer: `${issuerBase}/oidc`, client, close: google.close };
}

/** The onboarding record as the wizard saves it: a few fields per step, completion last. */
function wizardSteps(email: string, resume: string, steps: number): Record<string, unknown>[] {
  const fields = Object.entries(completeRecord({ email_address: email, resume }));
  const size = Math.ceil(fields.length / steps);
  return Array.from({ length: steps }, (_, i) => Object.fromEntries(fields.slice(i * size, (i + 1) * size)));
}

if (databaseKinds.includes('postgres')) {
  describe('several instances behind a load balancer, one of them killed half-way', () => {
    it("carries a client's journey and everyone else's requests through to the surviving instance", async () => {
      const later = cleanupStack();
      try {
        const balancer = later.add(await startBalancer(), (started) => started.close());
        const google = later.add(await startFakeGoogle(`${balancer.url}/auth/v1/callback`), (started) =>
          started.close(),
        );
        const shared = {
          PUBLIC_URL: balancer.url,
          TRUST_PROXY: '1',
          STORAGE_URL: `file:${mkdtempSync(path.join(tmpdir(), 'shared-storage-'))}`,
          AUTH_GOOGLE_CLIENT_ID: google.client.client_id,
          AUTH_GOOGLE_CLIENT_SECRET: google.client.client_secret,
          AUTH_GOOGLE_ISSUER: google.issuer,
          AUTH_JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
            .privateKey.export({ type: 'pkcs8', format: 'pem' })
            .toString(),
          AUTH_COOKIE_SECRET: randomBytes(32).toString('base64url'),
        };
        const environment = later.add(await createEnvironment('postgres', shared), (made) => made.drop());
        // Each instance keeps its own data folder: nothing may depend on what another wrote there.
        const instance = async () =>
          later.add(
            await startServerProcess({
              ...environment.env,
              DATA_DIR: mkdtempSync(path.join(tmpdir(), 'instance-')),
            }),
            (started) => started.kill(),
          );
        const { clients, staff } = await seedClients(configFrom(environment.env), BACKGROUND_CLIENTS, 5);
        const a = await instance();
        const b = await instance();
        balancer.setUpstreams([a.url, b.url]);

        const background = later.add(httpClient(balancer.url, BACKGROUND_CLIENTS), (client) =>
          client.close(),
        );
        const figures = new LoadFigures();
        const ledger = new WriteLedger();
        let stopped = false;
        const load = later.add(
          runUsers(clients, () => stopped, clientStep(background, figures, ledger, REALISTIC_MIX)),
          async (running) => {
            stopped = true;
            await running;
          },
        );
        const journey: string[] = [];
        // Staff give the journey's client their jobs before the client first signs in.
        const imported = await fetch(`${balancer.url}/api/admin/jobs/import`, {
          method: 'POST',
          headers: { ...staff, 'content-type': 'application/json' },
          body: JSON.stringify({
            email: JOURNEY_EMAIL,
            format: 'json',
            content: JSON.stringify(
              [1, 2, 3].map((n) => ({ job_uid: `j-${n}`, data_job_title: `Role ${n}` })),
            ),
          }),
        });
        assert.equal(imported.status, 200, await imported.text());

        const browser = new TestBrowser();
        const step = async (name: string, url: string, init: RequestInit = {}, expected = 200) => {
          const response = await browser.request(`${balancer.url}${url}`, init);
          const text = await response.text();
          journey.push(
            `  ${name.padEnd(44)} ${response.status}  via ${response.headers.get('x-upstream') === a.url ? 'A' : 'B'}`,
          );
          assert.equal(response.status, expected, `${name}: ${text}`);
          return text ? JSON.parse(text) : null;
        };

        // Sign in with "Google" and get an access token from the refresh cookie.
        const { response: page, url: pageUrl } = await browser.follow(
          `${balancer.url}/auth/v1/authorize?redirect_to=/onboarding`,
        );
        const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1];
        assert.ok(action, 'the sign-in page has a form');
        const { response: back } = await browser.follow(new URL(action, pageUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email: JOURNEY_EMAIL, first_name: 'Jo', last_name: 'Urney' }),
        });
        assert.equal(back.headers.get('location'), '/onboarding');
        journey.push(
          `  ${'sign in with Google, back at the callback'.padEnd(44)} ${back.status}  via ${back.headers.get('x-upstream') === a.url ? 'A' : 'B'}`,
        );
        const refresh = () =>
          step('refresh the session', '/auth/v1/token?grant_type=refresh_token', { method: 'POST' });
        let token = (await refresh()).access_token as string;
        const api = (method: string, body?: unknown) => ({
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });

        const resumeForm = new FormData();
        resumeForm.append('folder', 'resumes');
        resumeForm.append(
          'file',
          new Blob([new Uint8Array(pdfBytes('Journey'))], { type: 'application/pdf' }),
          'cv.pdf',
        );
        const uploaded = await step(
          'upload the resume',
          '/api/file-upload',
          { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: resumeForm },
          201,
        );
        const [first, ...rest] = wizardSteps(JOURNEY_EMAIL, uploaded.data.path, 6);
        assert.deepEqual((await step('open onboarding', '/api/onboarding-submissions', api('GET'))).data, []);
        const recordId = (
          await step('save onboarding step 1', '/api/onboarding-submissions', api('POST', first))
        ).data.id;
        const save = (n: number, fields: Record<string, unknown>) =>
          step(`save onboarding step ${n}`, `/api/onboarding-submissions/${recordId}`, api('PUT', fields));
        await save(2, rest[0]!);
        await save(3, rest[1]!);

        // Both instances carry the background load for a while, then A dies under it.
        await sleep(1500);
        await a.kill();
        journey.push('  -- instance A killed (SIGKILL) --');

        for (const [i, fields] of rest.slice(2).entries()) await save(i + 4, fields);
        token = (await refresh()).access_token;
        const complete = await step(
          'check the profile is complete',
          '/api/onboarding-submissions/check-complete',
          api('GET'),
        );
        assert.equal(complete.isComplete, true, JSON.stringify(complete.missingFields));
        const jobs = jobListItems(await step('list jobs', '/api/my-jobs', api('GET')));
        assert.equal(jobs.length, 3);
        await step(
          'reject a job',
          `/api/my-jobs/${jobs[0]!.id}/approval`,
          api('PUT', { client_approval: 'rejected' }),
        );
        await step(
          'note on a job',
          `/api/my-jobs/${jobs[1]!.id}/notes`,
          api('PUT', { client_notes: 'Ask about remote' }),
        );
        await step('sign out', '/auth/v1/logout', { method: 'POST' }, 204);

        await sleep(1500);
        stopped = true;
        await load;
        const totals = figures.totals();
        assert.equal(totals.errors + totals.unexpected, 0, figures.problems.join('\n'));
        const stats = balancer.stats();
        assert.equal(stats.badGateway, 0);
        assert.ok(
          (stats.answered[a.url] ?? 0) > 0 && (stats.answered[b.url] ?? 0) > 0,
          'both instances served',
        );

        const db = later.add(openDatabase(configFrom(environment.env).database), (opened) => opened.close());
        assert.deepEqual(await ledger.check(db), []);
        const decided = await db.kysely
          .selectFrom('jobs')
          .innerJoin('users', 'users.id', 'jobs.client_id')
          .select(['jobs.id', 'jobs.client_approval', 'jobs.client_notes'])
          .where('users.email', '=', JOURNEY_EMAIL)
          .execute();
        const stored = Object.fromEntries(
          decided.map((job) => [job.id, [job.client_approval, job.client_notes]]),
        );
        assert.deepEqual(stored, {
          [jobs[0]!.id]: ['rejected', null],
          [jobs[1]!.id]: ['pending', 'Ask about remote'],
          [jobs[2]!.id]: ['pending', null],
        });
        report(
          'several instances on postgres: A and B behind a round-robin balancer, A killed half-way',
          `${journey.join('\n')}\n  background: ${BACKGROUND_CLIENTS} clients, ${totals.requests} requests, none failed\n` +
            `  balancer: A answered ${stats.answered[a.url] ?? 0}, B answered ${stats.answered[b.url] ?? 0}, ` +
            `${stats.retried} sent again to the other instance, ${stats.badGateway} bad gateway`,
        );
      } finally {
        await later.run();
      }
    });
  });
} else {
  report('several instances: not run, it needs PostgreSQL (set TEST_DATABASE_URL)');
}
