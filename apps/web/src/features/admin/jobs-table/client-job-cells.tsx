import { applyLink, decisionOf, type JobListItem } from '@app/domain/jobs';
import { jobNotesTextSchema, type StaffJob } from '@app/domain/jobs-api';
import { jobName } from '@app/domain/jobs-format';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { createContext, type KeyboardEvent, useContext, useEffect, useId, useRef, useState } from 'react';
import { OutcomeControl, type OutcomeSaving } from '../../../components/jobs/OutcomeControl.tsx';
import { Button, focusRing } from '../../../components/ui/Button.tsx';
import { Checkbox, FieldError, FieldHint, Textarea } from '../../../components/ui/Field.tsx';
import { focusToType } from '../../../lib/focus.ts';
import type { NotesDraft } from '../../../lib/storage.ts';
import {
  COLLEAGUE_NO_NOTES,
  COLLEAGUE_NOTES_LABEL,
  SAVE_REPLACES_COLLEAGUE_NOTES,
} from './jobs-table-messages.ts';

/** What the cells of the recruiter's table can do, given by the table. */
export interface ClientJobsTableActions {
  isSelected(id: string): boolean;
  toggleSelected(id: string): void;
  /** Whether all (true), some or none (false) of the jobs shown are selected. */
  shownSelection: boolean | 'some';
  toggleAllShown(): void;
  toggleApplied(job: JobListItem): void;
  /** The job whose analyst notes are open for editing, if any. */
  editingNotesOf: string | null;
  editNotes(id: string | null): void;
  /** Closes the analyst notes of job `id` if they are still the ones open (another job's stay open). */
  closeNotes(id: string): void;
  /**
   * `before`: the notes as they were when the writing began. `saved` runs once these notes are saved,
   * even when other notes were saved after them (or the editor has closed meanwhile);
   * `changedMeanwhile` when the save was refused because a colleague's notes came first (409), with
   * their notes as the server now holds them (not when those could not be read).
   */
  saveNotes(
    job: JobListItem,
    notes: string,
    before: string | null,
    saved: () => void,
    changedMeanwhile: (theirs: string | null) => void,
  ): void;
  savingNotesOf: string | null;
  /** Analyst notes being written and not saved, kept through a reload: whether a job has some… */
  hasNotesDraft(id: string): boolean;
  /** …what they are… */
  notesDraftOf(id: string): NotesDraft | undefined;
  /** …and keeping or (`null`) forgetting them. */
  keepNotesDraft(id: string, draft: NotesDraft | null): void;
  askDelete(job: JobListItem): void;
  outcomeSaving: OutcomeSaving<StaffJob>;
}

export const ClientJobsTableContext = createContext<ClientJobsTableActions | null>(null);

function useActions(): ClientJobsTableActions {
  const actions = useContext(ClientJobsTableContext);
  if (!actions) throw new Error('A client job cell is rendered outside its table');
  return actions;
}

const linkClasses = `inline-flex items-center gap-1 rounded-sm font-medium text-brand underline-offset-2 hover:underline ${focusRing}`;

export function SelectAllShown() {
  const { shownSelection, toggleAllShown } = useActions();
  return <Checkbox label="Select all jobs shown" checked={shownSelection} onChange={toggleAllShown} />;
}

export function SelectJob({ job }: { job: JobListItem }) {
  const { isSelected, toggleSelected } = useActions();
  return (
    <Checkbox
      label={`Select ${jobName(job)}`}
      checked={isSelected(job.id)}
      onChange={() => toggleSelected(job.id)}
    />
  );
}

/** Saves at once; never disabled, so keyboard focus stays on it while the change is saved. */
export function AppliedToggle({ job }: { job: JobListItem }) {
  const { toggleApplied } = useActions();
  return (
    <Checkbox
      label={`Applied: ${jobName(job)}`}
      checked={job.applied_for_job}
      onChange={() => toggleApplied(job)}
    />
  );
}

/** What came of an applied job, recorded by the client or by staff for them. */
export function JobOutcome({ job }: { job: JobListItem }) {
  const { outcomeSaving } = useActions();
  return <OutcomeControl job={job} saving={outcomeSaving} />;
}

export function ClientDecision({ job }: { job: JobListItem }) {
  const rejected = decisionOf(job) === 'rejected';
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${rejected ? 'bg-red-50 text-red-800' : 'bg-neutral-100 text-neutral-700'}`}
    >
      {rejected ? 'Rejected' : 'Pending'}
    </span>
  );
}

/** Text as the client wrote it, never markup; long notes are cut to three lines (all of it on hover). */
export function ClientNotes({ job }: { job: JobListItem }) {
  if (!job.client_notes) return <span className="text-neutral-500">No notes</span>;
  return (
    <span className="line-clamp-3 break-words whitespace-pre-wrap" title={job.client_notes}>
      {job.client_notes}
    </span>
  );
}

export function PostingLink({ job }: { job: JobListItem }) {
  const href = applyLink(job);
  if (!href) return <span className="text-neutral-500">No Link</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClasses}>
      Open
      <span className="sr-only"> the posting for {jobName(job)} (opens in a new tab)</span>
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}

export function DeleteJobButton({ job }: { job: JobListItem }) {
  const { askDelete } = useActions();
  return (
    <Button
      variant="ghost-danger"
      size="sm"
      data-delete-job={job.id}
      aria-label={`Delete ${jobName(job)}`}
      onClick={() => askDelete(job)}
    >
      <Trash2 className="size-4" aria-hidden="true" />
    </Button>
  );
}

export const UNSAVED_DRAFT_LABEL = 'Unsaved draft';
export const ANALYST_DRAFT_BACK_MESSAGE =
  'Your unsaved changes are back. Save keeps them; Cancel discards them.';

/**
 * Analyst notes edited in place: the note (or 'Add analyst notes') is a button that opens a text box
 * in the row. Ctrl+Enter or Save keeps the text, Escape or Cancel drops it; either way focus goes back
 * to the button the recruiter started from. Text written and not saved is kept through a reload, and
 * the row says so until it is saved or dropped.
 */
export function AnalystNotes({ job }: { job: JobListItem }) {
  const { editingNotesOf, editNotes, closeNotes, hasNotesDraft } = useActions();
  const editing = editingNotesOf === job.id;
  const markerId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const focusBack = useRef(false);

  useEffect(() => {
    // Forgotten as the editor opens too: a save answered after the recruiter went on to other notes
    // asked for focus then, which must not be taken when this editor next closes.
    const back = focusBack.current;
    focusBack.current = false;
    if (back && !editing) button.current?.focus();
  }, [editing]);

  if (editing) {
    return (
      <NotesEditor
        job={job}
        onClose={() => {
          focusBack.current = true;
          // A save answers late: the recruiter may be writing another job's notes by then.
          closeNotes(job.id);
        }}
      />
    );
  }
  const drafted = hasNotesDraft(job.id);
  return (
    <div className="w-full">
      <button
        ref={button}
        type="button"
        className={`group flex w-full items-start gap-2 rounded-sm text-left hover:text-neutral-950 ${focusRing}`}
        aria-describedby={drafted ? markerId : undefined}
        onClick={() => editNotes(job.id)}
      >
        <span
          className={`line-clamp-3 min-w-0 flex-1 break-words whitespace-pre-wrap ${job.analyst_notes ? '' : 'text-neutral-500'}`}
        >
          {job.analyst_notes || 'Add analyst notes'}
        </span>
        <span className="sr-only">: edit the analyst notes for {jobName(job)}</span>
        <Pencil
          className="mt-0.5 size-3.5 shrink-0 text-neutral-400 group-hover:text-neutral-700"
          aria-hidden="true"
        />
      </button>
      {drafted && (
        <p id={markerId} className="mt-1 text-xs font-medium text-amber-800">
          {UNSAVED_DRAFT_LABEL}
        </p>
      )}
    </div>
  );
}

function NotesEditor({ job, onClose }: { job: JobListItem; onClose(): void }) {
  const { saveNotes, savingNotesOf, notesDraftOf, keepNotesDraft } = useActions();
  // Text written before a reload comes back with the notes it began from; the list may have read a
  // colleague's newer notes meanwhile, and the server refuses to write over those unseen.
  const [kept] = useState(() => notesDraftOf(job.id));
  const [before, setBefore] = useState(kept ? kept.before : job.analyst_notes);
  // After a save refused because a colleague's notes came first (409): their notes as the server holds
  // them, shown above the box and taken as the notes the writing began from, so that the next save
  // replaces them knowingly; the recruiter's text stays in the box.
  const [theirs, setTheirs] = useState<{ notes: string | null } | null>(null);
  const [text, setText] = useState(kept?.text ?? before ?? '');
  const draftBack = kept !== undefined && theirs === null && text !== (before ?? '');
  // The server's rule, said before asking it; no maxLength, which would cut a paste short unseen.
  const problem = jobNotesTextSchema.safeParse(text).error?.issues[0]?.message ?? null;
  const ids = useId();
  const saving = savingNotesOf === job.id;
  const box = useRef<HTMLTextAreaElement>(null);
  // The recruiter asked to edit this note: typing starts here.
  useEffect(() => focusToType(box.current), []);
  const edit = (next: string) => {
    setText(next);
    keepNotesDraft(job.id, next === (before ?? '') ? null : { text: next, before });
  };
  const discard = () => {
    keepNotesDraft(job.id, null);
    onClose();
  };
  const save = () => {
    if (saving || problem) return;
    saveNotes(
      job,
      text,
      before,
      () => {
        keepNotesDraft(job.id, null);
        onClose();
      },
      (notes) => {
        setBefore(notes);
        setTheirs({ notes });
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      discard();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    }
  };
  return (
    <div className="w-full space-y-2">
      {theirs && (
        <div
          id={`${ids}-theirs`}
          className="rounded-md border border-amber-200 bg-amber-50 px-2 py-1.5 text-xs text-amber-900"
        >
          <p className="font-medium">{COLLEAGUE_NOTES_LABEL}</p>
          {/* Scrolls when long; focusable so that the keyboard can scroll it too (WCAG 2.1.1). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
          <p tabIndex={0} className="mt-1 max-h-24 overflow-y-auto break-words whitespace-pre-wrap">
            {theirs.notes ?? COLLEAGUE_NO_NOTES}
          </p>
          <p className="mt-1">{SAVE_REPLACES_COLLEAGUE_NOTES}</p>
        </div>
      )}
      <Textarea
        ref={box}
        onKeyDown={onKeyDown}
        rows={3}
        value={text}
        // What is saved is the text at Save: words typed meanwhile would close with the editor unsaved.
        readOnly={saving}
        aria-label={`Analyst notes for ${jobName(job)}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[
          theirs && `${ids}-theirs`,
          problem && `${ids}-error`,
          draftBack && `${ids}-draft`,
          `${ids}-keys`,
        ]
          .filter(Boolean)
          .join(' ')}
        onChange={(event) => edit(event.target.value)}
        className="text-sm"
      />
      {problem && <FieldError id={`${ids}-error`}>{problem}</FieldError>}
      {draftBack && <FieldHint id={`${ids}-draft`}>{ANALYST_DRAFT_BACK_MESSAGE}</FieldHint>}
      <p id={`${ids}-keys`} className="sr-only">
        Control and Enter saves, Escape cancels.
      </p>
      <div className="flex gap-2">
        {/* Not disabled while saving, so focus stays on it; a second click is ignored instead. */}
        <Button size="sm" aria-busy={saving || undefined} onClick={save} disabled={problem !== null}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button size="sm" variant="secondary" onClick={discard}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
