import type { JobListItem } from '@app/domain/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Label, Textarea } from '../../components/ui/Field.tsx';
import {
  NOTES_SAVE_FAILED_MESSAGE,
  NOTES_SAVE_FAILED_TITLE,
  NOTES_SAVED_MESSAGE,
  NOTES_SAVED_TITLE,
} from './job-messages.ts';
import { updateNotes } from './jobs-api.ts';
import { patchCachedJobs } from './use-my-jobs.ts';

export interface JobNotesDialogProps {
  /** The job whose notes are open, or null when the dialog is closed. */
  job: JobListItem | null;
  onClose(): void;
}

/** 'Job Notes' (spec 2, section 2): the client's own notes on a job. */
export function JobNotesDialog({ job, onClose }: JobNotesDialogProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      open={job !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title="Job Notes"
      description={job?.data_job_title || undefined}
    >
      {/* Keyed by job: each opening starts from that job's saved notes. */}
      {job && <NotesEditor key={job.id} job={job} onClose={onClose} onSaving={setSaving} />}
    </Dialog>
  );
}

function NotesEditor({
  job,
  onClose,
  onSaving,
}: {
  job: JobListItem;
  onClose(): void;
  onSaving(saving: boolean): void;
}) {
  const queryClient = useQueryClient();
  const textareaId = useId();
  const [text, setText] = useState(job.client_notes ?? '');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    onSaving(true);
    const { data, error } = await updateNotes(job.id, text);
    setSaving(false);
    onSaving(false);
    if (!data) {
      toast.error(NOTES_SAVE_FAILED_TITLE, { description: error || NOTES_SAVE_FAILED_MESSAGE });
      return;
    }
    patchCachedJobs(queryClient, new Map([[job.id, { client_notes: data.data.client_notes }]]));
    toast.success(NOTES_SAVED_TITLE, { description: NOTES_SAVED_MESSAGE });
    onClose();
  };

  return (
    <div className="space-y-4">
      <Label htmlFor={textareaId} className="sr-only">
        Notes
      </Label>
      <Textarea
        id={textareaId}
        rows={6}
        placeholder="Add your notes about this job..."
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={save} busy={saving}>
          {saving ? 'Saving...' : 'Save Notes'}
        </Button>
      </div>
    </div>
  );
}
