import type { SharedLink } from '@app/domain/document-download';
import { Copy } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Input, Label } from '../../components/ui/Field.tsx';
import { formatDateTime } from '../../lib/profile-values.ts';

const LINK_COPIED_TITLE = 'Link Copied';
const COPY_FAILED_TITLE = 'Copy Failed';
const COPY_FAILED_MESSAGE = 'Unable to copy the link to the clipboard';

/** Shows a freshly made link, when it stops working, and copies it. */
export function ShareLinkDialog({
  link,
  fileName,
  onClose,
}: {
  link: SharedLink | null;
  fileName: string;
  onClose(): void;
}) {
  const inputId = useId();
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success(LINK_COPIED_TITLE, { description: 'Paste it wherever you want to share the file.' });
    } catch {
      toast.error(COPY_FAILED_TITLE, { description: COPY_FAILED_MESSAGE });
    }
  };

  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Share link"
      description={
        link
          ? `Anyone with this link can download ${fileName} until ${formatDateTime(link.expires_at)}.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={copy}>
            <Copy className="size-4" aria-hidden="true" />
            Copy link
          </Button>
        </>
      }
    >
      <Label htmlFor={inputId}>Link</Label>
      <Input
        id={inputId}
        readOnly
        value={link?.url ?? ''}
        className="mt-1.5 font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
    </Dialog>
  );
}
