import { type Job, type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { CLIENT_NOTES_CHANGED_MESSAGE } from '@app/domain/jobs-api';
import { makeJob } from '@app/domain/jobs-testing';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { readJobNotesDrafts, rememberJobNotesDraft } from '../../lib/storage.ts';
import { renderWithQueries, testQueryClient } from '../../lib/testing/render-with-queries.tsx';
import { JobNotesDialog, UNSAVED_NOTES_BACK_MESSAGE } from './JobNotesDialog.tsx';
import { BRING_BACK_DRAFT_LABEL, NOTES_CHANGED_SINCE_DRAFT_MESSAGE } from './job-messages.ts';
import { fetchJob, fetchMyJobs, myJobQueryKey, myJobsQueryKey, updateNotes } from './jobs-api.ts';
import { useMyJobs } from './use-my-jobs.ts';

vi.mock('./jobs-api.ts', async (original) => ({
  ...(await original<typeof import('./jobs-api.ts')>()),
  fetchJob: vi.fn(),
  fetchMyJobs: vi.fn(),
  updateNotes: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const whole = makeJob({ id: 'a', data_job_title: 'Backend Engineer', data_job_description: 'Build APIs.' });
const listed = jobListItemSchema.parse(whole);

/** The page behind the dialog, which shows the list and reads it again on showing (as Refresh does). */
function JobsPage() {
  const jobs = useMyJobs();
  return <p>{jobs.isFetching ? 'Reading the list' : `${jobs.data?.length} jobs`}</p>;
}

/** The dialog on the list's job, as the board opens it: what the list reads, the dialog is given. */
function NotesOnListedJob({ onClose }: { onClose(): void }) {
  const { data } = useQuery({ queryKey: myJobsQueryKey, queryFn: fetchMyJobs, enabled: false });
  return <JobNotesDialog job={data?.[0] ?? null} onClose={onClose} userId="client-1" />;
}

function renderNotes({ withPage = false, jobFromList = false } = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(myJobsQueryKey, [listed]);
  queryClient.setQueryData(myJobQueryKey('a'), whole);
  const onClose = vi.fn();
  renderWithQueries(
    <>
      {withPage && <JobsPage />}
      {jobFromList ? (
        <NotesOnListedJob onClose={onClose} />
      ) : (
        <JobNotesDialog job={listed} onClose={onClose} userId="client-1" />
      )}
    </>,
    { queryClient },
  );
  return { queryClient, onClose };
}

beforeEach(() => {
  vi.mocked(updateNotes).mockReset();
  vi.mocked(fetchJob).mockReset();
  vi.mocked(toast.error).mockReset();
  vi.mocked(toast.success).mockReset();
});
/** The board's part: a button that opens the job's notes, which closing the dialog puts away. */
function NotesOpener({ job = listed }: { job?: JobListItem }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open notes
      </button>
      <JobNotesDialog job={open ? job : null} onClose={() => setOpen(false)} userId="client-1" />
    </>
  );
}

describe('Job Notes', () => {
  it('keeps what was typed when closed without saving, until Cancel discards it', async () => {
    const user = userEvent.setup();
    renderWithQueries(<NotesOpener />);
    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'Open notes' }));
      return within(await screen.findByRole('dialog', { name: 'Job Notes' }));
    };

    let dialog = await open();
    await user.type(dialog.getByRole('textbox', { name: 'Notes' }), 'Ask about remote');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await open();
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('Ask about remote');
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
      UNSAVED_NOTES_BACK_MESSAGE,
    );
    // Typing goes on after what is written.
    await user.keyboard(' and pay');
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('Ask about remote and pay');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await open();
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('');
    expect(dialog.queryByText(UNSAVED_NOTES_BACK_MESSAGE)).not.toBeInTheDocument();
    expect(updateNotes).not.toHaveBeenCalled();
  });

  it('brings back what was typed after a reload, until it is saved', async () => {
    const user = userEvent.setup();
    const page = () => renderWithQueries(<NotesOpener />);
    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'Open notes' }));
      return within(await screen.findByRole('dialog', { name: 'Job Notes' }));
    };
    const before = page();
    let dialog = await open();
    await user.type(dialog.getByRole('textbox', { name: 'Notes' }), 'Ask about remote');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The page is loaded again (a reload, or a phone bringing back a tab it put away).
    before.unmount();
    page();
    dialog = await open();
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('Ask about remote');
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
      UNSAVED_NOTES_BACK_MESSAGE,
    );
    vi.mocked(updateNotes).mockResolvedValue({ ...whole, client_notes: 'Ask about remote' });
    await user.click(dialog.getByRole('button', { name: 'Save Notes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(readJobNotesDrafts('client-1')).toEqual({});
  });

  it('opens on notes changed elsewhere since the draft began, and brings the draft back when asked', async () => {
    const user = userEvent.setup();
    const withNotes = (client_notes: string) => ({ ...listed, client_notes });
    const { rerender } = renderWithQueries(<NotesOpener job={withNotes('A')} />);
    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'Open notes' }));
      return within(await screen.findByRole('dialog', { name: 'Job Notes' }));
    };
    let dialog = await open();
    await user.type(dialog.getByRole('textbox', { name: 'Notes' }), ', ask about remote');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Saved as 'B' on the phone meanwhile; the list here reads it.
    rerender(<NotesOpener job={withNotes('B')} />);
    dialog = await open();
    const box = dialog.getByRole('textbox', { name: 'Notes' });
    expect(box).toHaveValue('B');
    expect(box).toHaveAccessibleDescription(NOTES_CHANGED_SINCE_DRAFT_MESSAGE);
    expect(dialog.queryByText(UNSAVED_NOTES_BACK_MESSAGE)).not.toBeInTheDocument();
    // Looking is not losing: closed again, the draft is still kept and still offered.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(readJobNotesDrafts('client-1')).toEqual({ a: { text: 'A, ask about remote', before: 'A' } });

    dialog = await open();
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('B');
    await user.click(dialog.getByRole('button', { name: BRING_BACK_DRAFT_LABEL }));
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('A, ask about remote');
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveFocus();
    expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
      UNSAVED_NOTES_BACK_MESSAGE,
    );
    expect(dialog.queryByRole('button', { name: BRING_BACK_DRAFT_LABEL })).not.toBeInTheDocument();
    // Chosen over 'B' with 'B' in view: from now on it comes back as any draft does.
    expect(readJobNotesDrafts('client-1')).toEqual({ a: { text: 'A, ask about remote', before: 'B' } });

    vi.mocked(updateNotes).mockResolvedValue({ ...whole, client_notes: 'A, ask about remote' });
    await user.click(dialog.getByRole('button', { name: 'Save Notes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Begun from 'B', the notes it was chosen over: the server writes it only while they are still those.
    expect(updateNotes).toHaveBeenCalledWith('a', 'A, ask about remote', 'B');
    expect(readJobNotesDrafts('client-1')).toEqual({});
  });

  it('says before the first key that writing on the changed notes replaces the draft set aside, and keeps the writing', async () => {
    const user = userEvent.setup();
    // Begun on 'A'; the notes are 'B' now.
    rememberJobNotesDraft('client-1', 'a', { text: 'A, ask about remote', before: 'A' });
    renderWithQueries(<NotesOpener job={{ ...listed, client_notes: 'B' }} />);
    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'Open notes' }));
      return within(await screen.findByRole('dialog', { name: 'Job Notes' }));
    };
    let dialog = await open();
    let box = dialog.getByRole('textbox', { name: 'Notes' });
    expect(box).toHaveAccessibleDescription(NOTES_CHANGED_SINCE_DRAFT_MESSAGE);
    expect(NOTES_CHANGED_SINCE_DRAFT_MESSAGE).toMatch(/kept unless you write on these instead/);

    // Written on 'B': that is the draft now, and nothing says the old one is still kept.
    await user.type(box, ', ask about pay');
    expect(dialog.queryByText(NOTES_CHANGED_SINCE_DRAFT_MESSAGE)).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: BRING_BACK_DRAFT_LABEL })).not.toBeInTheDocument();
    expect(box).not.toHaveAccessibleDescription();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(readJobNotesDrafts('client-1')).toEqual({ a: { text: 'B, ask about pay', before: 'B' } });

    dialog = await open();
    box = dialog.getByRole('textbox', { name: 'Notes' });
    expect(box).toHaveValue('B, ask about pay');
    expect(box).toHaveAccessibleDescription(UNSAVED_NOTES_BACK_MESSAGE);
    expect(dialog.queryByText(NOTES_CHANGED_SINCE_DRAFT_MESSAGE)).not.toBeInTheDocument();
  });

  it('offers the draft set aside again when the box is cleared back to the saved notes', async () => {
    const user = userEvent.setup();
    rememberJobNotesDraft('client-1', 'a', { text: 'A, ask about remote', before: 'A' });
    renderWithQueries(
      <JobNotesDialog job={{ ...listed, client_notes: 'B' }} onClose={() => {}} userId="client-1" />,
    );
    const box = screen.getByRole('textbox', { name: 'Notes' });
    await user.type(box, 'xy');
    expect(screen.queryByRole('button', { name: BRING_BACK_DRAFT_LABEL })).not.toBeInTheDocument();
    await user.type(box, '{Backspace}{Backspace}');
    expect(box).toHaveAccessibleDescription(NOTES_CHANGED_SINCE_DRAFT_MESSAGE);
    expect(readJobNotesDrafts('client-1')).toEqual({ a: { text: 'A, ask about remote', before: 'A' } });
    await user.click(screen.getByRole('button', { name: BRING_BACK_DRAFT_LABEL }));
    expect(box).toHaveValue('A, ask about remote');
  });

  it('puts back a draft begun on the notes still saved, as before', async () => {
    rememberJobNotesDraft('client-1', 'a', { text: 'B, then more', before: 'B' });
    renderWithQueries(
      <JobNotesDialog job={{ ...listed, client_notes: 'B' }} onClose={() => {}} userId="client-1" />,
    );
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(box).toHaveValue('B, then more');
    expect(box).toHaveAccessibleDescription(UNSAVED_NOTES_BACK_MESSAGE);
    expect(screen.queryByRole('button', { name: BRING_BACK_DRAFT_LABEL })).not.toBeInTheDocument();
  });

  it('sets aside, without losing, a draft whose beginning is not known, and Cancel discards it', async () => {
    const user = userEvent.setup();
    // As an earlier version kept it: the text alone.
    sessionStorage.setItem('job-notes:draft:client-1', JSON.stringify({ a: 'Old words' }));
    const onClose = vi.fn();
    renderWithQueries(
      <JobNotesDialog job={{ ...listed, client_notes: 'B' }} onClose={onClose} userId="client-1" />,
    );
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(box).toHaveValue('B');
    expect(box).toHaveAccessibleDescription(NOTES_CHANGED_SINCE_DRAFT_MESSAGE);
    // A slip of the keyboard on the notes shown does not drop the draft set aside.
    await user.type(box, 'x{Backspace}');
    expect(readJobNotesDrafts('client-1')).toEqual({ a: { text: 'Old words', before: null } });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(readJobNotesDrafts('client-1')).toEqual({});
  });

  it('opens with focus in the text box', async () => {
    renderNotes();
    await waitFor(() =>
      expect(screen.getByPlaceholderText('Add your notes about this job...')).toHaveFocus(),
    );
  });

  it("says the spec's sentence when the save never got an answer", async () => {
    vi.mocked(updateNotes).mockRejectedValue(new ApiError('Failed to fetch', 0));
    renderNotes();
    await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Save Failed', {
        description: 'Failed to save notes. Please try again.',
      }),
    );
  });

  it('saves, showing Saving... meanwhile, and writes the notes into the list and the cached job', async () => {
    let answer!: (job: Job) => void;
    vi.mocked(updateNotes).mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    const { queryClient, onClose } = renderNotes();
    await userEvent.type(screen.getByPlaceholderText('Add your notes about this job...'), 'Ask about remote');
    await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeInTheDocument();
    expect(updateNotes).toHaveBeenCalledWith('a', 'Ask about remote', null);
    // Words typed while it saves would close with the dialog unsaved: the box waits for the answer.
    const box = screen.getByPlaceholderText('Add your notes about this job...');
    await userEvent.type(box, ' and pay');
    expect(box).toHaveValue('Ask about remote');
    answer({ ...whole, client_notes: 'Ask about remote' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith('Notes Saved', {
      description: 'Your notes have been saved successfully',
    });
    expect(queryClient.getQueryData<JobListItem[]>(myJobsQueryKey)?.[0]?.client_notes).toBe(
      'Ask about remote',
    );
    expect(queryClient.getQueryData<Job>(myJobQueryKey('a'))).toMatchObject({
      client_notes: 'Ask about remote',
      data_job_description: 'Build APIs.',
    });
  });

  it("says the server's limit before asking it, and keeps a paste past it whole", async () => {
    vi.mocked(updateNotes).mockResolvedValue({ ...whole, client_notes: 'x'.repeat(5000) });
    const user = userEvent.setup();
    const { onClose } = renderNotes();
    const notes = screen.getByPlaceholderText('Add your notes about this job...');
    await user.click(notes);
    await user.paste('x'.repeat(5001));
    expect(notes).toHaveValue('x'.repeat(5001));
    expect(notes).toHaveAccessibleDescription('Notes must be at most 5000 characters');
    expect(notes).toBeInvalid();
    expect(screen.getByRole('button', { name: 'Save Notes' })).toBeDisabled();
    await user.keyboard('{Backspace}');
    expect(notes).toBeValid();
    expect(screen.queryByText('Notes must be at most 5000 characters')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(updateNotes).toHaveBeenCalledWith('a', 'x'.repeat(5000), null);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("keeps the dialog and the text when the save fails, with the server's message", async () => {
    vi.mocked(updateNotes).mockRejectedValue(new ApiError('Notes must be at most 5000 characters', 400));
    const { queryClient, onClose } = renderNotes();
    await userEvent.type(screen.getByPlaceholderText('Add your notes about this job...'), 'Too long');
    await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Save Failed', {
        description: 'Notes must be at most 5000 characters',
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByPlaceholderText('Add your notes about this job...')).toHaveValue('Too long');
    expect(queryClient.getQueryData<JobListItem[]>(myJobsQueryKey)?.[0]?.client_notes).toBeNull();
  });

  it('keeps the text when the server finds the notes changed elsewhere, and reads the newer notes', async () => {
    const user = userEvent.setup();
    // Typed before the notes were saved on the phone; the list here has not read them since.
    rememberJobNotesDraft('client-1', 'a', { text: 'Ask about pay', before: '' });
    vi.mocked(updateNotes).mockRejectedValue(new ApiError(CLIENT_NOTES_CHANGED_MESSAGE, 409));
    vi.mocked(fetchJob).mockResolvedValue({ ...whole, client_notes: 'Ask about remote' });
    const { queryClient, onClose } = renderNotes({ jobFromList: true });
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(box).toHaveValue('Ask about pay');
    expect(box).toHaveAccessibleDescription(UNSAVED_NOTES_BACK_MESSAGE);

    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    // Sent with the notes it began from, which the server no longer holds.
    expect(updateNotes).toHaveBeenCalledWith('a', 'Ask about pay', null);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Save Failed', { description: CLIENT_NOTES_CHANGED_MESSAGE }),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData<JobListItem[]>(myJobsQueryKey)?.[0]?.client_notes).toBe(
        'Ask about remote',
      ),
    );
    expect(fetchJob).toHaveBeenCalledWith('a');
    expect(queryClient.getQueryData<Job>(myJobQueryKey('a'))?.client_notes).toBe('Ask about remote');
    // Still open, on the text typed, which is still kept; Save would no longer keep it, so that is not said.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Notes' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Job Notes' })).toBeInTheDocument();
    expect(box).toHaveValue('Ask about pay');
    expect(screen.queryByText(UNSAVED_NOTES_BACK_MESSAGE)).not.toBeInTheDocument();
    expect(readJobNotesDrafts('client-1')).toEqual({ a: { text: 'Ask about pay', before: '' } });
  });

  it('reads the list again once saved, when saving cut a refresh of it short', async () => {
    vi.mocked(fetchMyJobs)
      .mockReset()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValue([listed, jobListItemSchema.parse(makeJob({ id: 'b' }))]);
    vi.mocked(updateNotes).mockResolvedValue({ ...whole, client_notes: 'Ask about remote' });
    const { onClose } = renderNotes({ withPage: true });
    expect(screen.getByText('Reading the list')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Add your notes about this job...'), 'Ask about remote');
    await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('2 jobs')).toBeInTheDocument();
    expect(fetchMyJobs).toHaveBeenCalledTimes(2);
  });
});
