import { savedFilterSchema } from '@app/domain/job-filters';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, databaseMigratedTo } from '../../testing/databases.ts';
import { type Db, migrateToLatest } from '../database.ts';

const NOW = '2024-11-01T00:00:00.000Z';

describe.each(databaseKinds)('migration 012 on %s: saved filters within their limits', (kind) => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('leaves out blank and over-long keywords, keeps the first 200, and leaves fitting filters alone', async () => {
    ({ db, close } = await databaseMigratedTo(kind, '011-storage-deletions'));

    const longKeyword = 'k'.repeat(201);
    const many = Array.from({ length: 250 }, (_, index) => `keyword ${index}`);
    const overLong = {
      data_job_description: ['  ', longKeyword, ...many],
      exclude_job_description: [`  ${'x'.repeat(200)}  `, 'y'.repeat(300), 'contract'],
      is_remote: true,
      min_salary: 90000,
    };
    const fitting = {
      data_job_description: ['python'],
      exclude_job_description: [],
      is_remote: false,
      min_salary: null,
    };
    const legacy = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const [id, filters] of [
      ['f-long', overLong],
      ['f-fine', fitting],
    ] as const) {
      await legacy
        .insertInto('job_search_filters')
        .values({
          id,
          client_id: 'u-1',
          client_email: 'ada@example.com',
          name: 'Data Engineer',
          query: 'Data Engineer',
          filters: JSON.stringify(filters),
          date_saved: NOW,
          position: 0,
          updated_at: NOW,
        })
        .execute();
    }
    // What made the filter pages fail: the stored filter is not one a filter can be.
    const asStored = (id: string, filters: object) => ({
      id,
      client_email: 'ada@example.com',
      name: 'Data Engineer',
      date_saved: NOW,
      query: 'Data Engineer',
      filters,
      version: 1,
    });
    expect(savedFilterSchema.safeParse(asStored('f-long', overLong)).success).toBe(false);

    await migrateToLatest(db);

    const rows = await db.kysely
      .selectFrom('job_search_filters')
      .select(['id', 'filters'])
      .orderBy('id')
      .execute();
    const stored = Object.fromEntries(rows.map((row) => [row.id, JSON.parse(row.filters)]));
    expect(stored['f-long']).toEqual({
      data_job_description: many.slice(0, 200),
      exclude_job_description: [`  ${'x'.repeat(200)}  `, 'contract'],
      is_remote: true,
      min_salary: 90000,
    });
    expect(stored['f-fine']).toEqual(fitting);
    expect(savedFilterSchema.safeParse(asStored('f-long', stored['f-long'])).success).toBe(true);
  });
});
