import { AVOIDED_COMPANIES_MAX, avoidedCompanyNameSchema } from '@app/domain/companies-to-avoid';
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { LoadingLine } from '../../components/ui/Spinner.tsx';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { focusIfLost } from '../../lib/focus.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import {
  addCompanyToAvoid,
  companiesToAvoidQueryKey,
  fetchCompaniesToAvoid,
  removeCompanyToAvoid,
} from './companies-api.ts';

const SAVE_FAILED_FALLBACK = 'Please try again later.';
const REMOVE_MUTATION_KEY = ['companies-to-avoid', 'remove'] as const;

/**
 * A failed change that says the list shown may not be the server's: no answer (the change may have
 * been saved), the company already on the list (409) or no longer on it (404), changed in another
 * tab, say. The list is read again.
 */
function listMayBeStale(failure: Error): boolean {
  return failure instanceof ApiError && [0, 404, 409].includes(failure.status);
}

/**
 * Companies never to apply to (decision 037): our team never puts the client forward to them, and an
 * import of a job at one of them is refused. The current employer from onboarding is offered first.
 */
export function CompaniesToAvoidCard() {
  const queryClient = useQueryClient();
  const companies = useQuery({ queryKey: companiesToAvoidQueryKey, queryFn: fetchCompaniesToAvoid });
  const failure = useLoadFailure(companies);
  const reason = failureMessage(failure.error, SAVE_FAILED_FALLBACK);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: companiesToAvoidQueryKey });
  const nameBox = useRef<HTMLInputElement>(null);
  /**
   * Set by a change: a removal's button leaves with its row, and the suggestion's with the suggestion,
   * once the list is read again.
   */
  const focusNameBoxNext = useRef(false);

  /** For a failure with no field to show it beside. */
  const toastFailure = (failure: Error) =>
    toast.error('Update Failed', { description: failureMessage(failure, SAVE_FAILED_FALLBACK) });

  // Each caller says where its failure shows: the name box's under it, the suggestion's in a toast
  // (the name box is not there when the list is full).
  const add = useMutation({
    mutationFn: addCompanyToAvoid,
    onSuccess: async (company) => {
      toast.success('Company Added', { description: `We will never apply to ${company.name} for you.` });
      focusNameBoxNext.current = true;
      await refresh();
    },
    onError: (failure) => {
      if (listMayBeStale(failure)) void refresh();
    },
  });
  const remove = useMutation({
    mutationKey: REMOVE_MUTATION_KEY,
    mutationFn: removeCompanyToAvoid,
    onSuccess: async (_, removed) => {
      toast.success('Company Removed', { description: `${removed} is no longer on your list.` });
      focusNameBoxNext.current = true;
      await refresh();
    },
    onError: (failure) => {
      toastFailure(failure);
      if (!listMayBeStale(failure)) return;
      // The row may leave with the list read again, and its button with it.
      focusNameBoxNext.current = true;
      void refresh();
    },
  });
  // Each removal runs on its own: only its own button is busy, and the others can be pressed meanwhile.
  const removing = useMutationState({
    filters: { mutationKey: REMOVE_MUTATION_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as string,
  });

  // After a change whose button has left, focus goes on to the name box (shown again when the list
  // was full).
  useEffect(() => {
    if (!focusNameBoxNext.current || !companies.data) return;
    focusNameBoxNext.current = false;
    focusIfLost(nameBox.current);
  }, [companies.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's rule, said before asking it.
    const checked = avoidedCompanyNameSchema.safeParse(name);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setError(null);
    const submitted = name;
    add.mutate(checked.data, {
      // Emptied for the next name, unless something else was typed while this one saved.
      onSuccess: () => setName((current) => (current === submitted ? '' : current)),
      onError: (failure) => setError(failureMessage(failure, SAVE_FAILED_FALLBACK)),
    });
  };

  return (
    <Card
      title="Companies to Avoid"
      description="We will never apply to these companies for you, whatever their name's spelling ('Acme' and 'ACME Inc.' are one)."
    >
      <div className="space-y-4">
        <LoadFailure
          failure={failure}
          message={`Your list could not be loaded: ${reason}`}
          refreshNote={`Could not refresh your list, so it shows the companies as last loaded: ${reason}`}
        />
        {companies.data === undefined && !failure.failed && <LoadingLine>Loading companies...</LoadingLine>}
        {companies.data !== undefined && (
          <>
            {companies.data.suggestion && (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-neutral-900">
                <p>
                  Your current employer: <span className="font-medium">{companies.data.suggestion}</span>
                </p>
                <Button
                  size="sm-wrap"
                  busy={add.isPending}
                  onClick={() => add.mutate(companies.data.suggestion ?? '', { onError: toastFailure })}
                >
                  Add {companies.data.suggestion}
                </Button>
              </div>
            )}
            {companies.data.data.length === 0 ? (
              <p className="text-sm text-neutral-600">No companies yet.</p>
            ) : (
              <ul
                className="divide-y divide-neutral-200 rounded-md border border-neutral-200"
                aria-label="Companies to avoid"
              >
                {companies.data.data.map((company) => {
                  const busy = removing.includes(company.name);
                  return (
                    <li
                      key={company.name}
                      className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
                    >
                      <span className="flex min-w-0 items-center gap-2 wrap-anywhere text-neutral-900">
                        <Ban className="size-4 shrink-0 text-neutral-500" aria-hidden="true" />
                        {company.name}
                      </span>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove ${company.name}`}
                        busy={busy}
                        onClick={() => remove.mutate(company.name)}
                      >
                        {/* While busy the button shows its spinner instead. */}
                        {!busy && <X className="size-4" aria-hidden="true" />}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
            {companies.data.data.length < AVOIDED_COMPANIES_MAX && (
              <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
                <Field label="Company name" error={error} className="min-w-0 flex-1">
                  {(control) => (
                    <Input
                      {...control}
                      ref={nameBox}
                      value={name}
                      maxLength={300}
                      autoComplete="organization"
                      onChange={(event) => setName(event.target.value)}
                    />
                  )}
                </Field>
                <Button type="submit" variant="secondary" busy={add.isPending}>
                  Add Company
                </Button>
              </form>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
