import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { apiFetch, dataOrThrow, failureMessage } from '../../lib/api.ts';
import { datedFileName, saveBlobAs } from '../../lib/save-file.ts';
import { useMyJobs } from './use-my-jobs.ts';

const EXPORT_FAILED_MESSAGE = 'Failed to export your jobs. Please try again.';

async function exportJobs(): Promise<void> {
  const blob = dataOrThrow(await apiFetch<Blob>('/my-jobs/export', { responseType: 'blob' }));
  saveBlobAs(blob, datedFileName('my-jobs', 'csv'));
}

/**
 * Downloads every job, with every column the table shows, as a CSV file for a spreadsheet. It waits
 * for the list: with no jobs (or none loaded) the file would hold only the column headings.
 */
export function ExportJobsButton() {
  const hasJobs = (useMyJobs().data?.length ?? 0) > 0;
  const download = useMutation({
    mutationFn: exportJobs,
    onError: (error) =>
      toast.error('Export Failed', { description: failureMessage(error, EXPORT_FAILED_MESSAGE) }),
  });
  return (
    <Button
      variant="secondary"
      busy={download.isPending}
      disabled={!hasJobs}
      onClick={() => download.mutate()}
    >
      {!download.isPending && <Download className="size-4" aria-hidden="true" />}
      {download.isPending ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
