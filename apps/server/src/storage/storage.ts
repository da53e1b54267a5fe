import type { Readable } from 'node:stream';
import { openLocalDiskStorage } from './local-disk.ts';
import { openS3Storage } from './s3.ts';

/**
 * Where uploaded documents live. One bucket (`documents`); keys are slash-separated relative paths
 * such as `resumes/<user id>/<uuid>-cv.pdf`. Drivers: local disk (default) and S3-compatible.
 */
export interface Storage {
  /** Stores the whole body under `key`, replacing any previous object; partial writes are never visible. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object's bytes and size, or null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes what interrupted writes left behind (run at start); answers how many were removed.
   * Only writes older than `olderThanMs` count, so another instance's upload in flight is spared.
   */
  removeLeftovers(olderThanMs: number): Promise<number>;
}

export interface StoredObject {
  stream: Readable;
  size: number;
}

export const DOCUMENTS_BUCKET = 'documents';

export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKey';
  }
}

/**
 * Refuses keys that could name something outside the bucket or be read differently by another
 * driver: absolute paths, `.`/`..` segments, empty segments, backslashes and control characters.
 */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  const unsafe =
    key.length === 0 ||
    key.length > 1024 ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
    /[\\\u0000-\u001f\u007f]/.test(key) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (unsafe) throw new InvalidStorageKey(key);
}

/**
 * Opens the `documents` bucket named by STORAGE_URL: `file:<directory>` keeps it in
 * `<directory>/documents`; `s3://<bucket>?endpoint=&region=&forcePathStyle=` uses that S3 bucket,
 * with credentials from the standard AWS environment variables.
 */
export function openStorage(storageUrl: string): Storage {
  if (storageUrl.startsWith('s3://')) return openS3Storage(parseS3Url(storageUrl));
  if (storageUrl.startsWith('file:'))
    return openLocalDiskStorage(localDirectory(storageUrl), DOCUMENTS_BUCKET);
  throw new Error('STORAGE_URL must start with s3:// or file:');
}

function localDirectory(storageUrl: string): string {
  // Both `file:/abs/dir` (or `file:relative/dir`) and the URL form `file:///abs/dir` are accepted.
  const rest = storageUrl.slice('file:'.length);
  return rest.startsWith('//') ? decodeURIComponent(new URL(storageUrl).pathname) : rest;
}

export interface S3Location {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

export function parseS3Url(storageUrl: string): S3Location {
  const url = new URL(storageUrl);
  const bucket = decodeURIComponent(url.hostname);
  if (!bucket) throw new Error('STORAGE_URL must name a bucket, such as s3://my-bucket');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !URL.canParse(endpoint)) {
    throw new Error('STORAGE_URL endpoint must be an absolute URL such as http://127.0.0.1:9000');
  }
  return {
    bucket,
    endpoint,
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: url.searchParams.get('forcePathStyle') === 'true',
  };
}
