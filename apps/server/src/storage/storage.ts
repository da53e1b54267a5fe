import type { Readable } from 'node:stream';

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
