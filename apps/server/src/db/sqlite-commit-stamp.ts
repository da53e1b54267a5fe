import { closeSync, openSync, readSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Tells, without a query, whether anything was committed to a SQLite database since the last look.
 *
 * In WAL mode SQLite keeps a WAL-index header at the start of `<file>-shm`, a file every connection
 * on the machine maps into memory (https://www.sqlite.org/walformat.html, "The WAL-Index Header").
 * Every commit, by any connection in any process, rewrites it before the commit returns: its change
 * counter, frame count and salts. SQLite writes two copies, one after the other, so a read that
 * races a writer sees them differ. The stamp is the header itself; `undefined` means "cannot tell"
 * (an in-memory database, a header not yet created or of an unknown version, two copies that
 * differ), and the caller then asks the database.
 */
export interface CommitStamp {
  read(): string | undefined;
  /** Call after the database connection is closed, never before (see `sharedHeaders`). */
  close(): void;
}

const HEADER_BYTES = 48;
/** The header's first field, in the machine's byte order; anything else is a format this does not know. */
const WAL_INDEX_VERSION = 3007000;
/** The header's `isInit` byte: 1 once a connection has set the header up. */
const IS_INIT_OFFSET = 12;

function isKnownHeader(buffer: Buffer): boolean {
  const version = os.endianness() === 'LE' ? buffer.readUInt32LE(0) : buffer.readUInt32BE(0);
  return version === WAL_INDEX_VERSION && buffer[IS_INIT_OFFSET] === 1;
}

interface SharedHeader {
  fd: number | undefined;
  users: number;
}

/**
 * Descriptors of `-shm` files, one per file and process. SQLite locks the `-shm` file with POSIX
 * record locks, and closing any descriptor of a file drops every such lock the process holds on it.
 * So a descriptor is closed only when the last database opened on that file in this process has
 * closed, as SQLite itself does for its own descriptors.
 */
const sharedHeaders = new Map<string, SharedHeader>();

export function sqliteCommitStamp(databaseFile: string): CommitStamp {
  if (databaseFile === ':memory:') return { read: () => undefined, close: () => {} };
  const shmFile = `${path.resolve(databaseFile)}-shm`;
  let shared = sharedHeaders.get(shmFile);
  if (!shared) {
    shared = { fd: undefined, users: 0 };
    sharedHeaders.set(shmFile, shared);
  }
  shared.users++;
  const header = shared;
  const buffer = Buffer.alloc(2 * HEADER_BYTES);
  let closed = false;

  return {
    read() {
      if (closed) return undefined;
      if (header.fd === undefined) {
        try {
          header.fd = openSync(shmFile, 'r');
        } catch {
          // Created by SQLite on the first read in WAL mode.
          return undefined;
        }
      }
      if (readSync(header.fd, buffer, 0, buffer.length, 0) < buffer.length) return undefined;
      if (!isKnownHeader(buffer)) return undefined;
      if (buffer.compare(buffer, HEADER_BYTES, 2 * HEADER_BYTES, 0, HEADER_BYTES) !== 0) return undefined;
      return buffer.toString('latin1', 0, HEADER_BYTES);
    },
    close() {
      if (closed) return;
      closed = true;
      header.users--;
      if (header.users > 0) return;
      sharedHeaders.delete(shmFile);
      if (header.fd !== undefined) closeSync(header.fd);
    },
  };
}
