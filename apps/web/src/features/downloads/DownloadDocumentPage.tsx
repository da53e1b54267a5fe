import { useMutation } from '@tanstack/react-query';
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
  const input = useRef<HTMLInputElement>(null);

  const download = useMutation({
    mutationFn: async (link: string) => {
      const outcome = await downloadSharedLink(link, window.location.origin);
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.file;
    },
    onSuccess: (file) => saveBlobAs(file.blob, file.fileName),
    // Back in the field, a screen reader reads the message with it (the field is described by it).
    onError: () => input.current?.focus(),
  });
  const busy = download.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    download.mutate(url);
  };

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold text-neutral-900">Download a Document</h1>
      <Card>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field
            label="Document URL"
            hint="Paste the whole link you were given."
            error={download.error?.message ?? null}
          >
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
            {download.data ? `Downloaded ${download.data.fileName}.` : ''}
          </p>
        </form>
      </Card>
    </div>
  );
}
