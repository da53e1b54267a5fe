import type { JobListItem } from '@app/domain/jobs';
import { jobNotesTextSchema } from '@app/domain/jobs-api';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { FieldError, FieldHint, Label, Textarea } from '../../components/ui/Field.tsx';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { readJobNotesDrafts, rememberJobNotesDraft } from '../../lib/storage.ts';
import {
  BRING_BACK_DRAFT_LABEL,
  NOTES_CHANGED_SINCE_DRAFT_MESSAGE,
  NOTES_SAVE_FAILED_MESSAGE,
  NOTES_SAVE_FAILED_TITLE,
  NOTES_SAVED_MESSAGE,
  NOTES_SAVED_TITLE,
} from './job-messages.ts';
import { fetchJob, myJobQueryKey, updateNotes } from './jobs-api.ts';
import {
  patchCachedJobs,
  readJobsAgainWhenSettled,
  resumeJobFetches,
  stopJobFetches,
} from './use-my-jobs.ts';

export interface JobNotesDialogProps {
  /** The job whose notes are open, or null when the dialog is closed. */
  job: JobListItem | null;
  onClose(): void;
  /** Where focus goes as it closes when the control that opened it has gone (the Dialog's). */
  finalFocus?: RefObject<HTMLElement | null>;
  /** Whose notes these are: what they type and do not save is kept in the tab under their id. */
  userId: string;
}

export const UNSAVED_NOTES_BACK_MESSAGE =
  'Your unsaved changes are back. Save Notes keeps them; Cancel discards them.';

/** Saving notes is one mutation at a time; the dialog stays open until it has an answer. */
const NOTES_MUTATION_KEY = ['my-jobs', 'notes'] as const;

/**
 * 'Job Notes' (spec 2, section 2): the client's own notes on a job. Closing it without saving (Escape,
 * the close button, a click outside) keeps what was typed, and opening that job's notes again brings
 * it back, after a reload too (a phone may reload a tab it put away); only Cancel and a save end the
 * draft. When the saved notes changed elsewhere since the draft began (another tab, a phone), it opens
 * on them as they are now and offers the draft back instead: an old draft never writes over newer
 * notes unseen. The list it reads them from may be older than the server's, so a save also names the
 * notes it began from, and the server refuses it (409) when they changed since.
 */
export function JobNotesDialog({ job, onClose, finalFocus, userId }: JobNotesDialogProps) {
  const saving = useIsMutating({ mutationKey: NOTES_MUTATION_KEY }) > 0;
  // The dialog is for writing: it opens with the cursor in the notes.
  const textBox = useRef<HTMLTextAreaElement>(null);
  return (
    <Dialog
      initialFocus={textBox}
      finalFocus={finalFocus}
      open={job !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title="Job Notes"
      description={job?.data_job_title || undefined}
    >
      {/* Keyed by job: each opening starts from that job's draft, or else its saved notes. */}
      {job && <NotesEditor key={job.id} job={job} onClose={onClose} textBox={textBox} userId={userId} />}
    </Dialog>
  );
}

function NotesEditor({
  job,
  onClose,
  textBox,
  userId,
}: {
  job: JobListItem;
  onClose(): void;
  textBox: RefObject<HTMLTextAreaElement | null>;
  userId: string;
}) {
  const queryClient = useQueryClient();
  const textareaId = useId();
  const saved = job.client_notes ?? '';
  // The saved notes this opening shows and any writing in it begins from; kept with the draft.
  const [begunFrom] = useState(saved);
  const [kept] = useState(() => readJobNotesDrafts(userId)[job.id]);
  // A draft begun on other notes than these is set aside, not put back unasked; so is one whose
  // beginning is not known (kept by an earlier version): one click brings it back, while putting it
  // back blindly could write over newer notes. The draft stays kept meanwhile.
  const [setAside, setSetAside] = useState(
    kept !== undefined && kept.before !== saved && kept.text !== saved,
  );
  const [text, setText] = useState(kept === undefined || setAside ? saved : kept.text);
  // Opened on a draft kept from before: say so while it still differs from the saved notes, and while
  // those are still the notes it began from (a refused save reads newer ones, which Save would not keep).
  const draftBack = kept !== undefined && !setAside && text !== saved && saved === begunFrom;
  // What is written on the notes shown is the job's draft, in place of one set aside (one draft a job),
  // which the hint says before the first key. The set-aside draft is offered while the box shows the
  // saved notes: written on, they are what closing keeps, and the offer and its hint go (the button would
  // put the old text over the new). Back to the notes shown, nothing written here is unsaved, and a
  // draft set aside is kept and offered again.
  const offered = setAside && text === saved;
  const edit = (next: string) => {
    setText(next);
    if (next !== saved) rememberJobNotesDraft(userId, job.id, { text: next, before: begunFrom });
    else if (setAside && kept) rememberJobNotesDraft(userId, job.id, kept);
    else rememberJobNotesDraft(userId, job.id, null);
  };
  const bringBack = () => {
    if (!kept) return;
    setSetAside(false);
    // Chosen over the notes as they are now: it is kept as begun from them, and comes back as ever.
    edit(kept.text);
    textBox.current?.focus();
  };
  const discard = () => {
    rememberJobNotesDraft(userId, job.id, null);
    onClose();
  };
  // The server's rule, from its own schema, said before asking it; no maxLength, which would cut a
  // paste short unseen.
  const problem = jobNotesTextSchema.safeParse(text).error?.issues[0]?.message ?? null;
  const readNotesAgain = async () => {
    try {
      const fresh = await fetchJob(job.id);
      patchCachedJobs(queryClient, new Map([[fresh.id, { client_notes: fresh.client_notes }]]));
      queryClient.setQueryData(myJobQueryKey(fresh.id), fresh);
    } catch {
      // Not read (the connection, say): the list is read again instead.
      readJobsAgainWhenSettled(queryClient);
    }
  };
  const save = useMutation({
    mutationKey: NOTES_MUTATION_KEY,
    mutationFn: (notes: string) => updateNotes(job.id, notes, begunFrom === '' ? null : begunFrom),
    onMutate: () => stopJobFetches(queryClient),
    onSuccess: (answer) => {
      patchCachedJobs(queryClient, new Map([[answer.id, { client_notes: answer.client_notes }]]));
      queryClient.setQueryData(myJobQueryKey(answer.id), answer);
      toast.success(NOTES_SAVED_TITLE, { description: NOTES_SAVED_MESSAGE });
      rememberJobNotesDraft(userId, answer.id, null);
      onClose();
    },
    onError: async (error) => {
      toast.error(NOTES_SAVE_FAILED_TITLE, { description: failureMessage(error, NOTES_SAVE_FAILED_MESSAGE) });
      // Refused because the notes changed elsewhere (the server's message says what to do): the text
      // stays in the box, and the list and the cached job read the newer notes, shown once it closes.
      if (error instanceof ApiError && error.status === 409) await readNotesAgain();
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
        // What is saved is the text at Save: words typed meanwhile would close with the dialog unsaved.
        readOnly={save.isPending}
        aria-invalid={problem ? true : undefined}
        aria-describedby={
          [
            problem && `${textareaId}-error`,
            draftBack && `${textareaId}-draft`,
            offered && `${textareaId}-changed`,
          ]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => edit(event.target.value)}
      />
      {problem && <FieldError id={`${textareaId}-error`}>{problem}</FieldError>}
      {draftBack && <FieldHint id={`${textareaId}-draft`}>{UNSAVED_NOTES_BACK_MESSAGE}</FieldHint>}
      {offered && (
        <div className="flex flex-wrap items-center gap-2">
          <FieldHint id={`${textareaId}-changed`}>{NOTES_CHANGED_SINCE_DRAFT_MESSAGE}</FieldHint>
          <Button size="sm" variant="secondary" onClick={bringBack} disabled={save.isPending}>
            {BRING_BACK_DRAFT_LABEL}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={discard} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={() => save.mutate(text)} busy={save.isPending} disabled={problem !== null}>
          {save.isPending ? 'Saving...' : 'Save Notes'}
        </Button>
      </div>
    </div>
  );
}
