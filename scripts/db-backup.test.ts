import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from './db-backup.ts';

describe('embedded database backup and restore', () => {
  it('round-trips every row, including writes made after the backup being undone by restore', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
    const dbFile = path.join(dir, 'app.db');
    const backupFile = path.join(dir, 'backup.db');
    const db = new DatabaseSync(dbFile);
    db.exec('PRAGMA journal_mode = WAL; CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = db.prepare('INSERT INTO notes (body) VALUES (?)');
    for (let i = 0; i < 500; i++) insert.run(`note ${i}`);

    await backupDatabase(dbFile, backupFile);
    db.exec("DELETE FROM notes WHERE id > 100; INSERT INTO notes (body) VALUES ('after backup')");
    db.close();

    await restoreDatabase(backupFile, dbFile);
    const restored = new DatabaseSync(dbFile);
    const { count } = restored.prepare('SELECT count(*) AS count FROM notes').get() as { count: number };
    const after = restored
      .prepare("SELECT count(*) AS count FROM notes WHERE body = 'after backup'")
      .get() as {
      count: number;
    };
    const integrity = restored.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
    restored.close();
    expect(count).toBe(500);
    expect(after.count).toBe(0);
    expect(integrity.integrity_check).toBe('ok');
  });

  it('refuses to restore from a missing backup', async () => {
    await expect(restoreDatabase('/nonexistent/backup.db', '/tmp/x.db')).rejects.toThrow(
      'No backup at /nonexistent/backup.db',
    );
  });
});
