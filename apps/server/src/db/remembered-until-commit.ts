import type { Db } from './database.ts';

/** Values read from the database, remembered per key until anything at all is committed. */
export interface RememberedUntilCommit<Value> {
  /** The remembered value, if nothing was committed since it was read; undefined otherwise. */
  peek(key: string): Value | undefined;
  /** The remembered value, or a fresh read that is then remembered. */
  read(key: string): Promise<Value>;
}

/**
 * Remembers what `read` answered for each key until anything is committed to the database, by
 * this process or any other. Where the database cannot tell (`commitStamp` is undefined), nothing
 * is remembered and every call reads.
 */
export function rememberedUntilCommit<Value>(
  db: Pick<Db, 'commitStamp'>,
  read: (key: string) => Promise<Value>,
): RememberedUntilCommit<Value> {
  let remembered = { stamp: '', values: new Map<string, Value>() };
  /** The values still valid now, or undefined when the database cannot tell. */
  const current = () => {
    const stamp = db.commitStamp();
    if (stamp === undefined) return undefined;
    if (stamp !== remembered.stamp) remembered = { stamp, values: new Map() };
    return remembered.values;
  };
  return {
    peek: (key) => current()?.get(key),
    async read(key) {
      const values = current();
      if (values?.has(key)) return values.get(key) as Value;
      // The stamp is read before the value, so a value is never older than the stamp it is kept
      // under: a commit in between changes the next stamp, which forgets it.
      const value = await read(key);
      values?.set(key, value);
      return value;
    },
  };
}
