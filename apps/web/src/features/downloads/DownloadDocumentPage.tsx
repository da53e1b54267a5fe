import { Download } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { saveBlobAs } from '../../lib/save-file.ts';
import { downloadSharedLink } from './shared-link.ts';

/** /downloaddoc: a public page that downloads a document from a link someone shared. */
export function DownloadDocumentPage() {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(null);
    const outcome = await downloadSharedLink(url, window.location.origin);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      // Back in the field, a screen reader reads the message with it (the field is described by it).
      input.current?.focus();
      return;
    }
    saveBlobAs(outcome.file.blob, outcome.file.fileName);
    setSaved(outcome.file.fileName);
  };

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold text-neutral-900">Download a Document</h1>
      <Card>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field label="Document URL" hint="Paste the whole link you were given." error={error}>
            {(control) => (
              <Input
                {...control}
                ref={input}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://..."
                value={url}
                onChange={(event) => setUrl(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" busy={busy}>
            {!busy && <Download className="size-4" aria-hidden="true" />}
            {busy ? 'Downloading...' : 'Download'}
          </Button>
          <p role="status" className="text-sm text-green-800">
            {saved ? `Downloaded ${saved}.` : ''}
          </p>
        </form>
      </Card>
    </div>
  );
}
