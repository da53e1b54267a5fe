import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../testing/databases.ts';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { openStorage, parseS3Url } from './open-storage.ts';
import type { Storage } from './storage.ts';

const hostileKeys = [
  '../escape.pdf',
  'a/../../escape.pdf',
  '/etc/passwd',
  'a//b',
  'a\\..\\b',
  'a/\u0000b',
  '',
];

/** The behaviour every driver must share. */
function describeStorageContract(name: string, open: () => Storage) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    beforeAll(() => {
      storage = open();
    });

    it('stores a buffer and gives back its bytes and size', async () => {
      await storage.put('resumes/u1/a-cv.pdf', Buffer.from('%PDF-1.4 hello'), 'application/pdf');
      expect(await storage.exists('resumes/u1/a-cv.pdf')).toBe(true);
      const object = await storage.get('resumes/u1/a-cv.pdf');
      expect(object?.size).toBe(14);
      expect(await text(object!.stream)).toBe('%PDF-1.4 hello');
    });

    it('stores a stream and replaces an existing object', async () => {
      await storage.put('uploads/u1/b.doc', Buffer.from('first'), 'application/msword');
      await storage.put('uploads/u1/b.doc', Readable.from([Buffer.from('sec'), Buffer.from('ond')]), 'x/y');
      const object = await storage.get('uploads/u1/b.doc');
      expect(await text(object!.stream)).toBe('second');
      expect(object?.size).toBe(6);
    });

    it('answers null and false for a missing object, and deletes idempotently', async () => {
      await storage.put('uploads/u2/c.pdf', Buffer.from('x'), 'application/pdf');
      await storage.delete('uploads/u2/c.pdf');
      await storage.delete('uploads/u2/c.pdf');
      expect(await storage.get('uploads/u2/c.pdf')).toBeNull();
      expect(await storage.exists('uploads/u2/c.pdf')).toBe(false);
    });

    it.each(hostileKeys)('refuses the key %j', async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.exists(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
    });
  });
}

const localDirectory = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
describeStorageContract('local disk', () => openStorage(`file:${localDirectory}`));

describe('local disk storage specifics', () => {
  it('keeps objects under <directory>/documents and leaves nothing behind when a write fails', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
    const storage = openStorage(`file://${directory}`);
    await storage.put('resumes/u1/ok.pdf', Buffer.from('ok'), 'application/pdf');
    expect(readdirSync(path.join(directory, 'documents', 'resumes', 'u1'))).toEqual(['ok.pdf']);

    const broken = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('resumes/u1/broken.pdf', broken, 'application/pdf')).rejects.toThrow(
      'connection reset',
    );
    expect(readdirSync(path.join(directory, 'documents', 'resumes', 'u1'))).toEqual(['ok.pdf']);
  });

  /** A bucket folder with a stored file, an hour-old unfinished write and one still being written. */
  function folderWithLeftovers() {
    const directory = mkdtempSync(path.join(tmpdir(), 'storage-leftovers-'));
    const folder = path.join(directory, 'documents', 'resumes', 'u1');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'cv.pdf'), 'stored');
    const old = path.join(folder, 'cv.pdf.0b7d6c1e.partial');
    writeFileSync(old, 'interrupted');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    writeFileSync(path.join(folder, 'next.pdf.5a1f.partial'), 'in flight');
    return { directory, folder };
  }

  it('removes unfinished writes older than asked, and nothing else', async () => {
    const { directory, folder } = folderWithLeftovers();
    const storage = openStorage(`file:${directory}`);
    expect(await storage.removeLeftovers(60 * 60 * 1000)).toBe(1);
    expect(readdirSync(folder).sort()).toEqual(['cv.pdf', 'next.pdf.5a1f.partial']);
    expect(await openStorage(`file:${path.join(directory, 'empty')}`).removeLeftovers(0)).toBe(0);
  });

  it('is cleaned of old unfinished writes when the server starts', async () => {
    const { directory, folder } = folderWithLeftovers();
    const config = testConfig({ STORAGE_URL: `file:${directory}` });
    const app = await buildApp({ config, webDist: path.join(config.dataDir, 'no-web') });
    await app.close();
    expect(readdirSync(folder).sort()).toEqual(['cv.pdf', 'next.pdf.5a1f.partial']);
  });
});

describe('S3 storage against an S3-compatible server', () => {
  let s3: TestS3Server;
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    s3 = await startTestS3Server();
    process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = 'test-secret';
  });
  afterAll(async () => {
    process.env = savedEnv;
    await s3.close();
  });

  describeStorageContract('S3', () =>
    openStorage(`s3://${s3.bucket}?endpoint=${s3.endpoint}&region=us-east-1&forcePathStyle=true`),
  );

  it('sent every operation over HTTP, path-style, with the stored content type', () => {
    expect(s3.requests).toEqual(
      expect.arrayContaining([
        'PUT resumes/u1/a-cv.pdf',
        'HEAD resumes/u1/a-cv.pdf',
        'GET resumes/u1/a-cv.pdf',
        'DELETE uploads/u2/c.pdf',
      ]),
    );
    expect(s3.objects.get('resumes/u1/a-cv.pdf')?.contentType).toBe('application/pdf');
  });
});

describe('STORAGE_URL for S3', () => {
  it('reads bucket, endpoint, region and path style', () => {
    expect(
      parseS3Url('s3://docs?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true'),
    ).toEqual({
      bucket: 'docs',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
  });

  it('explains a bad endpoint', () => {
    expect(() => parseS3Url('s3://docs?endpoint=not-a-url')).toThrow(
      'STORAGE_URL endpoint must be an absolute URL such as http://127.0.0.1:9000',
    );
  });
});
