import { DELETE_CONFIRMATION_MESSAGE, type DeleteAccountBody } from '@app/domain/account-api';
import { useMutation } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { apiFetch, dataOrThrow, failureMessage } from '../../lib/api.ts';
import { datedFileName, saveBlobAs } from '../../lib/save-file.ts';

const EXPORT_FAILED_MESSAGE = 'Failed to download your data. Please try again.';
const DELETE_FAILED_MESSAGE = 'Failed to delete your account. Please try again.';

async function downloadMyData(): Promise<void> {
  const blob = dataOrThrow(await apiFetch<Blob>('/account/export', { responseType: 'blob' }));
  saveBlobAs(blob, datedFileName('my-data', 'json'));
}

async function deleteAccount(email: string): Promise<void> {
  const body: DeleteAccountBody = { email };
  dataOrThrow(await apiFetch<null>('/account', { method: 'DELETE', json: body }));
}

/**
 * The person's data in their hands (decision 037): everything we hold, as one file, and deleting the
 * account, confirmed by typing the e-mail they sign in with.
 */
export function YourDataCard({ onDeleted }: { onDeleted(): Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const download = useMutation({
    mutationFn: downloadMyData,
    onError: (error) =>
      toast.error('Download failed', { description: failureMessage(error, EXPORT_FAILED_MESSAGE) }),
  });
  return (
    <Card
      title="Your Data"
      description="Take a copy of everything we hold about you, or delete your account."
    >
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" busy={download.isPending} onClick={() => download.mutate()}>
          {!download.isPending && <Download className="size-4" aria-hidden="true" />}
          {download.isPending ? 'Preparing...' : 'Download My Data'}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete Account
        </Button>
      </div>
      {confirming && <DeleteAccountDialog onClose={() => setConfirming(false)} onDeleted={onDeleted} />}
    </Card>
  );
}

function DeleteAccountDialog({ onClose, onDeleted }: { onClose(): void; onDeleted(): Promise<void> }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const erase = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // After: the session's end clears every toast on screen.
      await onDeleted();
      toast.success('Account Deleted', { description: 'Your account and all your data are gone.' });
    },
    onError: (failure) => setError(failureMessage(failure, DELETE_FAILED_MESSAGE)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return setError(DELETE_CONFIRMATION_MESSAGE);
    setError(null);
    erase.mutate(email);
  };
  return (
    <Dialog
      open
      initialFocus={input}
      onOpenChange={(open) => {
        if (!open && !erase.isPending) onClose();
      }}
      title="Delete Account"
      description="This deletes your profile, documents, jobs, notes and e-mails for good and signs you out everywhere. It cannot be undone."
      footer={
        <>
          <Button variant="secondary" disabled={erase.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button form="delete-account-form" type="submit" variant="danger" busy={erase.isPending}>
            {erase.isPending ? 'Deleting...' : 'Delete My Account'}
          </Button>
        </>
      }
    >
      <form id="delete-account-form" onSubmit={submit} noValidate>
        <Field label="Type the e-mail address you sign in with" error={error}>
          {(control) => (
            <Input
              {...control}
              ref={input}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
