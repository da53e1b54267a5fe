/**
 * A bounded map whose entries expire at a time given when they are set; when it is full, the oldest
 * entry makes room. Reads are synchronous and allocate nothing, so hot paths can consult it freely.
 */
export class ExpiringCache<Key, Value> {
  readonly #entries = new Map<Key, { value: Value; expiresAt: number }>();
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  /** The value, unless it is missing or expired at `now` (in the unit `set` was given). */
  get(key: Key, now: number): Value | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: Key, value: Value, expiresAt: number): void {
    if (!this.#entries.has(key) && this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, expiresAt });
  }
}
