import type { JobStatus } from '@app/domain/jobs';
import { formatCount, formatShortDate } from '@app/domain/jobs-format';
import { useMemo } from 'react';
import { CHART_STATUSES, jobsPerWeek } from './applications-per-week.ts';

const barClasses: Record<JobStatus, string> = {
  Applied: 'bg-green-600',
  Rejected: 'bg-red-500',
  Pending: 'bg-neutral-400',
};

type ChartJob = Parameters<typeof jobsPerWeek>[0][number];

/**
 * 'Nov 10' under a bar: on one line where there is room, month over day on a phone, where eight
 * one-line labels would run into each other.
 */
function WeekLabel({ weekStart }: { weekStart: string }) {
  const [month, day] = formatShortDate(weekStart).split(' ');
  return (
    <span className="flex flex-col items-center text-xs leading-tight text-neutral-600 sm:flex-row sm:gap-1">
      <span>{month}</span>
      <span>{day}</span>
    </span>
  );
}

/**
 * Jobs per week by status over the last eight weeks, as stacked bars. The bars are a picture; the
 * same numbers are in a table for screen readers.
 */
export function JobsPerWeekChart({ jobs }: { jobs: readonly ChartJob[] }) {
  const weeks = useMemo(() => jobsPerWeek(jobs, new Date()), [jobs]);
  const tallest = Math.max(
    1,
    ...weeks.map((week) => CHART_STATUSES.reduce((sum, s) => sum + week.counts[s], 0)),
  );

  return (
    <figure className="rounded-lg border border-neutral-200 bg-white p-4 sm:p-6">
      <figcaption className="text-lg font-semibold text-neutral-900">Jobs per Week by Status</figcaption>
      <p className="text-sm text-neutral-600">By refresh date, for the last eight weeks</p>
      <ul className="mt-3 flex flex-wrap gap-4 text-sm text-neutral-700" aria-hidden="true">
        {CHART_STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <span className={`size-3 rounded-sm ${barClasses[status]}`} />
            {status}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex h-40 items-end gap-2" aria-hidden="true">
        {weeks.map((week) => {
          const total = CHART_STATUSES.reduce((sum, status) => sum + week.counts[status], 0);
          return (
            <div
              key={week.weekStart}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
            >
              <span className="text-xs text-neutral-700">{formatCount(total)}</span>
              <div
                className="flex w-full max-w-12 flex-col-reverse overflow-hidden rounded-t-sm"
                style={{ height: `${(total / tallest) * 100}%` }}
              >
                {CHART_STATUSES.map((status) => (
                  <div
                    key={status}
                    className={barClasses[status]}
                    style={{ height: total ? `${(week.counts[status] / total) * 100}%` : 0 }}
                  />
                ))}
              </div>
              <WeekLabel weekStart={week.weekStart} />
            </div>
          );
        })}
      </div>
      <table className="sr-only">
        <caption>Jobs per week by status</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {CHART_STATUSES.map((status) => (
              <th key={status} scope="col">
                {status}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{formatShortDate(week.weekStart)}</th>
              {CHART_STATUSES.map((status) => (
                <td key={status}>{formatCount(week.counts[status])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
