import {
  type BoardRow,
  planWelcomeBatch,
  summariseWelcomeBatch,
  type WelcomeBatchResult,
  welcomeBatchBodySchema,
} from '@app/domain/clients-board';
import { formatCount } from '@app/domain/jobs-format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { sendWelcomeEmails } from './admin-api.ts';
import { SEND_WELCOME_FAILED } from './admin-messages.ts';
import { adminQueryKeys } from './query-keys.ts';
import { useStaffGuard } from './staff-access.tsx';

const clients = (count: number) => `${formatCount(count)} ${count === 1 ? 'client' : 'clients'}`;
const nameOf = (row: BoardRow) => row.name || row.email;

/** A result that needs a second look, with the client's name as the board showed it. */
interface Unsent {
  id: string;
  name: string;
  message: string;
}

/**
 * The clients chosen on the board, and the welcome e-mail to all of them at once. Sending asks
 * first, as on the client page: who gets it, who is asked to finish onboarding instead of thanked,
 * who was sent one before and who gets nothing because they have not started.
 */
export function WelcomeBatch({ selected, onClear }: { selected: readonly BoardRow[]; onClear(): void }) {
  const guard = useStaffGuard();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [unsent, setUnsent] = useState<Unsent[]>([]);
  const plan = planWelcomeBatch(selected);
  const send = useMutation({
    mutationFn: async (rows: readonly BoardRow[]) => {
      const results = dataOrThrow(
        guard(await sendWelcomeEmails(rows.map((row) => row.id))),
        SEND_WELCOME_FAILED,
      );
      return { rows, results };
    },
    onSuccess: ({ rows, results }) => {
      setAsking(false);
      onClear();
      // Welcome states, outboxes, filters and activity changed for many clients at once.
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
      const names = new Map(rows.map((row) => [row.id, nameOf(row)]));
      setUnsent(
        results
          .filter((result) => result.outcome !== 'sent')
          .map((result) => ({
            id: result.client_id,
            name: names.get(result.client_id) ?? result.client_id,
            message: result.message,
          })),
      );
      announce(results);
    },
    onError: (error) => toast.error(failureMessage(error, SEND_WELCOME_FAILED)),
  });

  const none = selected.length === 0;
  const ask = () => {
    if (none || send.isPending) return;
    const refusal = welcomeBatchBodySchema.safeParse({ client_ids: plan.recipients.map((row) => row.id) });
    // No recipient at all is explained in the dialog; too many is said at once.
    if (!refusal.success && plan.recipients.length > 0) {
      toast.error(refusal.error.issues[0]?.message ?? SEND_WELCOME_FAILED);
      return;
    }
    setAsking(true);
  };

  return (
    <>
      {/* Always there, and never disabled: focus stays on the button used after the selection clears. */}
      <fieldset className="mt-4 flex flex-wrap items-center gap-2" aria-label="Selected clients">
        <span className="text-sm text-neutral-700" aria-live="polite">
          {formatCount(selected.length)} selected
        </span>
        <Button
          size="sm"
          aria-disabled={none || undefined}
          aria-busy={send.isPending || undefined}
          onClick={ask}
        >
          <Send className="size-4" aria-hidden="true" />
          Send Welcome Email
        </Button>
        <Button size="sm" variant="ghost" aria-disabled={none || undefined} onClick={onClear}>
          Clear Selection
        </Button>
      </fieldset>
      {unsent.length > 0 && (
        <div
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          role="status"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="font-medium">Not sent yet:</p>
            <Button size="sm" variant="ghost" onClick={() => setUnsent([])}>
              Dismiss
            </Button>
          </div>
          <ul className="mt-1 list-disc space-y-1 pl-5 break-words">
            {unsent.map((item) => (
              <li key={item.id}>
                <span className="font-medium">{item.name}</span>: {item.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={
          plan.recipients.length > 0
            ? `Send the welcome e-mail to ${clients(plan.recipients.length)}?`
            : 'No welcome e-mail to send'
        }
        description={
          plan.recipients.length > 0
            ? 'Each gets the e-mail their client page would send.'
            : 'None of the chosen clients has started onboarding, so there is nothing to welcome them to yet.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            {plan.recipients.length > 0 && (
              <Button busy={send.isPending} onClick={() => send.mutate(plan.recipients)}>
                {!send.isPending && <Send className="size-4" aria-hidden="true" />}
                {send.isPending ? 'Sending...' : `Send to ${clients(plan.recipients.length)}`}
              </Button>
            )}
          </>
        }
      >
        <div className="space-y-3 text-sm text-neutral-800">
          {plan.unfinished > 0 && (
            <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {plan.unfinished === 1
                ? '1 of them has not finished onboarding. Their e-mail says so and asks them to finish; it does not thank them for completing it.'
                : `${formatCount(plan.unfinished)} of them have not finished onboarding. Their e-mails say so and ask them to finish; they do not thank them for completing it.`}
            </p>
          )}
          {plan.sentBefore > 0 && (
            <p>
              {plan.sentBefore === 1
                ? '1 of them has been sent one before.'
                : `${formatCount(plan.sentBefore)} of them have been sent one before.`}
            </p>
          )}
          {plan.recipients.length > 0 && <NameList label="Sent to" rows={plan.recipients} />}
          {plan.notStarted.length > 0 && (
            <NameList label="Not started onboarding, so left out" rows={plan.notStarted} />
          )}
        </div>
      </Dialog>
    </>
  );
}

function NameList({ label, rows }: { label: string; rows: readonly BoardRow[] }) {
  return (
    <div>
      <p className="font-medium text-neutral-900">{label}</p>
      <ul className="mt-1 max-h-32 list-disc overflow-y-auto pl-5 break-words">
        {rows.map((row) => (
          <li key={row.id}>{nameOf(row)}</li>
        ))}
      </ul>
    </div>
  );
}

/** One toast for the whole batch: a success only when every e-mail left. */
function announce(results: WelcomeBatchResult[]) {
  const summary = summariseWelcomeBatch(results);
  if (results.every((result) => result.outcome === 'sent')) toast.success(summary);
  else if (results.some((result) => result.outcome === 'failed' || result.outcome === 'not_sent'))
    toast.error(summary);
  else toast.warning(summary);
}
