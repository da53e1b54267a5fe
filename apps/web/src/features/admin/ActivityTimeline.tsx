import { ACTIVITY_ACTIONS, type ActivityEntry, describeActivity } from '@app/domain/activity';
import { useInfiniteQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { listActivity } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { adminQueryKeys } from './query-keys.ts';
import { useStaffGuard } from './staff-access.tsx';

/** Who acted, as the timeline names them. */
export function actorLabel(entry: ActivityEntry): string {
  if (entry.actor_kind === 'system') return 'Import program';
  if (entry.actor_kind === 'client') return `Client (${entry.actor_email})`;
  return entry.actor_email;
}

/**
 * The activity log, newest first, a page at a time: for one client, one staff member, or everyone.
 * `clientLink` links each entry to its client (on the team-wide page).
 */
export function ActivityTimeline({
  filter,
  clientLink,
}: {
  filter: { client_id?: string; actor_id?: string };
  clientLink?: (entry: ActivityEntry) => ReactNode;
}) {
  const guard = useStaffGuard();
  const base = new URLSearchParams(Object.entries(filter).filter(([, value]) => value) as [string, string][]);
  const entries = useInfiniteQuery({
    queryKey: adminQueryKeys.activity(base.toString()),
    initialPageParam: '',
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams(base);
      if (pageParam) query.set('cursor', pageParam);
      return dataOrThrow(guard(await listActivity(query)), GENERIC_ERROR);
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

  // Only a load with nothing to show fails the timeline: a refresh that fails (the client page asks
  // for one after each change) or an older page that fails keeps the entries already shown.
  const failure = useLoadFailure(entries);
  const reason = failureMessage(failure.error, GENERIC_ERROR);
  const failureView = (
    <LoadFailure
      failure={failure}
      message={reason}
      refreshNote={
        entries.isFetchNextPageError
          ? `Could not load older entries: ${reason}`
          : `Could not refresh the activity, so it shows the entries as last loaded: ${reason}`
      }
    />
  );
  if (failure.failed) return failureView;
  if (entries.data === undefined) return <Spinner label="Loading activity..." />;
  const all = entries.data.pages.flatMap((page) => page.data);
  if (all.length === 0) return <p className="text-sm text-neutral-600">Nothing recorded yet.</p>;
  return (
    <div className="space-y-3">
      <ol aria-label="Activity entries" className="divide-y divide-neutral-200">
        {all.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
            <time dateTime={entry.at} className="shrink-0 text-sm text-neutral-600 sm:w-44">
              {format(parseISO(entry.at), "MMM d, yyyy 'at' h:mm a")}
            </time>
            <div className="min-w-0 text-sm">
              <p className="break-words text-neutral-900">
                <span className="font-medium">{actorLabel(entry)}</span>{' '}
                <span>{ACTIVITY_ACTIONS[entry.action] ? describeActivity(entry) : entry.action}</span>
              </p>
              {clientLink && <p className="break-all text-neutral-600">{clientLink(entry)}</p>}
            </div>
          </li>
        ))}
      </ol>
      {failureView}
      {entries.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          busy={entries.isFetchingNextPage}
          onClick={() => entries.fetchNextPage()}
        >
          {entries.isFetchingNextPage ? 'Loading...' : 'Show older'}
        </Button>
      )}
    </div>
  );
}
