import { DEFAULT_JOB_FILTERS, type JobFilters } from '@app/domain/jobs';
import { describe, expect, it } from 'vitest';
import { readJobListSearch, writeJobListSearch } from './job-list-search.ts';

const STATS_DEFAULTS: JobFilters = { status: 'applied', decision: 'not_rejected', date: 'all' };
const read = (search: string, defaults = DEFAULT_JOB_FILTERS) =>
  readJobListSearch(new URLSearchParams(search), defaults);
const write = (search: Parameters<typeof writeJobListSearch>[1], defaults = DEFAULT_JOB_FILTERS, from = '') =>
  writeJobListSearch(new URLSearchParams(from), search, defaults).toString();

describe('readJobListSearch', () => {
  it('answers the page defaults for a plain address', () => {
    expect(read('')).toEqual({ filters: DEFAULT_JOB_FILTERS, sort: null });
    expect(read('', STATS_DEFAULTS)).toEqual({ filters: STATS_DEFAULTS, sort: null });
  });

  it('reads filters, a custom range and the sort in either direction', () => {
    expect(
      read('status=applied&decision=rejected&date=custom&from=2024-11-01&to=2024-11-20&sort=-data_company'),
    ).toEqual({
      filters: {
        status: 'applied',
        decision: 'rejected',
        date: 'custom',
        from: '2024-11-01',
        to: '2024-11-20',
      },
      sort: { column: 'data_company', direction: 'desc' },
    });
    expect(read('sort=max_salary').sort).toEqual({ column: 'max_salary', direction: 'asc' });
    expect(read('status=all', STATS_DEFAULTS).filters.status).toBe('all');
  });

  it('falls back to the defaults for values it does not know', () => {
    expect(read('status=approved&decision=maybe&date=yesterday&sort=-salary', STATS_DEFAULTS)).toEqual({
      filters: STATS_DEFAULTS,
      sort: null,
    });
  });

  it('keeps custom bounds only when they are real days in order', () => {
    expect(read('date=custom&from=2024-02-30&to=2024-11-20').filters).toMatchObject({
      from: null,
      to: '2024-11-20',
    });
    expect(read('date=custom&from=2024-11-21&to=2024-11-20').filters).toMatchObject({ from: null, to: null });
    // Bounds without the custom preset mean nothing.
    expect(read('date=week&from=2024-11-01').filters).toEqual({ ...DEFAULT_JOB_FILTERS, date: 'week' });
  });
});

describe('writeJobListSearch', () => {
  it('writes only what differs from the page defaults', () => {
    expect(write({ filters: DEFAULT_JOB_FILTERS, sort: null })).toBe('');
    expect(write({ filters: STATS_DEFAULTS, sort: null }, STATS_DEFAULTS)).toBe('');
    expect(write({ filters: DEFAULT_JOB_FILTERS, sort: null }, STATS_DEFAULTS)).toBe(
      'status=all&decision=all',
    );
    expect(
      write({
        filters: { status: 'applied', decision: 'all', date: 'custom', from: '2024-11-01', to: null },
        sort: { column: 'data_job_title', direction: 'desc' },
      }),
    ).toBe('status=applied&date=custom&from=2024-11-01&sort=-data_job_title');
  });

  it('replaces its own parameters and keeps the others', () => {
    expect(
      write(
        { filters: DEFAULT_JOB_FILTERS, sort: { column: 'status', direction: 'asc' } },
        DEFAULT_JOB_FILTERS,
        'status=applied&ref=mail&sort=-status',
      ),
    ).toBe('ref=mail&sort=status');
  });

  it('reads back what it wrote', () => {
    const search = {
      filters: {
        status: 'not_applied',
        decision: 'not_rejected',
        date: 'custom',
        from: '2024-10-01',
        to: '2024-10-31',
      },
      sort: { column: 'refresh_date', direction: 'asc' },
    } as const;
    expect(read(write(search))).toEqual(search);
  });
});
