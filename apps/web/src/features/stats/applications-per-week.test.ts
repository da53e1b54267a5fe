import { makeJob } from '@app/domain/jobs-testing';
import { describe, expect, it } from 'vitest';
import { jobsPerWeek, weekStartOf } from './applications-per-week.ts';

describe('weekStartOf', () => {
  it('is the Monday on or before the day', () => {
    expect(weekStartOf('2024-11-04')).toBe('2024-11-04'); // a Monday
    expect(weekStartOf('2024-11-10')).toBe('2024-11-04'); // the Sunday after
    expect(weekStartOf('2024-11-03')).toBe('2024-10-28'); // the Sunday before
  });
});

describe('jobsPerWeek', () => {
  const now = new Date('2024-11-06T12:00:00Z'); // a Wednesday

  it('counts each job by status in the week of its refresh date, oldest week first', () => {
    const weeks = jobsPerWeek(
      [
        makeJob({ refresh_date: '2024-11-04', applied_for_job: true }),
        makeJob({ refresh_date: '2024-11-06T08:00:00Z', client_approval: 'rejected' }),
        makeJob({ refresh_date: '2024-11-03' }),
        // Applied beats Rejected.
        makeJob({ refresh_date: '2024-10-29', applied_for_job: true, client_approval: 'rejected' }),
      ],
      now,
      3,
    );
    expect(weeks).toEqual([
      { weekStart: '2024-10-21', counts: { Applied: 0, Rejected: 0, Pending: 0 } },
      { weekStart: '2024-10-28', counts: { Applied: 1, Rejected: 0, Pending: 1 } },
      { weekStart: '2024-11-04', counts: { Applied: 1, Rejected: 1, Pending: 0 } },
    ]);
  });

  it('leaves out jobs without a refresh date and jobs before the first week', () => {
    const weeks = jobsPerWeek(
      [makeJob({ refresh_date: null }), makeJob({ refresh_date: '2024-10-20' })],
      now,
      3,
    );
    expect(
      weeks.every((week) => week.counts.Applied + week.counts.Rejected + week.counts.Pending === 0),
    ).toBe(true);
  });
});
