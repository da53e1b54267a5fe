import { DEFAULT_JOB_FILTERS } from '@app/domain/jobs';
import { ContactAnalyst } from './ContactAnalyst.tsx';
import { ExportJobsButton } from './ExportJobsButton.tsx';
import { JobsBoard } from './JobsBoard.tsx';

/** /myjobs, Apply for Me (spec 2, section 2): the jobs our team found, to review, reject and annotate. */
export function MyJobsPage({ account }: { account: { id: string; email: string } }) {
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-neutral-900">Apply for Me</h1>
          <p className="mt-1 text-neutral-700">
            The jobs our team found for you. Reject the ones you do not want, and keep notes on the rest.
          </p>
        </div>
        <ExportJobsButton />
      </header>
      <JobsBoard
        variant="manage"
        label="Your jobs"
        defaultFilters={DEFAULT_JOB_FILTERS}
        loadingText="Loading jobs..."
        noJobs={<ContactAnalyst email={account.email} />}
        userId={account.id}
      />
    </div>
  );
}
