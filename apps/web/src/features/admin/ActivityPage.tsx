import { useMutation, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, focusRing } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, Input, Select } from '../../components/ui/Field.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { datedFileName, saveBlobAs } from '../../lib/save-file.ts';
import { ActivityTimeline } from './ActivityTimeline.tsx';
import { exportActivity, fetchBoard, listActivityActors } from './admin-api.ts';
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

  const setFilter = (key: 'actor_id', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  // The name travels beside the id so the page can say whose activity it shows, after a reload too.
  const setClient = (client: { id: string; label: string } | null) => {
    const next = new URLSearchParams(params);
    next.delete('client_id');
    next.delete('client');
    if (client) {
      next.set('client_id', client.id);
      next.set('client', client.label);
    }
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
          label={params.get('client') || clientId}
          searching={matches.isFetching}
          onSearch={setClientSearch}
          onClear={() => setClient(null)}
        />
        <Button busy={exporting} onClick={() => exporting || exportCsv.mutate()}>
          {!exporting && <Download className="size-4" aria-hidden="true" />}
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      {!clientId && clientSearch && (
        <ClientMatches
          search={clientSearch}
          matches={matches}
          onChoose={(client) => {
            setClientSearch('');
            setClient(client);
          }}
        />
      )}
      <div className="mt-6">
        <ActivityTimeline
          key={`${actorId}|${clientId}`}
          filter={filter}
          clientLink={(entry) => (
            <Link
              to={`/admin/clients/${encodeURIComponent(entry.client_id)}`}
              className={`underline ${focusRing}`}
            >
              {entry.client_email ?? 'Client no longer here'}
            </Link>
          )}
        />
      </div>
    </Card>
  );
}

/** How a client reads in the filter: their name and address, or the address alone. */
const clientLabel = (client: { name: string; email: string }) =>
  client.name ? `${client.name} (${client.email})` : client.email;

/** Every client whose name or e-mail contains `search` (the board's search), by name. */
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
  label,
  searching,
  onSearch,
  onClear,
}: {
  clientId: string;
  label: string;
  searching: boolean;
  onSearch(search: string): void;
  onClear(): void;
}) {
  if (clientId) {
    return (
      <div className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
        <p className="min-w-0 py-2 text-sm break-words text-neutral-800" role="status">
          Client: <span className="font-medium text-neutral-950">{label}</span>
        </p>
        <Button variant="secondary" onClick={onClear}>
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
          <Input {...control} name="q" type="search" autoComplete="off" placeholder="Name or e-mail" />
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
  onChoose(client: { id: string; label: string }): void;
}) {
  if (matches.isError) {
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        {failureMessage(matches.error, GENERIC_ERROR)}
      </p>
    );
  }
  if (!matches.data) return null;
  if (matches.data.data.length === 0) {
    return (
      <p role="status" className="mt-3 text-sm text-neutral-700">
        No client matches “{search}”.
      </p>
    );
  }
  return (
    <ul
      aria-label="Matching clients"
      className="mt-3 divide-y divide-neutral-200 rounded-md border border-neutral-200"
    >
      {matches.data.data.map((client) => (
        <li key={client.id}>
          <button
            type="button"
            className={`block w-full px-3 py-2 text-left text-sm font-medium break-words text-brand hover:bg-neutral-50 ${focusRing}`}
            onClick={() => onChoose({ id: client.id, label: clientLabel(client) })}
          >
            {clientLabel(client)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The matches a search lists at most: enough to pick from, short enough on a phone. */
const MATCHES_SHOWN = 8;
