import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, InvalidStorageKey, type Storage } from './storage.ts';

const PARTIAL_SUFFIX = '.partial';

/** Keeps each bucket in a folder on local disk: `<directory>/<bucket>/<key>`. */
export function openLocalDiskStorage(directory: string, bucket: string): Storage {
  const root = path.resolve(directory, bucket);

  /** The file for a key; a key that would resolve outside the bucket folder is refused. */
  const fileFor = (key: string): string => {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKey(key);
    return file;
  };

  return {
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target, flushed to disk, then renamed: readers see all of it or none.
      const temporary = `${file}.${randomUUID()}${PARTIAL_SUFFIX}`;
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(temporary, { flush: true }));
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(fileFor(key), { force: true });
    },

    async removeLeftovers(olderThanMs) {
      let entries: string[];
      try {
        entries = await readdir(root, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      const before = Date.now() - olderThanMs;
      let removed = 0;
      for (const entry of entries.filter((name) => name.endsWith(PARTIAL_SUFFIX))) {
        const file = path.join(root, entry);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile() || info.mtimeMs > before) continue;
        await rm(file, { force: true });
        removed++;
      }
      return removed;
    },

    async exists(key) {
      try {
        return (await stat(fileFor(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
  };
}
