import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jobListItems } from '@app/domain/jobs-api';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.ts';
import { signInForTest, staffBeforeSecondFactor } from '../testing/auth.ts';
import { onboardClient } from '../testing/clients.ts';
import { createTestDatabase, type DatabaseKind, testConfig } from '../testing/databases.ts';
import { pdfBytes } from '../testing/documents.ts';

export type Headers = Record<string, string>;

/** What one client owns once they have used every feature: the ids another client must not reach. */
export interface ClientResources {
  email: string;
  userId: string;
  headers: Headers;
  recordId: string;
  documentPath: string;
  jobIds: string[];
  filterIds: string[];
  /** The token of a signed download link the client made for their resume. */
  linkToken: string;
  /** Two more signed-in devices of the client, besides the one `headers` signs in. */
  spareSessionIds: string[];
}

/** An app with a staff member and two clients, Amira and Bruno, who each own one of everything. */
export interface World {
  app: FastifyInstance;
  staff: Headers;
  /** A staff member signed in who has not passed the second factor: no staff rights yet. */
  halfway: Headers;
  amira: ClientResources;
  bruno: ClientResources;
  /** Ids of the same shapes that belong to nobody. */
  ghost: ClientResources;
  close(): Promise<void>;
}

async function call(app: FastifyInstance, request: InjectOptions, expected: number) {
  const response = await app.inject(request);
  if (response.statusCode !== expected) {
    throw new Error(`${request.method} ${request.url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

/**
 * The whole app as production runs it, including the catch-all that serves the web build (a tiny
 * stand-in build here), on a fresh database of the given kind.
 */
export async function createFullApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const database = await createTestDatabase(kind);
  // Its few users send far more sign-ins and uploads a minute than anyone would: the limits have
  // tests of their own, and here every hostile request has to reach the code it is aimed at.
  const config = testConfig({
    DATABASE_URL: database.url,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    UPLOAD_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const webDist = path.join(mkdtempSync(path.join(tmpdir(), 'web-build-')), 'dist');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>App</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("app")');
  const app = await buildApp({ config, webDist });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

async function equipClient(app: FastifyInstance, staff: Headers, email: string): Promise<ClientResources> {
  const client = await onboardClient(app, email, {
    resume: { filename: 'resume.pdf', bytes: pdfBytes(`Resume of ${email}`) },
  });
  const headers = client.headers;
  const [record] = (await call(app, { method: 'GET', url: '/api/onboarding-submissions', headers }, 200))
    .data as { id: string }[];

  // Applied, so that each can take an outcome.
  const jobs = [1, 2, 3].map((n) => ({
    job_uid: `${email}-${n}`,
    data_job_title: `Engineer ${n}`,
    applied_for_job: true,
  }));
  await call(
    app,
    {
      method: 'POST',
      url: '/api/admin/jobs/import',
      headers: staff,
      payload: { email, format: 'json', content: JSON.stringify(jobs) },
    },
    200,
  );
  const listed = await call(app, { method: 'GET', url: '/api/my-jobs', headers }, 200);
  await call(
    app,
    { method: 'POST', url: '/api/companies-to-avoid', headers, payload: { name: 'Umbrella' } },
    201,
  );

  const admin = (payload: Record<string, unknown>) =>
    call(app, { method: 'POST', url: '/api/admin/user-email-management', headers: staff, payload }, 200);
  const generated = await admin({ email, action: 'generate_filters' });
  const saved = await admin({ email, action: 'save_filters', formatted_data: generated.formatted_data });
  // A queued welcome e-mail (no SMTP here): the outbox has a row about this client too.
  await admin({ email, action: 'send' });

  const link = await call(
    app,
    { method: 'POST', url: '/api/document-links', headers, payload: { path: client.resumePath } },
    201,
  );
  await call(
    app,
    { method: 'POST', url: '/api/onboarding-feedback', headers, payload: { text: `Feedback from ${email}` } },
    201,
  );
  return {
    email,
    userId: client.userId,
    headers,
    recordId: record!.id,
    documentPath: client.resumePath!,
    jobIds: jobListItems(listed).map((job) => job.id),
    filterIds: saved.filter_ids,
    linkToken: new URL(link.data.url).searchParams.get('token')!,
    spareSessionIds: [
      (await signInForTest(app, email)).sessionId,
      (await signInForTest(app, email)).sessionId,
    ],
  };
}

export async function createWorld(kind: DatabaseKind): Promise<World> {
  const { app, close } = await createFullApp(kind);
  const staff = (await signInForTest(app, 'analyst@company.test', { firstName: 'Sam', lastName: 'Staff' }))
    .authHeader;
  const amira = await equipClient(app, staff, 'amira@example.com');
  const bruno = await equipClient(app, staff, 'bruno@example.com');
  const nobody = randomUUID();
  const ghost: ClientResources = {
    email: 'nobody@example.com',
    userId: nobody,
    headers: {},
    recordId: randomUUID(),
    documentPath: `resumes/${nobody}/${randomUUID()}-resume.pdf`,
    jobIds: [randomUUID()],
    filterIds: [randomUUID()],
    linkToken: 'bm9ib2R5.bm9ib2R5',
    spareSessionIds: [randomUUID(), randomUUID()],
  };
  // With a record of their own, as a client has: what they send about Amira must not reach her.
  const halfwayEmail = 'halfway@company.test';
  const halfwaySignIn = await staffBeforeSecondFactor(app, halfwayEmail);
  const halfway = halfwaySignIn.headers;
  await onboardClient(app, halfwayEmail, {
    signedIn: { userId: halfwaySignIn.session.user.id, authHeader: halfway },
  });
  return { app, staff, halfway, amira, bruno, ghost, close };
}

/** Every identifier of a client's data; none may appear in an answer to another client. */
export function identifiersOf(client: ClientResources): string[] {
  return [
    client.userId,
    client.email,
    client.recordId,
    client.documentPath,
    ...client.jobIds,
    ...client.filterIds,
  ];
}
