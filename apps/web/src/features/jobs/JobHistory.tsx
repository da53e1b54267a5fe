import { describeJobEvent, JOB_EVENT_ACTOR_LABELS } from '@app/domain/job-history';
import { formatShortDate } from '@app/domain/jobs-format';
import { useQuery } from '@tanstack/react-query';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { LoadingLine } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { fetchJobHistory, jobHistoryQueryKey } from './outcome-api.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** 'Nov 3, 2:05 PM' in the viewer's own time zone. */
function when(at: string): string {
  const date = new Date(at);
  const local = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `${formatShortDate(local)}, ${timeFormat.format(date)}`;
}

/** A job's timeline, newest first, as the details pop-up shows it; fetched fresh at each opening. */
export function JobHistory({ jobId }: { jobId: string }) {
  const history = useQuery({
    queryKey: jobHistoryQueryKey(jobId),
    queryFn: () => fetchJobHistory(jobId),
    staleTime: 0,
  });
  const failure = useLoadFailure(history);
  const reason = failureMessage(failure.error, 'Unknown error');
  const failureView = (
    <LoadFailure
      failure={failure}
      message={`The history could not be loaded: ${reason}`}
      refreshNote={`Could not refresh the history, so it shows the events as last loaded: ${reason}`}
    />
  );
  if (failure.failed) return failureView;
  if (history.data === undefined) {
    return <LoadingLine>Loading history...</LoadingLine>;
  }
  return (
    <div className="space-y-3">
      {failureView}
      {history.data.length === 0 ? (
        <p className="text-sm text-neutral-600">Nothing has happened yet.</p>
      ) : (
        <ol className="space-y-2 border-l-2 border-neutral-200 pl-4" aria-label="Job history, newest first">
          {history.data.map((event) => (
            <li key={event.id} className="text-sm">
              <p className="text-neutral-900">
                {describeJobEvent(event)}
                {event.kind === 'outcome' && event.detail.outcome_date
                  ? ` (${formatShortDate(event.detail.outcome_date)})`
                  : ''}
              </p>
              <p className="text-xs text-neutral-600">
                {JOB_EVENT_ACTOR_LABELS[event.actor]} · <time dateTime={event.at}>{when(event.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
