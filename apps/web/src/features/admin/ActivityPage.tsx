import { clientLabel } from '@app/domain/clients-board';
import { formatCount } from '@app/domain/jobs-format';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, focusRing } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, Input, Select } from '../../components/ui/Field.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { useFocusOnChange } from '../../lib/focus.ts';
import { datedFileName, saveBlobAs } from '../../lib/save-file.ts';
import { ActivityTimeline } from './ActivityTimeline.tsx';
import { exportActivity, fetchBoard, listActivityActors, lookUpClient } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { adminQueryKeys } from './query-keys.ts';
import { StaffPage } from './StaffPage.tsx';
import { useStaffGuard } from './staff-access.tsx';

const EXPORT_FAILED = 'Could not export the activity log. Please try again.';

/**
 * /admin/activity: the whole team's activity log, by staff member and by client (found by name or
 * e-mail), and as CSV.
 */
export function ActivityPage({ account }: { account: { email: string } }) {
  return (
    <StaffPage account={account} title="Activity">
      <ActivityLog />
    </StaffPage>
  );
}

function ActivityLog() {
  const guard = useStaffGuard();
  const [params, setParams] = useSearchParams();
  const actorId = params.get('actor_id') ?? '';
  const clientId = params.get('client_id') ?? '';
  const actors = useQuery({
    queryKey: adminQueryKeys.activityActors,
    queryFn: async () => dataOrThrow(guard(await listActivityActors()), GENERIC_ERROR),
  });

  const setFilter = (key: 'actor_id' | 'client_id', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const filter = { ...(actorId && { actor_id: actorId }), ...(clientId && { client_id: clientId }) };

  const [clientSearch, setClientSearch] = useState('');
  const matches = useClientMatches(clientSearch, !clientId);

  const exportCsv = useMutation({
    mutationFn: async () =>
      dataOrThrow(guard(await exportActivity(new URLSearchParams(filter))), EXPORT_FAILED),
    onSuccess: (blob) => saveBlobAs(blob, datedFileName('activity', 'csv')),
    onError: (error) => toast.error(failureMessage(error, EXPORT_FAILED)),
  });
  const exporting = exportCsv.isPending;

  return (
    <Card>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="activity-actor" className="text-sm font-medium text-neutral-900">
            Staff member
          </label>
          <Select
            id="activity-actor"
            value={actorId}
            onChange={(event) => setFilter('actor_id', event.target.value)}
          >
            <option value="">Everyone</option>
            {actors.data?.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.email}
              </option>
            ))}
          </Select>
        </div>
        <ClientSearch
          clientId={clientId}
          searching={matches.isFetching}
          onSearch={setClientSearch}
          onClear={() => setFilter('client_id', null)}
        />
        <Button busy={exporting} onClick={() => exportCsv.mutate()}>
          {!exporting && <Download className="size-4" aria-hidden="true" />}
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      {!clientId && clientSearch && (
        <ClientMatches
          search={clientSearch}
          matches={matches}
          onChoose={(id) => {
            setClientSearch('');
            setFilter('client_id', id);
          }}
        />
      )}
      <div className="mt-6">
        <ActivityTimeline
          key={`${actorId}|${clientId}`}
          filter={filter}
          clientLink={(entry) => {
            const client = entry.client_email ?? 'Client no longer here';
            // A deleted account's entry names no client (its id is empty): there is no page to open.
            return entry.client_id ? (
              <Link
                to={`/admin/clients/${encodeURIComponent(entry.client_id)}`}
                className={`underline ${focusRing}`}
              >
                {client}
              </Link>
            ) : (
              client
            );
          }}
        />
      </div>
    </Card>
  );
}

/** The first clients, by name, whose name or e-mail contains `search` (the board's search). */
function useClientMatches(search: string, enabled: boolean) {
  const guard = useStaffGuard();
  const query = new URLSearchParams({
    q: search,
    sort: 'client',
    dir: 'asc',
    page_size: String(MATCHES_SHOWN),
  });
  return useQuery({
    queryKey: adminQueryKeys.board(query.toString()),
    queryFn: async () => dataOrThrow(guard(await fetchBoard(query)), GENERIC_ERROR),
    enabled: enabled && search !== '',
  });
}

/**
 * Narrows the log to one client: searched by name or e-mail, then chosen from the matches below
 * (the log itself is asked for by the client's id); once chosen, it names the client.
 */
function ClientSearch({
  clientId,
  searching,
  onSearch,
  onClear,
}: {
  clientId: string;
  searching: boolean;
  onSearch(search: string): void;
  onClear(): void;
}) {
  const clearButton = useRef<HTMLButtonElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  // Choosing a client or clearing it removes the control just used.
  useFocusOnChange(clientId, (chosen) => (chosen ? clearButton : searchBox).current);
  if (clientId) {
    return (
      <div className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
        <ChosenClient clientId={clientId} />
        <Button ref={clearButton} variant="secondary" onClick={onClear}>
          Every Client
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex min-w-0 flex-1 items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
      }}
    >
      <Field label="Client" className="min-w-0 flex-1">
        {(control) => (
          <Input
            {...control}
            ref={searchBox}
            name="q"
            type="search"
            autoComplete="off"
            placeholder="Name or e-mail"
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" busy={searching}>
        Find
      </Button>
    </form>
  );
}

function ClientMatches({
  search,
  matches,
  onChoose,
}: {
  search: string;
  matches: ReturnType<typeof useClientMatches>;
  onChoose(clientId: string): void;
}) {
  if (matches.isError) {
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        {failureMessage(matches.error, GENERIC_ERROR)}
      </p>
    );
  }
  const found = matches.data?.data ?? [];
  const total = matches.data?.total ?? 0;
  // One status line that is always on the page, so screen readers hear its text change.
  const said = !matches.data
    ? ''
    : found.length === 0
      ? `No client matches “${search}”.`
      : total > found.length
        ? `The first ${found.length} of ${formatCount(total)} matches: add more of the name or e-mail to narrow them.`
        : '';
  return (
    <div className="mt-3 space-y-1">
      <p role="status" className="text-sm text-neutral-700 empty:hidden">
        {said}
      </p>
      {found.length > 0 && (
        <ul
          aria-label="Matching clients"
          className="divide-y divide-neutral-200 rounded-md border border-neutral-200"
        >
          {found.map((client) => (
            <li key={client.id}>
              <button
                type="button"
                className={`block w-full px-3 py-2 text-left text-sm font-medium break-words text-brand hover:bg-neutral-50 ${focusRing}`}
                onClick={() => onChoose(client.id)}
              >
                {clientLabel(client)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The matches a search lists at most: enough to pick from, short enough on a phone. */
const MATCHES_SHOWN = 8;

/** The chosen client as the server names them: never a name taken from the address bar. */
function ChosenClient({ clientId }: { clientId: string }) {
  const guard = useStaffGuard();
  const client = useQuery({
    queryKey: adminQueryKeys.clientRef(clientId),
    queryFn: async () => dataOrThrow(guard(await lookUpClient(clientId)), GENERIC_ERROR),
    retry: false,
  });
  const name = client.data?.email ?? (client.isError ? failureMessage(client.error, GENERIC_ERROR) : '...');
  return (
    <p className="min-w-0 py-2 text-sm break-words text-neutral-800" role="status">
      Client: <span className="font-medium text-neutral-950">{name}</span>
    </p>
  );
}
