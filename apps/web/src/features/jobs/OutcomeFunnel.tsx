import { outcomeFunnel } from '@app/domain/job-outcomes';
import type { JobListItem } from '@app/domain/jobs';
import { formatCount } from '@app/domain/jobs-format';
import { useId } from 'react';

/** Share of the applied jobs, rounded: '25%'; nothing when none were applied to. */
function share(count: number, applied: number): string | null {
  return applied === 0 ? null : `${Math.round((count / applied) * 100)}%`;
}

/** /job-stats: of the applied jobs, how many got a response, an interview, an offer. */
export function OutcomeFunnel({ jobs }: { jobs: readonly JobListItem[] }) {
  const headingId = useId();
  const funnel = outcomeFunnel(jobs);
  const stages = [
    { label: 'Applied', count: funnel.applied },
    { label: 'Responses', count: funnel.responses },
    { label: 'Interviews', count: funnel.interviews },
    { label: 'Offers', count: funnel.offers },
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-neutral-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        Outcomes
      </h2>
      <dl className="mt-3 space-y-2">
        {stages.map((stage) => {
          const percent = share(stage.count, funnel.applied);
          const width = funnel.applied === 0 ? 0 : (stage.count / funnel.applied) * 100;
          return (
            <div key={stage.label} className="grid grid-cols-[6.5rem_1fr] items-center gap-3">
              <dt className="text-sm text-neutral-700">{stage.label}</dt>
              <dd className="flex items-center gap-2">
                <span className="h-3 flex-1 rounded-full bg-neutral-100" aria-hidden="true">
                  <span className="block h-3 rounded-full bg-brand" style={{ width: `${width}%` }} />
                </span>
                <span className="w-20 text-right text-sm font-semibold text-neutral-900 tabular-nums">
                  {formatCount(stage.count)}
                  {percent && stage.label !== 'Applied' && (
                    <span className="font-normal text-neutral-600"> ({percent})</span>
                  )}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
      {funnel.applied > 0 && funnel.responses === 0 && (
        <p className="mt-3 text-sm text-neutral-600">
          Record what came of an application from its row or its details to see it here.
        </p>
      )}
    </section>
  );
}
