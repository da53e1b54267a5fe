import type { JobFilters, JobListItem } from '@app/domain/jobs';
import { formatCount } from '@app/domain/jobs-format';
import type { ReactNode } from 'react';
import { EmptyJobs } from './EmptyJobs.tsx';
import { JobsBoard } from './JobsBoard.tsx';
import { JobsLoading } from './JobsLoading.tsx';
import { rejectedAppliedNote } from './job-messages.ts';
import { OutcomeFunnel } from './OutcomeFunnel.tsx';
import { useMyJobs } from './use-my-jobs.ts';

/** The stats page lists approved applications by default (spec 2, section 5). */
export const STATS_FILTERS: JobFilters = { status: 'applied', decision: 'not_rejected', date: 'all' };
const LOADING_TEXT = 'Loading job statistics...';

export interface JobStatsPageProps {
  account: { id: string };
  /** Pictures of the jobs shown above the table, given by the app (a chart, say). */
  insights?: (jobs: readonly JobListItem[]) => ReactNode;
}

/** /job-stats, My Job Stats (spec 2, section 2). */
export function JobStatsPage({ account, insights }: JobStatsPageProps) {
  const query = useMyJobs();
  const jobs = query.data;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-neutral-900">My Job Stats</h1>
        <p className="mt-1 text-neutral-700">View statistics for your approved job applications</p>
      </header>
      {query.isPending ? (
        <JobsLoading text={LOADING_TEXT} />
      ) : (
        <>
          {jobs && <AppliedTotal jobs={jobs} />}
          {jobs && jobs.length > 0 && (
            <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
              <div className="min-w-0">{insights?.(jobs)}</div>
              <OutcomeFunnel jobs={jobs} />
            </div>
          )}
          <section className="space-y-3" aria-labelledby="approved-applications">
            <h2 id="approved-applications" className="text-xl font-semibold text-neutral-900">
              Approved Job Applications
            </h2>
            <JobsBoard
              variant="stats"
              label="Approved Job Applications"
              defaultFilters={STATS_FILTERS}
              loadingText={LOADING_TEXT}
              userId={account.id}
              noJobs={
                <EmptyJobs
                  title="No jobs assigned yet"
                  hint="Jobs will appear here once they are assigned to you by our team"
                />
              }
            />
          </section>
        </>
      )}
    </div>
  );
}

/**
 * Spec 2's total counts every applied job, the ones the client rejected too, while the table below
 * lists approved ones by default: without a word, the total looks larger than the table for no reason.
 */
function AppliedTotal({ jobs }: { jobs: readonly JobListItem[] }) {
  const applied = jobs.filter((job) => job.applied_for_job);
  const rejected = applied.filter((job) => job.client_approval === 'rejected').length;
  return (
    <div>
      <p className="text-lg font-semibold text-neutral-900">
        Total Applied Jobs: {formatCount(applied.length)}
      </p>
      {rejected > 0 && <p className="text-sm text-neutral-700">{rejectedAppliedNote(rejected)}</p>}
    </div>
  );
}
