import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../clock.ts';
import { signInForTest } from '../../testing/auth.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import {
  docBytes,
  docxBytes,
  linuxExecutableBytes,
  pdfBytes,
  windowsExecutableBytes,
  xlsBytes,
} from '../../testing/documents.ts';
import { refuseInserts } from '../../testing/refuse-inserts.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { holdOpen, waitingOnLocks } from '../../testing/transactions.ts';
import { createOnboardingRepo } from '../onboarding/repo.ts';
import { createDocumentsRepo } from './repo.ts';
import { sweepStoredFiles } from './routes.ts';

type Headers = Record<string, string>;
type Part = { name: string; value: string } | { name: string; filename: string; bytes: Buffer };

const BOUNDARY = '----test-boundary-7MA4YWxkTrZu0gW';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TYPE_MESSAGE = 'File type not supported. Please upload: .pdf,.docx,.doc';

function multipart(parts: Part[], { truncate = false } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`, 'utf8'));
    chunks.push('filename' in part ? part.bytes : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  const body = Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  return truncate ? body.subarray(0, Math.floor(body.length / 2)) : body;
}

async function signIn(app: FastifyInstance, email: string) {
  const { accessToken, userId } = await signInForTest(app, email, { firstName: 'File', lastName: 'Tester' });
  return { userId, headers: { authorization: `Bearer ${accessToken}` } };
}

function upload(app: FastifyInstance, headers: Headers, parts: Part[], options?: { truncate?: boolean }) {
  return app.inject({
    method: 'POST',
    url: '/api/file-upload',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(parts, options),
  });
}

const file = (filename: string, bytes: Buffer): Part => ({ name: 'file', filename, bytes });

function download(app: FastifyInstance, headers: Headers, storedPath: string) {
  return app.inject({
    method: 'GET',
    url: `/api/documents/download?path=${encodeURIComponent(storedPath)}`,
    headers,
  });
}

describe.each(databaseKinds)('file upload and download on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signIn>>;
  let bucketDir: string;
  const documentRows = () => app.db.kysely.selectFrom('documents').selectAll().execute();
  beforeAll(async () => {
    // One person uploads far more here than anyone would in a minute (the limit has its own test).
    ctx = await createTestApp(kind, { UPLOAD_RATE_LIMIT_PER_MINUTE: '1000' });
    app = ctx.app;
    owner = await signIn(app, 'uploader@example.com');
    bucketDir = path.join(ctx.config.dataDir, 'storage', 'documents');
  });
  afterAll(async () => ctx.close());

  it('stores a PDF resume and answers with its url, path, name and size', async () => {
    const bytes = pdfBytes();
    const response = await upload(app, owner.headers, [
      { name: 'folder', value: 'resumes' },
      file('My Resume.pdf', bytes),
    ]);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.path).toMatch(new RegExp(`^resumes/${owner.userId}/${UUID}-My_Resume\\.pdf$`));
    expect(data).toEqual({
      url: `${ctx.config.publicUrl}/api/storage/public/documents/${data.path}`,
      path: data.path,
      name: 'My_Resume.pdf',
      size: bytes.length,
    });
    expect(existsSync(path.join(bucketDir, data.path))).toBe(true);
    expect(await documentRows()).toContainEqual(
      expect.objectContaining({
        user_id: owner.userId,
        path: data.path,
        size: bytes.length,
        content_type: 'application/pdf',
      }),
    );
  });

  it('stores a resume whose long name is in another script, shortened to what the disk takes', async () => {
    const response = await upload(app, owner.headers, [
      { name: 'folder', value: 'resumes' },
      file(`${'Резюме_'.repeat(14)}.pdf`, pdfBytes()),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data.name).toMatch(/^Резюме_Резюме_.*\.pdf$/);
    expect(existsSync(path.join(bucketDir, data.path))).toBe(true);
  });

  it('stores a PDF whose name is only a symbol before its extension, as document.pdf', async () => {
    const response = await upload(app, owner.headers, [file('★.pdf', pdfBytes())]);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data.name).toBe('document.pdf');
    expect(data.path).toMatch(new RegExp(`^uploads/${owner.userId}/${UUID}-document\\.pdf$`));
    expect(existsSync(path.join(bucketDir, data.path))).toBe(true);
  });

  it('stores a DOCX cover letter when the folder comes after the file, and a DOC in uploads by default', async () => {
    const docx = await upload(app, owner.headers, [
      file('Cover Letter.docx', docxBytes()),
      { name: 'folder', value: 'cover-letters' },
    ]);
    expect(docx.statusCode).toBe(201);
    expect(docx.json().data.path).toMatch(
      new RegExp(`^cover-letters/${owner.userId}/${UUID}-Cover_Letter\\.docx$`),
    );
    const doc = await upload(app, owner.headers, [file('old.doc', docBytes())]);
    expect(doc.statusCode).toBe(201);
    expect(doc.json().data.path).toMatch(new RegExp(`^uploads/${owner.userId}/${UUID}-old\\.doc$`));
  });

  it('refuses a file over 5 MB with 413 and keeps nothing', async () => {
    const before = (await documentRows()).length;
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(6 * 1024 * 1024)]);
    const response = await upload(app, owner.headers, [file('big.pdf', big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'File size must be less than 5MB' });
    expect(await documentRows()).toHaveLength(before);
  });

  it('accepts a file of just under 5 MB', async () => {
    const large = Buffer.concat([pdfBytes(), Buffer.alloc(5 * 1024 * 1024 - 2000)]);
    const response = await upload(app, owner.headers, [file('large.pdf', large)]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.size).toBe(large.length);
  });

  it.each([
    ['a text file', 'notes.txt', Buffer.from('plain text')],
    ['a Windows executable named .pdf', 'resume.pdf', windowsExecutableBytes()],
    ['a Linux executable named .pdf', 'resume.pdf', linuxExecutableBytes()],
    ['a PDF named .docx', 'resume.docx', pdfBytes()],
    ['a DOCX named .pdf', 'resume.pdf', docxBytes()],
    ['an Excel 97 workbook named .doc', 'resume.doc', xlsBytes()],
    ['an empty file', 'empty.pdf', Buffer.alloc(0)],
  ])('refuses %s with 415', async (_label, filename, bytes) => {
    const before = (await documentRows()).length;
    const response = await upload(app, owner.headers, [file(filename, bytes)]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: TYPE_MESSAGE });
    expect(await documentRows()).toHaveLength(before);
  });

  it('refuses a 5 MB file named .exe with 415 from its name, without waiting for its bytes to end', async () => {
    const before = (await documentRows()).length;
    // The whole part but its closing boundary, on a body that never ends: only an answer that does
    // not read the file to its end can come back.
    const whole = multipart([file('setup.exe', Buffer.alloc(5 * 1024 * 1024))]);
    const body = new PassThrough();
    body.write(whole.subarray(0, whole.lastIndexOf(`--${BOUNDARY}--`)));
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/file-upload',
        headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: body,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ error: TYPE_MESSAGE });
    } finally {
      body.destroy();
    }
    expect(await documentRows()).toHaveLength(before);
  });

  it.each([
    ['../../x.pdf', 'x.pdf'],
    ['..\\..\\evil.pdf', 'evil.pdf'],
    ['cv\u0001\u001b\u007f name.pdf', 'cv_name.pdf'],
    ['/etc/passwd.pdf', 'passwd.pdf'],
  ])('keeps the hostile name %j inside the bucket as %j', async (hostile, safe) => {
    const response = await upload(app, owner.headers, [file(hostile, pdfBytes())]);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.name).toBe(safe);
    expect(data.path).toMatch(new RegExp(`^uploads/${owner.userId}/${UUID}-${safe.replace('.', '\\.')}$`));
    expect(readdirSync(path.join(bucketDir, 'uploads', owner.userId))).toContain(data.path.split('/').pop());
  });

  it('answers 400 for an unknown folder, a missing file or a truncated upload, keeping nothing', async () => {
    const before = (await documentRows()).length;
    const folder = await upload(app, owner.headers, [
      { name: 'folder', value: '../secrets' },
      file('a.pdf', pdfBytes()),
    ]);
    expect(folder.statusCode).toBe(400);
    expect(folder.json()).toEqual({ error: 'Folder must be one of: resumes, cover-letters, uploads' });
    const missing = await upload(app, owner.headers, [{ name: 'folder', value: 'resumes' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Choose a file to upload' });
    const truncated = await upload(app, owner.headers, [file('cut.pdf', pdfBytes())], { truncate: true });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ error: 'The upload was incomplete. Please try again.' });
    expect(await documentRows()).toHaveLength(before);
    const json = await app.inject({
      method: 'POST',
      url: '/api/file-upload',
      headers: owner.headers,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const response = await upload(app, {}, [file('a.pdf', pdfBytes())]);
    expect(response.statusCode).toBe(401);
    expect((await download(app, {}, 'resumes/x/y.pdf')).statusCode).toBe(401);
  });

  it('serves a document to its owner and to staff as an attachment, and to nobody else', async () => {
    const bytes = pdfBytes('Owner only');
    const { data } = (
      await upload(app, owner.headers, [{ name: 'folder', value: 'resumes' }, file('Ada CV.pdf', bytes)])
    ).json();

    const mine = await download(app, owner.headers, data.path);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(bytes)).toBe(true);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="?Ada_CV\.pdf"?(;|$)/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');

    const viaUrl = await app.inject({
      method: 'GET',
      url: data.url.replace(ctx.config.publicUrl, ''),
      headers: owner.headers,
    });
    expect(viaUrl.statusCode).toBe(200);
    expect(viaUrl.rawPayload.equals(bytes)).toBe(true);
    const viaQueryUrl = await download(app, owner.headers, `${data.url}?download=1`);
    expect(viaQueryUrl.statusCode).toBe(200);

    const stranger = await signIn(app, 'stranger@example.com');
    const refused = await download(app, stranger.headers, data.path);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'Document not found' });
    const refusedUrl = await app.inject({
      method: 'GET',
      url: data.url.replace(ctx.config.publicUrl, ''),
      headers: stranger.headers,
    });
    expect(refusedUrl.statusCode).toBe(404);

    const staff = await signIn(app, 'analyst@company.test');
    const staffCopy = await download(app, staff.headers, data.path);
    expect(staffCopy.statusCode).toBe(200);
    expect(staffCopy.rawPayload.equals(bytes)).toBe(true);
    expect(staffCopy.headers['content-disposition']).toMatch(/^attachment; filename="?Ada_CV\.pdf"?(;|$)/);
  });

  it('refuses paths that leave the bucket and answers 404 for unknown documents', async () => {
    for (const hostile of [
      '../../etc/passwd',
      'public/documents/../x.pdf',
      '/etc/passwd',
      'resumes//x.pdf',
    ]) {
      const response = await download(app, owner.headers, hostile);
      expect(response.statusCode, hostile).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid document path' });
    }
    expect((await download(app, owner.headers, `resumes/${owner.userId}/missing.pdf`)).statusCode).toBe(404);
  });
});

describe('file upload and download with the S3 driver', () => {
  let s3: TestS3Server;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    s3 = await startTestS3Server();
    process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = 'test-secret';
    ctx = await createTestApp('sqlite', {
      STORAGE_URL: `s3://${s3.bucket}?endpoint=${s3.endpoint}&region=us-east-1&forcePathStyle=true`,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await s3.close();
    process.env = savedEnv;
  });

  it('stores the upload in the S3 bucket and serves it back', async () => {
    const user = await signIn(ctx.app, 's3-user@example.com');
    const bytes = docxBytes('Stored in S3');
    const uploaded = await upload(ctx.app, user.headers, [
      { name: 'folder', value: 'cover-letters' },
      file('letter.docx', bytes),
    ]);
    expect(uploaded.statusCode).toBe(201);
    const { path: storedPath } = uploaded.json().data;
    expect(s3.objects.get(storedPath)?.body.equals(bytes)).toBe(true);
    expect(s3.objects.get(storedPath)?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const fetched = await download(ctx.app, user.headers, storedPath);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(bytes)).toBe(true);
    expect(fetched.headers['content-disposition']).toMatch(/^attachment; filename="?letter\.docx"?(;|$)/);
  });
});

describe.each(databaseKinds)('storage quota per user on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { STORAGE_QUOTA_MB: '1' });
    app = ctx.app;
  });
  afterAll(async () => ctx.close());

  /** A real PDF of about 400 kB. */
  const largeResume = () => file('large.pdf', pdfBytes('x'.repeat(400 * 1024)));
  const QUOTA_MESSAGE =
    'You have used your 1 MB of document storage. Files you uploaded but did not keep are cleared an hour after upload: please try again then.';

  it('answers 413 past the quota, keeps nothing of that upload, and counts each user on their own', async () => {
    const owner = await signIn(app, 'hoarder@example.com');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await upload(app, owner.headers, [largeResume()])).statusCode);
    expect(statuses).toEqual([201, 201, 413]);
    const refused = await upload(app, owner.headers, [largeResume()]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: QUOTA_MESSAGE });
    const rows = await app.db.kysely
      .selectFrom('documents')
      .select('path')
      .where('user_id', '=', owner.userId)
      .execute();
    expect(rows).toHaveLength(2);
    const userFolder = path.join(ctx.config.dataDir, 'storage', 'documents', 'uploads', owner.userId);
    expect(readdirSync(userFolder)).toHaveLength(2);

    const other = await signIn(app, 'neighbour@example.com');
    expect((await upload(app, other.headers, [largeResume()])).statusCode).toBe(201);
  });

  it('makes room by deleting uploads left behind for an hour, never what the record points at', async () => {
    const owner = await signIn(app, 'forgetful@example.com');
    const kept = (await upload(app, owner.headers, [largeResume()])).json().data.path;
    const forgotten = (await upload(app, owner.headers, [largeResume()])).json().data.path;
    const save = await app.inject({
      method: 'POST',
      url: '/api/onboarding-submissions',
      headers: owner.headers,
      payload: { resume: kept },
    });
    expect(save.statusCode).toBe(200);
    // Both are recent: nothing is taken for left behind yet.
    expect((await upload(app, owner.headers, [largeResume()])).statusCode).toBe(413);

    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    await app.db.kysely
      .updateTable('documents')
      .set({ created_at: twoHoursAgo })
      .where('user_id', '=', owner.userId)
      .execute();
    expect((await upload(app, owner.headers, [largeResume()])).statusCode).toBe(201);
    expect((await download(app, owner.headers, forgotten)).statusCode).toBe(404);
    expect((await download(app, owner.headers, kept)).statusCode).toBe(200);
  });

  it('makes room past a left-behind upload the storage will not delete', async () => {
    const owner = await signIn(app, 'stuck-upload@example.com');
    const stuck = (await upload(app, owner.headers, [largeResume()])).json().data.path;
    const freed = (await upload(app, owner.headers, [largeResume()])).json().data.path;
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();
    for (const [documentPath, hours] of [
      [stuck, 3],
      [freed, 2],
    ] as const) {
      await app.db.kysely
        .updateTable('documents')
        .set({ created_at: hoursAgo(hours) })
        .where('path', '=', documentPath)
        .execute();
    }
    // A directory where the older file was: the local store cannot delete it, as S3 might refuse.
    const stuckFile = path.join(ctx.config.dataDir, 'storage', 'documents', stuck);
    rmSync(stuckFile);
    mkdirSync(path.join(stuckFile, 'held'), { recursive: true });

    const third = await upload(app, owner.headers, [largeResume()]);
    expect(third.statusCode, third.body).toBe(201);
    expect((await download(app, owner.headers, freed)).statusCode).toBe(404);
    rmSync(stuckFile, { recursive: true });
  });

  it('has room again once the record stops pointing at a document', async () => {
    const owner = await signIn(app, 'replacing@example.com');
    const first = (await upload(app, owner.headers, [largeResume()])).json().data.path;
    const second = (await upload(app, owner.headers, [largeResume()])).json().data.path;
    const save = (resume: string) =>
      app.inject({
        method: 'POST',
        url: '/api/onboarding-submissions',
        headers: owner.headers,
        payload: { resume },
      });
    expect((await save(first)).statusCode).toBe(200);
    expect((await upload(app, owner.headers, [largeResume()])).statusCode).toBe(413);
    // Replacing the resume deletes the first file, which frees its space.
    expect((await save(second)).statusCode).toBe(200);
    expect((await upload(app, owner.headers, [largeResume()])).statusCode).toBe(201);
  });
});

describe.each(databaseKinds)('the stored-file deletion queue on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const stored = (key: string) => path.join(ctx.config.dataDir, 'storage', 'documents', key);
  const queue = (key: string, queuedAt: string) =>
    ctx.app.db.kysely.insertInto('storage_deletions').values({ path: key, queued_at: queuedAt }).execute();
  const queued = async () =>
    (await ctx.app.db.kysely.selectFrom('storage_deletions').select('path').execute()).map((row) => row.path);

  it('deletes a file queued behind a full batch the storage keeps refusing, and keeps those for later', async () => {
    // A directory where each older file was: the local store cannot delete it, as S3 might refuse.
    const refused = Array.from({ length: 100 }, (_, index) => `resumes/gone/${index}-cv.pdf`);
    for (const key of refused) {
      mkdirSync(path.join(stored(key), 'held'), { recursive: true });
      await queue(key, '2026-01-01T00:00:00.000Z');
    }
    mkdirSync(path.dirname(stored('resumes/gone/later-cv.pdf')), { recursive: true });
    writeFileSync(stored('resumes/gone/later-cv.pdf'), 'resume');
    await queue('resumes/gone/later-cv.pdf', '2026-01-02T00:00:00.000Z');

    expect(await ctx.app.storedFiles.sweepQueuedDeletions()).toBe(1);
    expect(existsSync(stored('resumes/gone/later-cv.pdf'))).toBe(false);
    expect((await queued()).sort()).toEqual([...refused].sort());
    rmSync(path.join(ctx.config.dataDir, 'storage', 'documents', 'resumes', 'gone'), { recursive: true });
    expect(await ctx.app.storedFiles.sweepQueuedDeletions()).toBe(100);
    expect(await queued()).toEqual([]);
  });

  it('keeps a queued file that a document row names after all', async () => {
    const owner = await signIn(ctx.app, 'kept-after-all@example.com');
    const { path: key } = (await upload(ctx.app, owner.headers, [file('cv.pdf', pdfBytes('cv'))])).json()
      .data;
    await queue(key, '2026-01-01T00:00:00.000Z');

    expect(await ctx.app.storedFiles.sweepQueuedDeletions()).toBe(1);
    expect(await queued()).toEqual([]);
    expect((await download(ctx.app, owner.headers, key)).statusCode).toBe(200);
  });

  it('queues a stored file whose row cannot be written and that the storage will not delete', async () => {
    const owner = await signIn(ctx.app, 'row-refused@example.com');
    // A first upload: the session is known from then on without reading the database.
    const first = await upload(ctx.app, owner.headers, [file('first.pdf', pdfBytes('first'))]);
    expect(first.statusCode, first.body).toBe(201);
    const folder = stored(`uploads/${owner.userId}`);
    const before = new Set(readdirSync(folder));

    const restore = await refuseInserts(ctx.app, kind, 'documents');
    // Holding the database (its one connection on SQLite, the documents table on PostgreSQL) makes
    // the upload wait after storing its file, before writing its row: time to put a directory where
    // the file is, which the local store cannot delete, as S3 might refuse.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const holder = ctx.app.db.kysely.transaction().execute(async (trx) => {
      if (kind === 'postgres') await sql`LOCK TABLE documents IN SHARE MODE`.execute(trx);
      holding();
      await released;
    });
    let key: string;
    try {
      await held;
      const refused = upload(ctx.app, owner.headers, [file('cv.pdf', pdfBytes('refused'))]);
      key = `uploads/${owner.userId}/${await newFileIn(folder, before)}`;
      rmSync(stored(key));
      mkdirSync(path.join(stored(key), 'held'), { recursive: true });
      release();
      await holder;
      expect((await refused).statusCode).toBe(500);
    } finally {
      release();
      await holder;
      await restore();
    }

    expect(
      await ctx.app.db.kysely.selectFrom('documents').select('id').where('path', '=', key).execute(),
    ).toEqual([]);
    expect(await queued()).toEqual([key]);
    expect(await ctx.app.storedFiles.sweepQueuedDeletions()).toBe(0);
    expect(await queued()).toEqual([key]);

    // The storage accepts again (the file is back where it was): the sweep deletes it.
    rmSync(stored(key), { recursive: true });
    writeFileSync(stored(key), 'refused');
    expect(await ctx.app.storedFiles.sweepQueuedDeletions()).toBe(1);
    expect(existsSync(stored(key))).toBe(false);
    expect(await queued()).toEqual([]);
  });
});

describe.each(databaseKinds)('the sweep of forgotten uploads on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  const clock = createTestClock(Date.parse('2026-03-02T10:00:00Z'));
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, clock);
  });
  afterAll(async () => ctx.close());

  const stored = (key: string) => path.join(ctx.config.dataDir, 'storage', 'documents', key);
  const rowOf = (key: string) =>
    ctx.app.db.kysely.selectFrom('documents').select('path').where('path', '=', key).executeTakeFirst();
  const kept = async (key: string) => existsSync(stored(key)) && (await rowOf(key)) !== undefined;

  it('deletes an upload not kept once an hour has passed, never one the record or an unsent e-mail names', async () => {
    const owner = await signIn(ctx.app, 'sweep@example.com');
    const uploaded = async (name: string) => {
      const response = await upload(ctx.app, owner.headers, [file(name, pdfBytes(name))]);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { url: string; path: string };
    };
    const resume = await uploaded('resume.pdf');
    const attached = await uploaded('attached.pdf');
    const replaced = await uploaded('replaced-before-saving.pdf');
    // The wizard saves the upload's URL, as the browser does.
    const save = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding-submissions',
      headers: owner.headers,
      payload: { resume: resume.url },
    });
    expect(save.statusCode, save.body).toBe(200);
    // An e-mail waiting in the outbox (no SMTP here) attaches the second upload.
    const at = new Date(clock.now()).toISOString();
    await ctx.app.db.kysely
      .insertInto('mail_outbox')
      .values({
        id: '00000000-0000-7000-8000-000000000001',
        kind: 'welcome',
        client_id: owner.userId,
        client_email: 'sweep@example.com',
        recipient: 'sweep@example.com',
        subject: 'Welcome',
        html: '<p>Welcome</p>',
        text: 'Welcome',
        attachments: JSON.stringify([
          { key: attached.path, filename: 'attached.pdf', content_type: 'application/pdf' },
        ]),
        status: 'queued',
        attempts: 0,
        last_error: null,
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
        sent_at: null,
      })
      .execute();

    // Within the hour nothing is taken for left behind.
    clock.advance(59 * 60 * 1000);
    expect(await ctx.app.storedFiles.sweepForgottenUploads()).toBe(0);
    expect(await kept(replaced.path)).toBe(true);

    clock.advance(2 * 60 * 1000);
    const again = await signIn(ctx.app, 'sweep@example.com');
    const fresh = await upload(ctx.app, again.headers, [file('fresh.pdf', pdfBytes('fresh'))]);
    expect(fresh.statusCode, fresh.body).toBe(201);
    // Several instances sweep at once: deleting twice is harmless.
    await Promise.all([
      ctx.app.storedFiles.sweepForgottenUploads(),
      ctx.app.storedFiles.sweepForgottenUploads(),
    ]);
    expect(existsSync(stored(replaced.path))).toBe(false);
    expect(await rowOf(replaced.path)).toBeUndefined();
    expect(await kept(resume.path)).toBe(true);
    expect(await kept(attached.path)).toBe(true);
    expect(await kept(fresh.json().data.path)).toBe(true);
    expect((await download(ctx.app, again.headers, resume.path)).statusCode).toBe(200);

    // Once the e-mail has gone, the upload it attached is not kept for it any more.
    await ctx.app.db.kysely
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: at })
      .where('client_id', '=', owner.userId)
      .execute();
    expect(await ctx.app.storedFiles.sweepForgottenUploads()).toBe(1);
    expect(await kept(attached.path)).toBe(false);
    expect(await kept(resume.path)).toBe(true);

    // A client whose old uploads are all in their record is not read by the next sweeps.
    const anHourAgo = new Date(clock.now() - 60 * 60 * 1000).toISOString();
    expect(await createDocumentsRepo(ctx.app.db).ownersOfDocumentsStoredBefore(anHourAgo)).not.toContain(
      owner.userId,
    );
  });

  /** An upload by a new client, left behind: stored over an hour ago and named by no record. */
  async function leftBehindUpload(email: string) {
    const owner = await signIn(ctx.app, email);
    const response = await upload(ctx.app, owner.headers, [file('left.pdf', pdfBytes('left'))]);
    expect(response.statusCode, response.body).toBe(201);
    clock.advance(61 * 60 * 1000);
    const again = await signIn(ctx.app, email);
    return { ...again, document: response.json().data as { url: string; path: string } };
  }

  // Only PostgreSQL runs two transactions at once; SQLite runs the sweep's and a save's one after the other.
  if (kind === 'postgres') {
    it('a save naming an upload the sweep is deleting waits for it, then is refused', async () => {
      const { userId, headers, document } = await leftBehindUpload('late-save@example.com');
      // The sweep's deletion, as the files repo makes it: the user's row, then the document's.
      const sweeping = await holdOpen(ctx.app.db, async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        await trx.deleteFrom('documents').where('path', '=', document.path).execute();
      });
      const saving = ctx.app.inject({
        method: 'POST',
        url: '/api/onboarding-submissions',
        headers,
        payload: { resume: document.url },
      });
      await expect.poll(() => waitingOnLocks(ctx.app.db), { timeout: 10_000 }).toBe(1);
      await sweeping.release();
      const response = await saving;
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error).toBe('Resume must be a document you uploaded. Please upload it again.');
      const record = await createOnboardingRepo(ctx.app.db.kysely).findDocumentFields(userId);
      expect(record?.resume ?? '').toBe('');
    });

    it('the sweep meeting a save under way that names the upload keeps it', async () => {
      const { userId, document } = await leftBehindUpload('saving@example.com');
      // A save naming the upload, as the onboarding service makes it: the user's row, then the record.
      const saving = await holdOpen(ctx.app.db, async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        await createOnboardingRepo(trx).upsertForUser(
          userId,
          { resume: document.url },
          { id: randomUUID(), now: new Date(clock.now()).toISOString() },
        );
      });
      const sweep = ctx.app.storedFiles.sweepForgottenUploads();
      await expect.poll(() => waitingOnLocks(ctx.app.db), { timeout: 10_000 }).toBe(1);
      await saving.release();
      await sweep;
      expect(await kept(document.path)).toBe(true);
    });
  }
});

/** The name of the first finished file in `folder` that is not among `before`; waits for one. */
async function newFileIn(folder: string, before: Set<string>): Promise<string> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const fresh = readdirSync(folder).find((name) => !before.has(name) && !name.endsWith('.partial'));
    if (fresh) return fresh;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no new file in ${folder}`);
}

describe('the timed sweep of stored files', () => {
  it('logs a failed sweep of queued deletions and still sweeps the forgotten uploads', async () => {
    const failure = new Error('storage refused the listing');
    const swept: string[] = [];
    const logged: unknown[][] = [];
    await sweepStoredFiles(
      {
        sweepQueuedDeletions: async () => {
          swept.push('queued');
          throw failure;
        },
        sweepForgottenUploads: async () => {
          swept.push('forgotten');
          return 0;
        },
      },
      { error: (...args: unknown[]) => void logged.push(args) },
    );
    expect(swept).toEqual(['queued', 'forgotten']);
    expect(logged).toEqual([[{ err: failure }, 'stored file deletion sweep failed']]);
  });
});
