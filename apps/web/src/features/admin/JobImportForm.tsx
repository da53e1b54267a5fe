import { describeImportSummary } from '@app/domain/jobs-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Input, Label } from '../../components/ui/Field.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { importClientJobs } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { checkImportFile, type FileCheck, importFormatOf } from './job-import-file.ts';
import { adminQueryKeys } from './query-keys.ts';
import { useStaffGuard } from './staff-access.tsx';

type Outcome =
  | { kind: 'imported'; text: string; refused: string[] }
  | { kind: 'rejected'; summary: string; problems: string[] };

const CHOOSE_FILE_MESSAGE = 'Choose a .csv or .json file of jobs';

/** A file refused before it was sent, with every problem found in it. */
class FileRefused extends Error {
  readonly problems: string[];
  constructor(check: Extract<FileCheck, { ok: false }>) {
    super(check.summary);
    this.problems = check.problems;
  }
}

/** A CSV or JSON file of jobs for the client: all rows land, or none and every problem is listed. */
export function JobImportForm({ clientId }: { clientId: string }) {
  const guard = useStaffGuard();
  const queryClient = useQueryClient();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const reject = (summary: string, problems: string[] = []) => {
    setOutcome({ kind: 'rejected', summary, problems });
    toast.error(summary);
  };

  const importFile = useMutation({
    /** Reading and checking the file is part of the import: the button is busy from the start. */
    mutationFn: async (file: File) => {
      const format = importFormatOf(file.name);
      if (!format) throw new FileRefused({ ok: false, summary: CHOOSE_FILE_MESSAGE, problems: [] });
      const content = await file.text();
      const check = checkImportFile(content, format);
      if (!check.ok) throw new FileRefused(check);
      return dataOrThrow(guard(await importClientJobs(clientId, format, content)), GENERIC_ERROR);
    },
    onSuccess: async (data) => {
      const text = describeImportSummary(data);
      setOutcome({
        kind: 'imported',
        text,
        refused: data.refused.map((row) => `Row ${row.row}: ${row.message}`),
      });
      toast.success(text);
      if (fileInput.current) fileInput.current.value = '';
      // The board counts each client's jobs: on /admin it is on the same page.
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allBoards });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.jobs(clientId) });
    },
    onError: (error) =>
      error instanceof FileRefused
        ? reject(error.message, error.problems)
        : reject(failureMessage(error, GENERIC_ERROR)),
    // An import adds an activity line: the client page's Activity card lists it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allActivity }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return reject(CHOOSE_FILE_MESSAGE);
    importFile.mutate(file);
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div className="space-y-1.5">
        <Label htmlFor={inputId}>Jobs file (CSV or JSON)</Label>
        <Input
          ref={fileInput}
          id={inputId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={() => setOutcome(null)}
          className="file:mr-3 file:rounded file:border-0 file:bg-neutral-100 file:px-3 file:py-1 file:text-sm"
        />
      </div>
      <Button type="submit" busy={importFile.isPending}>
        {!importFile.isPending && <Upload className="size-4" aria-hidden="true" />}
        {importFile.isPending ? 'Importing...' : 'Import Jobs'}
      </Button>
      {outcome?.kind === 'imported' && (
        <div role="status" className="text-sm text-green-800">
          <p>{outcome.text}</p>
          {outcome.refused.length > 0 && (
            <ul className="mt-2 list-disc space-y-0.5 pl-5 text-red-800">
              {outcome.refused.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {outcome?.kind === 'rejected' && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">{outcome.summary}</p>
          {outcome.problems.length > 0 && (
            <ul className="mt-2 list-disc space-y-0.5 pl-5">
              {outcome.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
