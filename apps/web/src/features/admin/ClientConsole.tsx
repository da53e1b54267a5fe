import { EMPTY_EMAIL_MESSAGE } from '@app/domain/admin-email';
import { normalizeEmail } from '@app/domain/email-address';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { adminAction, type ClientDetails, type ClientTarget } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { ClientFeedbackCard } from './ClientFeedbackCard.tsx';
import { EmailPreviewsCard } from './EmailPreviewsCard.tsx';
import { ExistingFiltersCard } from './ExistingFiltersCard.tsx';
import { GeneratedFiltersCard } from './GeneratedFiltersCard.tsx';
import { ClientJobsTable } from './jobs-table/ClientJobsTable.tsx';
import { OutboxCard } from './OutboxCard.tsx';
import { adminQueryKeys } from './query-keys.ts';
import { useStaffGuard } from './staff-access.tsx';
import { UserInformationCard } from './UserInformationCard.tsx';

interface SearchedClient {
  /** The e-mail as searched: it only tells this search's answers from another's. */
  email: string;
  /** Whom the server resolved it to: every action, refresh and list for this client names this id. */
  clientId: string;
  details: ClientDetails;
}

interface LookUp {
  /** The search this look-up belongs to (see `searchedFor`). */
  email: string;
  /** The typed e-mail for a search; the found client's id for a refresh after a change. */
  target: ClientTarget;
  again: boolean;
}

/**
 * Search a client by e-mail (Enter searches too), then everything staff do for that client;
 * `staffUserId` is the recruiter's.
 */
export function ClientConsole({ staffUserId }: { staffUserId: string }) {
  const guard = useStaffGuard();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [client, setClient] = useState<SearchedClient | null>(null);
  // The e-mail searched for last. An answer for any other (an earlier search, or a refresh of the
  // client shown before) may arrive after it: it is dropped, so the panel, and what it sends, is
  // always for the client searched for last.
  const searchedFor = useRef<string | null>(null);

  /** Loads the client's record and filters; `again` refreshes the client on screen after a change. */
  const lookUp = useMutation({
    mutationFn: async ({ target }: LookUp) =>
      dataOrThrow(guard(await adminAction(target, 'fetch')), GENERIC_ERROR),
    onSuccess: (details, { email }) => {
      if (email === searchedFor.current) setClient({ email, clientId: details.client.id, details });
    },
    onError: (error, { email, again }) => {
      if (email !== searchedFor.current) return;
      toast.error(failureMessage(error, GENERIC_ERROR));
      if (!again) setClient(null);
    },
  });
  // The e-mail a search is running for (not a refresh of the client shown), else null.
  const searchingFor = lookUp.isPending && !lookUp.variables.again ? lookUp.variables.email : null;
  const searching = searchingFor !== null;
  // The client on screen can be acted on only while the box names them and no other search runs:
  // otherwise a click meant for the client typed (Send, Save) would go to the one shown before.
  const boxNamesClient = client !== null && normalizeEmail(query) === normalizeEmail(client.email);
  const held = client !== null && (searching || !boxNamesClient);

  const search = (rawEmail: string) => {
    const email = rawEmail.trim();
    if (email === '') {
      setInputError(EMPTY_EMAIL_MESSAGE);
      toast.error(EMPTY_EMAIL_MESSAGE);
      return;
    }
    setInputError(null);
    searchedFor.current = email;
    lookUp.mutate({ email, target: { email }, again: false });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(query);
  };
  // After a send or a save: the client again, and what else on /admin shows them: the previews (the
  // team notification lists the saved filters) and the clients board above (welcome e-mail, filters).
  const changed = () => {
    // Not once another client has been searched for: that answer replaces this one anyway.
    if (client && client.email === searchedFor.current)
      lookUp.mutate({ email: client.email, target: { client_id: client.clientId }, again: true });
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allPreviews });
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allBoards });
  };

  return (
    <>
      <Card>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field label="Client email" error={inputError} className="flex-1">
            {(control) => (
              <Input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="client@example.com"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" busy={searching} className="sm:mt-7">
            {!searching && <Search className="size-4" aria-hidden="true" />}
            {searching ? 'Searching...' : 'Search'}
          </Button>
        </form>
        {/* Under the box just typed in, and outside the held panel, which assistive technology skips. */}
        <div role="status">
          {client && held && (
            <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm wrap-break-word text-amber-900">
              {searching ? `Searching for ${searchingFor}... ` : 'Search to show the client the box names. '}
              Until then, the client below ({client.email}) cannot be acted on.
            </p>
          )}
        </div>
      </Card>
      {client && (
        // Keyed by the client, so a new search starts with no leftover draft or open dialog. While
        // held, the client stays on screen, dimmed and inert (no click, focus or key reaches it),
        // rather than hidden: the page does not jump at every letter typed, and a draft or analyst
        // note under way is still there when the box names this client again.
        <div key={client.clientId} inert={held} className={`space-y-6 ${held ? 'opacity-50' : ''}`}>
          <UserInformationCard record={client.details.user_data} />
          <EmailPreviewsCard target={{ client_id: client.clientId }} afterSend={changed} />
          <GeneratedFiltersCard
            target={{ client_id: client.clientId }}
            fileEmail={client.details.client.email}
            filtersExist={client.details.filters_exist}
            onFiltersChanged={changed}
          />
          <ExistingFiltersCard filters={client.details.existing_filters} />
          <OutboxCard clientId={client.clientId} />
          <ClientJobsTable clientId={client.clientId} userId={staffUserId} viewInAddress={false} />
        </div>
      )}
      <ClientFeedbackCard />
    </>
  );
}
