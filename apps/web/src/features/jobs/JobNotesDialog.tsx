import type { JobListItem } from '@app/domain/jobs';
import { notesBodySchema } from '@app/domain/jobs-api';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { FieldError, Label, Textarea } from '../../components/ui/Field.tsx';
import { failureMessage } from '../../lib/api.ts';
import {
  NOTES_SAVE_FAILED_MESSAGE,
  NOTES_SAVE_FAILED_TITLE,
  NOTES_SAVED_MESSAGE,
  NOTES_SAVED_TITLE,
} from './job-messages.ts';
import { myJobQueryKey, updateNotes } from './jobs-api.ts';
import { patchCachedJobs, resumeJobFetches, stopJobFetches } from './use-my-jobs.ts';

export interface JobNotesDialogProps {
  /** The job whose notes are open, or null when the dialog is closed. */
  job: JobListItem | null;
  onClose(): void;
}

/** Saving notes is one mutation at a time; the dialog stays open until it has an answer. */
const NOTES_MUTATION_KEY = ['my-jobs', 'notes'] as const;

/** 'Job Notes' (spec 2, section 2): the client's own notes on a job. */
export function JobNotesDialog({ job, onClose }: JobNotesDialogProps) {
  const saving = useIsMutating({ mutationKey: NOTES_MUTATION_KEY }) > 0;
  // The dialog is for writing: it opens with the cursor in the notes.
  const textBox = useRef<HTMLTextAreaElement>(null);
  return (
    <Dialog
      initialFocus={textBox}
      open={job !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title="Job Notes"
      description={job?.data_job_title || undefined}
    >
      {/* Keyed by job: each opening starts from that job's saved notes. */}
      {job && <NotesEditor key={job.id} job={job} onClose={onClose} textBox={textBox} />}
    </Dialog>
  );
}

function NotesEditor({
  job,
  onClose,
  textBox,
}: {
  job: JobListItem;
  onClose(): void;
  textBox: RefObject<HTMLTextAreaElement | null>;
}) {
  const queryClient = useQueryClient();
  const textareaId = useId();
  const [text, setText] = useState(job.client_notes ?? '');
  // The server's rule, from its own schema, said before asking it; no maxLength, which would cut a
  // paste short unseen.
  const problem = notesBodySchema.safeParse({ client_notes: text }).error?.issues[0]?.message ?? null;
  const save = useMutation({
    mutationKey: NOTES_MUTATION_KEY,
    mutationFn: (notes: string) => updateNotes(job.id, notes),
    onMutate: () => stopJobFetches(queryClient),
    onSuccess: (saved) => {
      patchCachedJobs(queryClient, new Map([[saved.id, { client_notes: saved.client_notes }]]));
      queryClient.setQueryData(myJobQueryKey(saved.id), saved);
      toast.success(NOTES_SAVED_TITLE, { description: NOTES_SAVED_MESSAGE });
      onClose();
    },
    onError: (error) => {
      toast.error(NOTES_SAVE_FAILED_TITLE, { description: failureMessage(error, NOTES_SAVE_FAILED_MESSAGE) });
    },
    onSettled: () => resumeJobFetches(queryClient),
  });

  return (
    <div className="space-y-4">
      <Label htmlFor={textareaId} className="sr-only">
        Notes
      </Label>
      <Textarea
        ref={textBox}
        id={textareaId}
        rows={6}
        placeholder="Add your notes about this job..."
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${textareaId}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {problem && <FieldError id={`${textareaId}-error`}>{problem}</FieldError>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={() => save.mutate(text)} busy={save.isPending} disabled={problem !== null}>
          {save.isPending ? 'Saving...' : 'Save Notes'}
        </Button>
      </div>
    </div>
  );
}
