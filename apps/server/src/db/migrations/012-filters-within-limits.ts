import type { Kysely } from 'kysely';

/**
 * Filters saved with a welcome e-mail before generated filters were fitted to a saved filter's
 * limits could hold a keyword over 200 characters, a blank one, or more than 200 keywords in a list:
 * their client's filter pages then failed to load. Each stored list now keeps what a filter can
 * hold: blank entries and entries over 200 characters (after trimming) are left out, as generation
 * leaves them out, then the first 200 are kept. The limits are written here rather than imported:
 * a migration must do tomorrow what it did today, whatever the domain's rules become.
 */
const MAX_LENGTH = 200;
const MAX_ENTRIES = 200;
const LISTS = ['data_job_description', 'exclude_job_description'] as const;
const BATCH = 500;

type FiltersTable = { job_search_filters: { id: string; filters: string } };

function fitted(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  return list
    .filter((entry) => typeof entry === 'string' && entry.trim() !== '' && entry.trim().length <= MAX_LENGTH)
    .slice(0, MAX_ENTRIES);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const filters = db as unknown as Kysely<FiltersTable>;
  let after = '';
  for (;;) {
    const rows = await filters
      .selectFrom('job_search_filters')
      .select(['id', 'filters'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const stored = JSON.parse(row.filters) as Record<string, unknown>;
      const updated = { ...stored };
      for (const list of LISTS) updated[list] = fitted(stored[list]);
      const text = JSON.stringify(updated);
      if (text !== JSON.stringify(stored)) {
        await filters
          .updateTable('job_search_filters')
          .set({ filters: text })
          .where('id', '=', row.id)
          .execute();
      }
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Nothing to undo: what was left out could never be shown, saved again or searched with. */
export async function down(): Promise<void> {}
