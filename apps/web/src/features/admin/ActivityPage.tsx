import { useMutation, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, focusRing } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, Input, Select } from '../../components/ui/Field.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { datedFileName, saveBlobAs } from '../../lib/save-file.ts';
import { ActivityTimeline } from './ActivityTimeline.tsx';
import { exportActivity, listActivityActors } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { adminQueryKeys } from './query-keys.ts';
import { StaffPage } from './StaffPage.tsx';
import { useStaffGuard } from './staff-access.tsx';

const EXPORT_FAILED = 'Could not export the activity log. Please try again.';

/** /admin/activity: the whole team's activity log, by staff member and client, and as CSV. */
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

  const setFilter = (key: 'actor_id' | 'client_id', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const filter = { ...(actorId && { actor_id: actorId }), ...(clientId && { client_id: clientId }) };

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
        {/* Keyed by the address's client, so the box shows it again when the address changes. */}
        <form
          key={clientId}
          className="flex min-w-0 flex-1 items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setFilter('client_id', String(new FormData(event.currentTarget).get('client_id') ?? '').trim());
          }}
        >
          <Field label="Client id" className="flex-1">
            {(control) => <Input {...control} name="client_id" autoComplete="off" defaultValue={clientId} />}
          </Field>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </form>
        <Button busy={exporting} onClick={() => exporting || exportCsv.mutate()}>
          {!exporting && <Download className="size-4" aria-hidden="true" />}
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
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
