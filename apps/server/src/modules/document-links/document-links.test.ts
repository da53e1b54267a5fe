import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../clock.ts';
import { signInForTest } from '../../testing/auth.ts';
import { uploadDocument } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { docxBytes, pdfBytes } from '../../testing/documents.ts';
import { documentLinkKey, signLinkToken } from './link-token.ts';

const FAILED = { error: 'Could not download the file from the provided URL.' };
const DAY_MS = 24 * 60 * 60 * 1000;

type Headers = Record<string, string>;

async function signIn(app: FastifyInstance, email: string) {
  const { userId, authHeader } = await signInForTest(app, email, { firstName: 'Link', lastName: 'Tester' });
  return { userId, headers: authHeader as Headers };
}

function createLink(app: FastifyInstance, headers: Headers, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/document-links', headers, payload: body });
}

/** The link as a visitor without a session follows it. */
function follow(app: FastifyInstance, url: string) {
  const { pathname, search } = new URL(url);
  return app.inject({ method: 'GET', url: `${pathname}${search}` });
}

function tokenOf(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}

function withToken(url: string, token: string): string {
  const next = new URL(url);
  next.searchParams.set('token', token);
  return next.toString();
}

describe.each(databaseKinds)('shared document links on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signIn>>;
  let stranger: Awaited<ReturnType<typeof signIn>>;
  let resume: { url: string; path: string };
  const resumeBytes = pdfBytes('Shared resume');
  const clock = createTestClock();

  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, clock);
    app = ctx.app;
    owner = await signIn(app, 'owner@example.com');
    stranger = await signIn(app, 'stranger@example.com');
    resume = await uploadDocument(app, owner.headers, 'resumes', {
      filename: 'Ada Resume.pdf',
      bytes: resumeBytes,
    });
  });
  afterAll(async () => ctx.close());
  // The whole app reads this clock, sessions too: a test that moves it puts it back.
  afterEach(() => clock.reset());

  it('lets the owner create a seven-day link that a visitor without a session downloads', async () => {
    const before = clock.now();
    const response = await createLink(app, owner.headers, { path: resume.path });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.url).toMatch(
      new RegExp(`^${ctx.config.publicUrl}/api/document-links/download\\?token=[\\w.%-]+$`),
    );
    const expiresIn = Date.parse(data.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(7 * DAY_MS - 5000);
    expect(expiresIn).toBeLessThanOrEqual(7 * DAY_MS);

    const download = await follow(app, data.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(resumeBytes)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="?Ada_Resume\.pdf"?(;|$)/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts the upload URL, with a query string, in place of the stored path', async () => {
    const response = await createLink(app, owner.headers, { path: `${resume.url}?download=1` });
    expect(response.statusCode).toBe(201);
    expect((await follow(app, response.json().data.url)).statusCode).toBe(200);
  });

  it('serves a Word document with its own type', async () => {
    const letter = await uploadDocument(app, owner.headers, 'resumes', {
      filename: 'letter.docx',
      bytes: docxBytes('Shared letter'),
    });
    const { data } = (await createLink(app, owner.headers, { path: letter.path })).json();
    const download = await follow(app, data.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="?letter\.docx"?(;|$)/);
  });

  it('lets staff share any document, and nobody else share what is not theirs', async () => {
    const staff = await signIn(app, 'analyst@company.test');
    const shared = await createLink(app, staff.headers, { path: resume.path });
    expect(shared.statusCode).toBe(201);
    expect((await follow(app, shared.json().data.url)).rawPayload.equals(resumeBytes)).toBe(true);
    // Opening a client's document to whoever holds the link is logged like downloading it.
    const activity = await app.inject({
      url: `/api/admin/activity?client_id=${owner.userId}`,
      headers: staff.headers,
    });
    // The owner's own links (made above) are not: only the staff member's is there.
    const sharing = activity
      .json()
      .data.filter((entry: { action: string }) => entry.action === 'document.shared');
    expect(sharing).toHaveLength(1);
    expect(sharing[0]).toMatchObject({
      action: 'document.shared',
      actor_email: 'analyst@company.test',
      detail: { summary: 'Ada Resume.pdf', expires_at: shared.json().data.expires_at },
    });

    const refused = await createLink(app, stranger.headers, { path: resume.path });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'Document not found' });
    const unknown = await createLink(app, owner.headers, { path: `resumes/${owner.userId}/missing.pdf` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Document not found' });
  });

  it('needs a session to create a link', async () => {
    const response = await createLink(app, {}, { path: resume.path });
    expect(response.statusCode).toBe(401);
  });

  it.each([['../../etc/passwd'], ['public/documents/../secrets.pdf'], ['/etc/passwd'], ['resumes//x.pdf']])(
    'refuses the path %j, which would leave the bucket',
    async (hostile) => {
      const response = await createLink(app, owner.headers, { path: hostile });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid document path' });
    },
  );

  it.each([
    [0, 400],
    [31, 400],
    [1.5, 400],
    [1, 201],
    [30, 201],
  ])('accepts an expiry of %j days with %j', async (days, status) => {
    const response = await createLink(app, owner.headers, { path: resume.path, expiresInDays: days });
    expect(response.statusCode).toBe(status);
    if (status === 201) {
      const expiresIn = Date.parse(response.json().data.expires_at) - clock.now();
      expect(Math.round(expiresIn / DAY_MS)).toBe(days);
    }
  });

  it('stops working once the link has expired', async () => {
    const { data } = (await createLink(app, owner.headers, { path: resume.path, expiresInDays: 1 })).json();
    clock.advance(DAY_MS - 60_000);
    expect((await follow(app, data.url)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    const expired = await follow(app, data.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual(FAILED);
  });

  it('refuses a link whose expiry was pushed back without re-signing it', async () => {
    const { data } = (await createLink(app, owner.headers, { path: resume.path, expiresInDays: 1 })).json();
    const [payload, signature] = tokenOf(data.url).split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const extended = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 365 * 86400 })).toString(
      'base64url',
    );
    const response = await follow(app, withToken(data.url, `${extended}.${signature}`));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FAILED);
  });

  it('refuses a link pointed at someone else’s document without re-signing it', async () => {
    const theirs = await uploadDocument(app, stranger.headers, 'resumes', {
      filename: 'theirs.pdf',
      bytes: pdfBytes('Not yours'),
    });
    const { data } = (await createLink(app, owner.headers, { path: resume.path })).json();
    const [payload, signature] = tokenOf(data.url).split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const redirected = Buffer.from(JSON.stringify({ ...claims, p: theirs.path })).toString('base64url');
    const response = await follow(app, withToken(data.url, `${redirected}.${signature}`));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FAILED);
  });

  it('refuses every single-character change to the token', async () => {
    const { data } = (await createLink(app, owner.headers, { path: resume.path })).json();
    const token = tokenOf(data.url);
    for (let index = 0; index < token.length; index += 1) {
      const original = token.charAt(index);
      const replacement = original === 'A' ? 'B' : 'A';
      const tampered = `${token.slice(0, index)}${replacement}${token.slice(index + 1)}`;
      const response = await follow(app, withToken(data.url, tampered));
      expect(response.statusCode, `position ${index}`).toBe(403);
      expect(response.json()).toEqual(FAILED);
    }
  });

  it.each([
    ['no token', ''],
    ['a token with no signature', 'eyJwIjoieCJ9'],
    ['random text', 'not-a-token'],
    ['three parts', 'a.b.c'],
  ])('refuses %s', async (_label, token) => {
    const url = token ? `/api/document-links/download?token=${token}` : '/api/document-links/download';
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FAILED);
  });

  it('refuses a link signed by another installation', async () => {
    const elsewhere = await createTestApp('sqlite');
    try {
      const foreignToken = signLinkToken(documentLinkKey(elsewhere.config), {
        path: resume.path,
        expiresAt: Math.floor(clock.now() / 1000) + 3600,
      });
      const response = await app.inject({
        method: 'GET',
        url: `/api/document-links/download?token=${encodeURIComponent(foreignToken)}`,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(FAILED);
    } finally {
      await elsewhere.close();
    }
  });

  it('answers 404 for a correctly signed link to a document that is not stored', async () => {
    const key = documentLinkKey(ctx.config);
    const expiresAt = Math.floor(clock.now() / 1000) + 3600;
    for (const path of [`resumes/${owner.userId}/never-uploaded.pdf`, '../../etc/passwd']) {
      const token = signLinkToken(key, { path, expiresAt });
      const response = await app.inject({
        method: 'GET',
        url: `/api/document-links/download?token=${encodeURIComponent(token)}`,
      });
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual(FAILED);
    }
  });

  it('keeps the signing key across restarts on the same data folder', async () => {
    expect(documentLinkKey(ctx.config).equals(documentLinkKey({ ...ctx.config }))).toBe(true);
    const withSecret = { ...ctx.config, auth: { ...ctx.config.auth, cookieSecret: 'x'.repeat(32) } };
    expect(documentLinkKey(withSecret).equals(documentLinkKey(ctx.config))).toBe(false);
  });
});
