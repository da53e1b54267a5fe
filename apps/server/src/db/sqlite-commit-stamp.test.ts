import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database.ts';
import { sqliteCommitStamp } from './sqlite-commit-stamp.ts';

describe('the SQLite commit stamp', () => {
  const opened: Db[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
  });

  const newFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'stamp-')), 'app.db');

  async function open(file: string): Promise<Db> {
    const db = openDatabase({ kind: 'sqlite', file });
    opened.push(db);
    await sql`create table if not exists notes (id integer primary key, body text)`.execute(db.kysely);
    return db;
  }

  const insert = (db: Db, body: string) => sql`insert into notes (body) values (${body})`.execute(db.kysely);

  it('stays the same while the database is only read', async () => {
    const db = await open(newFile());
    const before = db.commitStamp();
    expect(before).toEqual(expect.any(String));
    await sql`select * from notes`.execute(db.kysely);
    expect(db.commitStamp()).toBe(before);
  });

  it('changes with every commit of this connection', async () => {
    const db = await open(newFile());
    const seen = new Set([db.commitStamp()]);
    for (const body of ['one', 'two', 'three']) {
      await insert(db, body);
      seen.add(db.commitStamp());
    }
    expect(seen.size).toBe(4);
  });

  it('changes as soon as another process has committed', async () => {
    const file = newFile();
    const db = await open(file);
    const before = db.commitStamp();
    execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `import { DatabaseSync } from 'node:sqlite';
       const other = new DatabaseSync(process.argv[1]);
       other.exec("insert into notes (body) values ('from elsewhere')");
       other.close();`,
      file,
    ]);
    expect(db.commitStamp()).not.toBe(before);
  });

  it('keeps working for one database when another on the same file closes', async () => {
    const file = newFile();
    const first = await open(file);
    const second = await open(file);
    await second.close();
    opened.splice(opened.indexOf(second), 1);
    const before = first.commitStamp();
    await insert(first, 'after the other closed');
    expect(first.commitStamp()).toEqual(expect.any(String));
    expect(first.commitStamp()).not.toBe(before);
  });

  it('cannot tell for an in-memory database, nor on PostgreSQL', () => {
    const memory = openDatabase({ kind: 'sqlite', file: ':memory:' });
    opened.push(memory);
    expect(memory.commitStamp()).toBeUndefined();
    const postgres = openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    opened.push(postgres);
    expect(postgres.commitStamp()).toBeUndefined();
  });

  describe('cannot tell from a header it does not trust', () => {
    /** A WAL-index header as SQLite lays it out on this machine: version 3007000, initialised. */
    function header(change: number): Buffer {
      const copy = Buffer.alloc(48);
      if (os.endianness() === 'LE') copy.writeUInt32LE(3007000, 0);
      else copy.writeUInt32BE(3007000, 0);
      copy.writeUInt32LE(change, 8);
      copy[12] = 1;
      return copy;
    }

    function stampOf(shm: Buffer): string | undefined {
      const file = newFile();
      writeFileSync(`${file}-shm`, shm);
      const stamp = sqliteCommitStamp(file);
      try {
        return stamp.read();
      } finally {
        stamp.close();
      }
    }

    it('reads two matching copies of a known header', () => {
      expect(stampOf(Buffer.concat([header(7), header(7)]))).toBe(header(7).toString('latin1'));
    });

    it.each([
      ['copies that differ, as while a commit is writing them', Buffer.concat([header(8), header(7)])],
      ['an unknown format version', Buffer.concat([Buffer.alloc(48), Buffer.alloc(48)])],
      [
        'a header not set up yet',
        Buffer.concat([header(7), header(7)])
          .fill(0, 12, 13)
          .fill(0, 60, 61),
      ],
      ['a header cut short', header(7)],
    ])('%s', (_case, shm) => {
      expect(stampOf(shm)).toBeUndefined();
    });
  });
});
