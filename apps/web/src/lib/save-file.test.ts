import { afterEach, describe, expect, it } from 'vitest';
import { datedFileName } from './save-file.ts';

describe('datedFileName', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it("names a download by the person's own date, not the date in UTC", () => {
    process.env.TZ = 'America/Los_Angeles';
    // 21:30 on 24 November in California is already the 25th in UTC.
    expect(datedFileName('my-jobs', 'csv', new Date('2026-11-25T05:30:00Z'))).toBe('my-jobs-2026-11-24.csv');
    process.env.TZ = 'Asia/Tokyo';
    expect(datedFileName('my-data', 'json', new Date('2026-11-24T16:00:00Z'))).toBe(
      'my-data-2026-11-25.json',
    );
  });
});
