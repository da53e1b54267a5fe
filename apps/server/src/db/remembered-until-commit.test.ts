import { describe, expect, it } from 'vitest';
import { rememberedUntilCommit } from './remembered-until-commit.ts';

/** A database whose commit stamp the test sets, and a read that counts its calls. */
function setUp() {
  const database = { stamp: 'a' as string | undefined, value: 1, reads: 0 };
  const { read, peek } = rememberedUntilCommit({ commitStamp: () => database.stamp }, async (key) => {
    database.reads++;
    return `${key}:${database.value}`;
  });
  return { database, read, peek };
}

describe('rememberedUntilCommit', () => {
  it('reads each key once while nothing is committed', async () => {
    const { database, read } = setUp();
    expect([await read('x'), await read('x'), await read('y'), await read('y')]).toEqual([
      'x:1',
      'x:1',
      'y:1',
      'y:1',
    ]);
    expect(database.reads).toBe(2);
  });

  it('forgets everything after a commit', async () => {
    const { database, read } = setUp();
    await read('x');
    database.value = 2;
    database.stamp = 'b';
    expect(await read('x')).toBe('x:2');
    expect(database.reads).toBe(2);
  });

  it('reads every time where the database cannot tell', async () => {
    const { database, read } = setUp();
    database.stamp = undefined;
    await read('x');
    database.value = 2;
    expect(await read('x')).toBe('x:2');
    expect(database.reads).toBe(2);
  });

  it('never keeps a value read before a commit under the stamp after it', async () => {
    const { database, read } = setUp();
    const pending = read('x');
    // The commit lands while the first read is still being answered.
    database.stamp = 'b';
    database.value = 2;
    expect(await pending).toBe('x:1');
    expect(await read('x')).toBe('x:2');
  });

  it('peeks at a remembered value only while nothing is committed', async () => {
    const { database, read, peek } = setUp();
    expect(peek('x')).toBeUndefined();
    await read('x');
    expect(peek('x')).toBe('x:1');
    expect(peek('y')).toBeUndefined();
    database.stamp = 'b';
    expect(peek('x')).toBeUndefined();
    await read('x');
    database.stamp = undefined;
    expect(peek('x')).toBeUndefined();
    expect(database.reads).toBe(2);
  });
});
