import { calendarDay, daysBefore, type JobStatus, jobStatus } from '@app/domain/jobs';

/** Jobs per week by status, for the stats page's chart: weeks start on Monday (UTC days). */

export interface WeekOfJobs {
  /** The Monday that starts the week, YYYY-MM-DD. */
  weekStart: string;
  counts: Record<JobStatus, number>;
}

export const CHART_STATUSES: readonly JobStatus[] = ['Applied', 'Rejected', 'Pending'];

/** The Monday on or before a day. */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return daysBefore(day, (weekday + 6) % 7);
}

type ChartJob = Parameters<typeof jobStatus>[0] & { refresh_date: string | null };

/**
 * The last `weeks` weeks up to the one holding `now`, oldest first, counting each job in the week of
 * its refresh date. Jobs without one, or older, are left out.
 */
export function jobsPerWeek(jobs: readonly ChartJob[], now: Date, weeks = 8): WeekOfJobs[] {
  const thisWeek = weekStartOf(now.toISOString().slice(0, 10));
  const result: WeekOfJobs[] = [];
  for (let back = weeks - 1; back >= 0; back -= 1) {
    result.push({
      weekStart: daysBefore(thisWeek, back * 7),
      counts: { Applied: 0, Rejected: 0, Pending: 0 },
    });
  }
  const byStart = new Map(result.map((week) => [week.weekStart, week]));
  for (const job of jobs) {
    const day = calendarDay(job.refresh_date);
    if (!day) continue;
    const week = byStart.get(weekStartOf(day));
    if (week) week.counts[jobStatus(job)] += 1;
  }
  return result;
}
