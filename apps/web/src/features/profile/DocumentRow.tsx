import type { SharedLink } from '@app/domain/document-download';
import { displayFileName, type ProfileEntry } from '@app/domain/profile-display';
import { useMutation } from '@tanstack/react-query';
import { Download, FileText, Link2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { saveBlobAs } from '../../lib/save-file.ts';
import { createSharedLink, downloadDocument } from './profile-documents.ts';
import { ShareLinkDialog } from './ShareLinkDialog.tsx';

const DOWNLOAD_FAILED_TITLE = 'Download failed';
const DOWNLOAD_FAILED_MESSAGE = 'Failed to download file. Please try again.';
const SHARE_FAILED_TITLE = 'Share Failed';
const SHARE_FAILED_MESSAGE = 'Could not create a link. Please try again.';

/** One uploaded file: its name as the person gave it, a download, and a link to share it. */
export function DocumentRow({ entry }: { entry: ProfileEntry }) {
  const stored = String(entry.raw);
  const fileName = displayFileName(stored);
  const [link, setLink] = useState<SharedLink | null>(null);

  const download = useMutation({
    mutationFn: async () => dataOrThrow(await downloadDocument(stored)),
    onSuccess: (blob) => {
      if (blob) saveBlobAs(blob, fileName);
      else toast.error(DOWNLOAD_FAILED_TITLE, { description: DOWNLOAD_FAILED_MESSAGE });
    },
    onError: () => toast.error(DOWNLOAD_FAILED_TITLE, { description: DOWNLOAD_FAILED_MESSAGE }),
  });

  const share = useMutation({
    mutationFn: async () => dataOrThrow(await createSharedLink(stored)),
    onSuccess: setLink,
    // A refusal explains itself; a failure to reach the server gets the general advice.
    onError: (error) =>
      toast.error(SHARE_FAILED_TITLE, { description: failureMessage(error, SHARE_FAILED_MESSAGE) }),
  });
  const busy = download.isPending ? 'download' : share.isPending ? 'share' : null;

  return (
    <div className="flex flex-col gap-3 rounded-md border border-neutral-200 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <FileText className="size-5 shrink-0 text-neutral-500" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-sm text-neutral-600">{entry.label}</p>
          <p className="truncate text-sm font-medium text-neutral-900" title={fileName}>
            {fileName}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          busy={busy === 'download'}
          disabled={busy === 'share'}
          onClick={() => download.mutate()}
        >
          {busy !== 'download' && <Download className="size-4" aria-hidden="true" />}
          {busy === 'download' ? 'Downloading...' : 'Download'}
          <span className="sr-only"> {entry.label}</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          busy={busy === 'share'}
          disabled={busy === 'download'}
          onClick={() => share.mutate()}
        >
          {busy !== 'share' && <Link2 className="size-4" aria-hidden="true" />}
          {busy === 'share' ? 'Creating link...' : 'Share link'}
          <span className="sr-only"> to {entry.label}</span>
        </Button>
      </div>
      <ShareLinkDialog link={link} fileName={fileName} onClose={() => setLink(null)} />
    </div>
  );
}
