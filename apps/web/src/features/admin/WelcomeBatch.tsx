import {
  type BoardRow,
  clientCount,
  clientLabel,
  planWelcomeBatch,
  summariseWelcomeBatch,
  WELCOME_BATCH_LIMIT,
  type WelcomeBatchResult,
  welcomeBatchBodySchema,
  welcomeBeforeNotes,
} from '@app/domain/clients-board';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { SelectionBar } from '../../components/ui/SelectionBar.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { fetchBoard, sendWelcomeEmails } from './admin-api.ts';
import { GENERIC_ERROR, SEND_WELCOME_FAILED } from './admin-messages.ts';
import { adminQueryKeys } from './query-keys.ts';
import { SendEmailButton } from './SendEmailButton.tsx';
import { useStaffGuard } from './staff-access.tsx';
import { UnfinishedOnboardingNote } from './UnfinishedOnboardingNote.tsx';

/** A client whose e-mail is not on its way, with the reason the server gave. */
interface ToCheck {
  id: string;
  name: string;
  message: string;
}

/**
 * The chosen clients as the board shows them now, read again by id: they may have been chosen hours
 * ago, on pages since left, and a colleague may have welcomed one meanwhile. A client the board no
 * longer lists by that id (a pending client who has signed in since) stays as chosen.
 */
async function readAgain(rows: readonly BoardRow[], guard: ReturnType<typeof useStaffGuard>) {
  const ids = rows.map((row) => row.id);
  const reads: Promise<BoardRow[]>[] = [];
  for (let start = 0; start < ids.length; start += WELCOME_BATCH_LIMIT) {
    const some = ids.slice(start, start + WELCOME_BATCH_LIMIT);
    const query = new URLSearchParams({ ids: some.join(','), page_size: String(some.length) });
    reads.push(fetchBoard(query).then((answer) => dataOrThrow(guard(answer), GENERIC_ERROR).data));
  }
  const now = new Map((await Promise.all(reads)).flat().map((row) => [row.id, row]));
  return rows.map((row) => now.get(row.id) ?? row);
}

/**
 * The clients chosen on the board, and the welcome e-mail to all of them at once. Sending asks
 * first, as on the client page: who gets it, who is asked to finish onboarding instead of thanked,
 * who was sent one before or has one waiting or failed in the outbox, and who is left out for not
 * having started. The confirmation speaks from the chosen clients read again as it opens, never from
 * the rows as they were when chosen; the server decides again for each client it is sent and
 * answers for each.
 */
export function WelcomeBatch({
  selected,
  onSent,
  onClear,
}: {
  selected: readonly BoardRow[];
  /** The ids the dialog spoke of, once answered: they leave the selection (clients chosen meanwhile stay). */
  onSent(ids: readonly string[]): void;
  onClear(): void;
}) {
  const guard = useStaffGuard();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  // The chosen clients as last read, which the open confirmation speaks of.
  const [asked, setAsked] = useState<readonly BoardRow[]>(selected);
  const [toCheck, setToCheck] = useState<ToCheck[]>([]);
  const sendButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const plan = planWelcomeBatch(asked);
  const send = useMutation({
    // Sent to those the dialog named; `chosen` is everyone it spoke of, left-out clients included.
    mutationFn: async ({ rows, chosen }: { rows: readonly BoardRow[]; chosen: readonly string[] }) => {
      const results = dataOrThrow(
        guard(await sendWelcomeEmails(rows.map((row) => row.id))),
        SEND_WELCOME_FAILED,
      );
      return { rows, chosen, results };
    },
    onMutate: () => setToCheck([]),
    onSuccess: ({ rows, chosen, results }) => {
      setAsking(false);
      onSent(chosen);
      // Named with their e-mail, as the board's checkboxes are: two clients may share a name.
      const names = new Map(rows.map((row) => [row.id, clientLabel(row)]));
      setToCheck(
        results
          .filter((result) => result.outcome !== 'queued')
          .map((result) => ({
            id: result.client_id,
            name: names.get(result.client_id) ?? result.client_id,
            message: result.message,
          })),
      );
      announce(results);
    },
    onError: (error) => toast.error(failureMessage(error, SEND_WELCOME_FAILED)),
    // Welcome states, outboxes, filters and activity changed for many clients at once, and some
    // e-mails may have been written before a failed answer: the board and the outboxes are read
    // again either way, so they show what the outbox really holds.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });

  /** The server's own limit, said before anything is sent: undefined when `rows` keep within it. */
  const overLimit = (rows: readonly BoardRow[]) => {
    // Over those it would be sent: clients left out for not having started do not count. None at
    // all is not refused here: the dialog says why there is nothing to send.
    const { recipients } = planWelcomeBatch(rows);
    const parsed = welcomeBatchBodySchema.safeParse({ client_ids: recipients.map((row) => row.id) });
    if (recipients.length === 0 || parsed.success) return undefined;
    return parsed.error.issues[0]?.message ?? SEND_WELCOME_FAILED;
  };
  const check = useMutation({
    mutationFn: (rows: readonly BoardRow[]) => readAgain(rows, guard),
    onSuccess: (read) => {
      // Clients unchosen while the read ran are left out: the dialog speaks of those chosen now.
      const chosenNow = new Set(selected.map((row) => row.id));
      const rows = read.filter((row) => chosenNow.has(row.id));
      if (rows.length === 0) return;
      const refused = overLimit(rows);
      if (refused) toast.error(refused);
      else {
        setAsked(rows);
        setAsking(true);
      }
    },
    onError: (error) => toast.error(failureMessage(error, GENERIC_ERROR)),
  });

  const ask = () => {
    if (selected.length === 0 || send.isPending || check.isPending) return;
    // Too many as chosen is refused without a read: a read never makes fewer of them recipients
    // (a client who has started onboarding stays started).
    const refused = overLimit(selected);
    if (refused) toast.error(refused);
    else check.mutate(selected);
  };

  return (
    <>
      <SelectionBar label="Selected clients" count={selected.length} onClear={onClear} className="mt-4">
        <Button
          ref={sendButton}
          size="sm"
          aria-disabled={selected.length === 0 || undefined}
          aria-busy={send.isPending || check.isPending || undefined}
          onClick={ask}
        >
          <Send className="size-4" aria-hidden="true" />
          {/* Not just 'Send Welcome Email': /admin has the spec's button of that name below. */}
          Send Welcome Email to Selected
        </Button>
      </SelectionBar>
      {toCheck.length > 0 && (
        <section
          aria-labelledby={headingId}
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <div className="flex items-start justify-between gap-2">
            <h2 id={headingId} className="font-medium">
              Welcome e-mails not on their way
            </h2>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setToCheck([]);
                sendButton.current?.focus();
              }}
            >
              Dismiss
            </Button>
          </div>
          <ul className="mt-1 list-disc space-y-1 pl-5 break-words">
            {toCheck.map((item) => (
              <li key={item.id}>
                <span className="font-medium">{item.name}</span>: {item.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={
          plan.recipients.length > 0
            ? `Send the welcome e-mail to ${clientCount(plan.recipients.length)}?`
            : 'No welcome e-mail to send'
        }
        description={
          plan.recipients.length > 0
            ? 'Each gets the e-mail their client page would send, from the outbox.'
            : 'None of the chosen clients has started onboarding, so there is nothing to welcome them to yet.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            {plan.recipients.length > 0 && (
              <SendEmailButton
                busy={send.isPending}
                onClick={() => send.mutate({ rows: plan.recipients, chosen: asked.map((row) => row.id) })}
              >
                Send to {clientCount(plan.recipients.length)}
              </SendEmailButton>
            )}
          </>
        }
      >
        <div className="space-y-3 text-sm text-neutral-800">
          {plan.unfinished > 0 && <UnfinishedOnboardingNote clients={plan.unfinished} />}
          {welcomeBeforeNotes(plan).map((note) => (
            <p key={note}>{note}</p>
          ))}
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
  const id = useId();
  return (
    <div>
      <p id={id} className="font-medium text-neutral-900">
        {label}
      </p>
      <ul aria-labelledby={id} className="mt-1 list-disc pl-5 break-words">
        {/* With their e-mail: two clients named Chris Lee are told apart before anyone is sent one. */}
        {rows.map((row) => (
          <li key={row.id}>{clientLabel(row)}</li>
        ))}
      </ul>
    </div>
  );
}

/** One toast for the whole batch: a success only when every e-mail is on its way. */
function announce(results: WelcomeBatchResult[]) {
  const summary = summariseWelcomeBatch(results);
  if (results.every((result) => result.outcome === 'queued')) toast.success(summary);
  else if (results.some((result) => result.outcome === 'not_sent' || result.outcome === 'error'))
    toast.error(summary);
  else toast.warning(summary);
}
