import { JOB_NOTES_MAX_LENGTH, type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { JOB_NOTES_TOO_LONG, jobListResponse } from '@app/domain/jobs-api';
import { makeJob } from '@app/domain/jobs-testing';
import { ANALYST_NOTES_CHANGED_MESSAGE } from '@app/domain/staff-jobs-api';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readAnalystNotesDrafts, readChosenJobs } from '../../../lib/storage.ts';
import { renderWithQueries } from '../../../lib/testing/render-with-queries.tsx';
import { ClientJobsTable, UNSAVED_NOTES_INTRO } from './ClientJobsTable.tsx';
import { ANALYST_DRAFT_BACK_MESSAGE, UNSAVED_DRAFT_LABEL } from './client-job-cells.tsx';
import { COLLEAGUE_NOTES_LABEL, SAVE_REPLACES_COLLEAGUE_NOTES } from './jobs-table-messages.ts';

const LIST = '/api/admin/clients/c1/jobs';

/** Marking not applied clears the outcome, as the server does. */
function markedApplied(job: JobListItem, applied: boolean): JobListItem {
  return applied ? { ...job, applied_for_job: true } : { ...job, applied_for_job: false, ...NO_OUTCOME };
}
const NO_OUTCOME = { outcome: null, outcome_date: null };

/**
 * The table of client 'c1', whose jobs are 'Job a', 'Job b' and 'Job c' ('Job b' applied for, 'Job a'
 * with `notesOfA` as its analyst notes, each then changed as `jobsAs` says), shown to recruiter
 * 'staff-1' on the page at `address`; `deleted` answers a delete, a change is saved as the server
 * would (notes written over a colleague's are refused), and `viewInAddress` is the table's. Answers
 * how often the list was asked for, the page's router, and `colleague`, who changes a job meanwhile.
 */
function renderTable(
  deleted: (id: string) => Response,
  address = '/admin/clients/c1',
  notesOfA: string | null = null,
  viewInAddress = true,
  jobsAs: Record<string, Partial<JobListItem>> = {},
) {
  let jobs = ['a', 'b', 'c'].map((id) =>
    jobListItemSchema.parse(
      makeJob({
        id,
        data_job_title: `Job ${id}`,
        applied_for_job: id === 'b',
        analyst_notes: id === 'a' ? notesOfA : null,
        ...jobsAs[id],
      }),
    ),
  );
  const change = (id: string, how: (job: JobListItem) => JobListItem) => {
    jobs = jobs.map((job) => (job.id === id ? how(job) : job));
    return jobs.find((job) => job.id === id);
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const id = url.slice(`${LIST}/`.length);
    if (init?.method === 'DELETE') {
      const answer = deleted(id);
      if (answer.ok) jobs = jobs.filter((job) => job.id !== id);
      return answer;
    }
    if (init?.method === 'PATCH') {
      const patch = JSON.parse(String(init.body));
      const stored = jobs.find((job) => job.id === id)?.analyst_notes ?? null;
      if (
        'analyst_notes_before' in patch &&
        stored !== patch.analyst_notes_before &&
        stored !== patch.analyst_notes
      ) {
        return Response.json({ error: ANALYST_NOTES_CHANGED_MESSAGE }, { status: 409 });
      }
      const saved = change(id, (job) => {
        const notes = 'analyst_notes' in patch ? { ...job, analyst_notes: patch.analyst_notes } : job;
        return 'applied_for_job' in patch ? markedApplied(notes, patch.applied_for_job) : notes;
      });
      return Response.json({ data: saved });
    }
    if (init?.method === 'PUT' && url === `${LIST}/applied`) {
      const { job_ids, applied_for_job }: { job_ids: string[]; applied_for_job: boolean } = JSON.parse(
        String(init.body),
      );
      const found = job_ids.filter((jobId) => jobs.some((job) => job.id === jobId));
      const updated_ids = found.filter(
        (jobId) => jobs.find((job) => job.id === jobId)?.applied_for_job !== applied_for_job,
      );
      for (const jobId of found) change(jobId, (job) => markedApplied(job, applied_for_job));
      return Response.json({
        data: {
          updated_ids,
          unchanged_ids: found.filter((jobId) => !updated_ids.includes(jobId)),
          not_found_job_ids: job_ids.filter((jobId) => !found.includes(jobId)),
        },
      });
    }
    return Response.json(url === LIST ? jobListResponse(jobs) : { data: [] });
  });
  vi.stubGlobal('fetch', fetch);
  // The API client reports a failed request on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <ClientJobsTable clientId="c1" userId="staff-1" viewInAddress={viewInAddress} />,
      },
    ],
    { initialEntries: [address] },
  );
  renderWithQueries(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return {
    listReads: () => fetch.mock.calls.filter(([url, init]) => String(url) === LIST && !init?.method).length,
    router,
    colleague: { change },
  };
}

/** Deletes a job through its row's button and the dialog, as a keyboard user would end up. */
async function deleteJob(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Delete ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this job?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Job' }));
  return dialog;
}

/** Lets the dialog give focus back, which it does on a timer once closed. */
const focusSettles = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => {
  // Rows are drawn only within the scroll box's height; jsdom lays nothing out.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

describe('the search, filters and sort of the recruiter table', () => {
  const shownTitles = () =>
    within(screen.getByRole('table', { name: 'Client jobs' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent?.match(/Job [abc]/)?.[0]);

  it('open as the address names them, so a reload or Back shows the same jobs', async () => {
    renderTable(
      () => new Response(null, { status: 204 }),
      '/admin/clients/c1?status=not_applied&q=job&sort=-data_job_title',
    );
    expect(await screen.findByText('2 of 3 jobs shown')).toBeInTheDocument();
    expect(screen.getByLabelText('Search jobs')).toHaveValue('job');
    expect(screen.getByLabelText('Applied')).toHaveValue('not_applied');
    expect(screen.getByRole('columnheader', { name: 'Job Title' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(shownTitles()).toEqual(['Job c', 'Job a']);
  });

  it('are written to the address as the recruiter changes them, in place of the entry', async () => {
    const { router } = renderTable(() => new Response(null, { status: 204 }));
    expect(await screen.findByText('3 of 3 jobs shown')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Applied'), 'applied');
    await userEvent.selectOptions(screen.getByLabelText('Client decision'), 'not_rejected');
    await userEvent.type(screen.getByLabelText('Search jobs'), 'job b');
    await userEvent.click(screen.getByRole('button', { name: 'Job Title' }));
    expect(await screen.findByText('1 of 3 jobs shown')).toBeInTheDocument();
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/admin/clients/c1');
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      status: 'applied',
      decision: 'not_rejected',
      sort: 'data_job_title',
      q: 'job b',
    });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("stay out of the address on /admin, whose search and sort are the clients board's", async () => {
    const { router } = renderTable(
      () => new Response(null, { status: 204 }),
      '/admin?q=smith&sort=jobs',
      null,
      false,
    );
    expect(await screen.findByText('3 of 3 jobs shown')).toBeInTheDocument();
    expect(screen.getByLabelText('Search jobs')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('Applied'), 'applied');
    await userEvent.type(screen.getByLabelText('Search jobs'), 'job b');
    expect(await screen.findByText('1 of 3 jobs shown')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=smith&sort=jobs');
  });
});

describe('deleting a job from the recruiter table', () => {
  it('moves focus to the Delete button of the job that took its place', async () => {
    renderTable(() => new Response(null, { status: 204 }));
    await deleteJob('Job b');
    expect(await screen.findByText('Deleted Job b')).toBeInTheDocument();
    await focusSettles();
    expect(screen.getByRole('button', { name: 'Delete Job c' })).toHaveFocus();
  });

  it('after a failure keeps focus where it was, reads the list again, and never lands on another job', async () => {
    const { listReads: listAsked } = renderTable(() =>
      Response.json({ error: 'Try again later' }, { status: 503 }),
    );
    const otherJobFocused = vi.fn();
    (await screen.findByRole('button', { name: 'Delete Job c' })).addEventListener('focus', otherJobFocused);
    const dialog = await deleteJob('Job b');
    expect(await screen.findByText('Try again later')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete Job' })).toHaveFocus();
    await vi.waitFor(() => expect(listAsked()).toBe(2));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await focusSettles();
    expect(otherJobFocused).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete Job b' })).toHaveFocus();
  });

  it('keeps the dialog until the delete answers: Cancel waits, and Delete Job keeps focus', async () => {
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    renderTable(() => new Response(null, { status: 204 }));
    vi.mocked(fetch).mockImplementationOnce(() => pending);
    const dialog = await deleteJob('Job b');
    const confirm = within(dialog).getByRole('button', { name: 'Deleting...' });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer(new Response(null, { status: 204 }));
    expect(await screen.findByText('Deleted Job b')).toBeInTheDocument();
  });
});

describe('marking the chosen jobs applied at once', () => {
  it('keeps the jobs chosen through a reload, under this client', async () => {
    renderTable(() => new Response(null, { status: 204 }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Select Job a/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Select Job c/ }));

    cleanup();
    renderTable(() => new Response(null, { status: 204 }));
    expect(await screen.findByRole('checkbox', { name: /^Select Job a/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Select Job b/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Select Job c/ })).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(readChosenJobs('staff-1', 'client:c1')).toEqual(['a', 'c']);
  });

  it('shows both buttons busy while one change saves, and sends no second change meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    renderTable(() => new Response(null, { status: 204 }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Select Job a/ }));
    const changes = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'PUT');
    vi.mocked(fetch).mockImplementationOnce(() => pending);

    const selection = screen.getByRole('group', { name: 'Selected jobs' });
    const applied = within(selection).getByRole('button', { name: 'Mark Applied' });
    const notApplied = within(selection).getByRole('button', { name: 'Mark Not Applied' });
    await userEvent.click(applied);
    for (const button of [applied, notApplied]) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAttribute('aria-busy', 'true');
    }
    await userEvent.click(notApplied);
    expect(changes()).toHaveLength(1);
    expect(JSON.parse(String(changes()[0]?.[1]?.body))).toEqual({ job_ids: ['a'], applied_for_job: true });

    answer(Response.json({ data: { updated_ids: ['a'], unchanged_ids: [], not_found_job_ids: [] } }));
    expect(await screen.findByText('Marked 1 job applied.')).toBeInTheDocument();
    expect(applied).not.toHaveAttribute('aria-busy');
    expect(changes()).toHaveLength(1);
  });

  it('says which of the chosen jobs the client no longer has, without counting them as marked', async () => {
    const { listReads } = renderTable(() => new Response(null, { status: 204 }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Select Job a/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Select Job b/ }));
    const readsBefore = listReads();
    vi.mocked(fetch).mockImplementationOnce(async () =>
      Response.json({ data: { updated_ids: ['a'], unchanged_ids: [], not_found_job_ids: ['b'] } }),
    );
    const selection = screen.getByRole('group', { name: 'Selected jobs' });
    await userEvent.click(within(selection).getByRole('button', { name: 'Mark Applied' }));
    expect(
      await screen.findByText(
        'Marked 1 job applied. 1 job was no longer assigned to this client and leaves the list.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(listReads()).toBe(readsBefore + 1));
  });
});

describe('marking jobs not applied, which erases their outcomes', () => {
  /** Job a applied with an interview recorded, Job b applied with none, Job c not applied. */
  const renderWithOutcome = () =>
    renderTable(() => new Response(null, { status: 204 }), '/admin/clients/c1', null, true, {
      a: { applied_for_job: true, outcome: 'interview', outcome_date: '2026-11-20' },
    });
  const choose = async (...titles: string[]) => {
    for (const title of titles)
      await userEvent.click(await screen.findByRole('checkbox', { name: `Select ${title}` }));
  };
  const selection = () => within(screen.getByRole('group', { name: 'Selected jobs' }));
  const changes = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'PUT');
  const appliedBox = (title: string) => screen.getByRole('checkbox', { name: `Applied: ${title}` });
  const interview = () =>
    screen.queryByRole('button', { name: 'Outcome for Job a: Interview, Nov 20. Change' });

  it('asks nothing when none of the chosen has an outcome, and counts only the jobs it changed', async () => {
    renderWithOutcome();
    await choose('Job b', 'Job c');
    await userEvent.click(selection().getByRole('button', { name: 'Mark Not Applied' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      await screen.findByText('Marked 1 job not applied. 1 was already not applied.'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(changes()[0]?.[1]?.body))).toEqual({
      job_ids: ['b', 'c'],
      applied_for_job: false,
    });
    expect(appliedBox('Job b')).not.toBeChecked();
  });

  it('says when none of the chosen jobs changed', async () => {
    renderWithOutcome();
    await choose('Job a', 'Job b');
    await userEvent.click(selection().getByRole('button', { name: 'Mark Applied' }));
    expect(await screen.findByText('2 jobs were already applied.')).toBeInTheDocument();
  });

  it('asks first when one has an outcome: Cancel and Escape change nothing', async () => {
    renderWithOutcome();
    await choose('Job a', 'Job b', 'Job c');
    const button = selection().getByRole('button', { name: 'Mark Not Applied' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Erase a recorded outcome?' });
    expect(dialog).toHaveAccessibleDescription(
      '1 of these jobs has an outcome recorded (interview, offer...). Marking them not applied erases that outcome.',
    );
    // Focus is in the dialog and stays there.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let step = 0; step < 4; step++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(button);
    await screen.findByRole('dialog', { name: 'Erase a recorded outcome?' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(changes()).toHaveLength(0);
    expect(appliedBox('Job a')).toBeChecked();
    expect(appliedBox('Job b')).toBeChecked();
    expect(interview()).toBeInTheDocument();
    expect(screen.getByText('3 selected')).toBeInTheDocument();
  });

  it('once confirmed marks them not applied, and their outcomes are gone from the table at once', async () => {
    const { listReads } = renderWithOutcome();
    await choose('Job a', 'Job b');
    await userEvent.click(selection().getByRole('button', { name: 'Mark Not Applied' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase a recorded outcome?' });
    const readsBefore = listReads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark Not Applied' }));
    expect(await screen.findByText('Marked 2 jobs not applied.')).toBeInTheDocument();
    expect(JSON.parse(String(changes()[0]?.[1]?.body))).toEqual({
      job_ids: ['a', 'b'],
      applied_for_job: false,
    });
    expect(appliedBox('Job a')).not.toBeChecked();
    expect(interview()).toBeNull();

    // Marked applied again (an undo), without the list read again: no erased outcome shows back.
    await choose('Job a');
    await userEvent.click(selection().getByRole('button', { name: 'Mark Applied' }));
    expect(await screen.findByText('Marked 1 job applied.')).toBeInTheDocument();
    expect(appliedBox('Job a')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Record outcome for Job a' })).toBeInTheDocument();
    expect(interview()).toBeNull();
    expect(listReads()).toBe(readsBefore);
  });

  it('asks the same of the Applied box of a job with an outcome, naming it and its outcome', async () => {
    renderWithOutcome();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Applied: Job a' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase a recorded outcome?' });
    expect(dialog).toHaveAccessibleDescription(
      'Job a has an outcome recorded (Interview, Nov 20). Marking it not applied erases it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(appliedBox('Job a')).toBeChecked();
    await focusSettles();
    expect(appliedBox('Job a')).toHaveFocus();

    // A job without one is marked at once.
    await userEvent.click(appliedBox('Job b'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(appliedBox('Job b')).not.toBeChecked();

    await userEvent.click(appliedBox('Job a'));
    const again = await screen.findByRole('dialog', { name: 'Erase a recorded outcome?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Mark Not Applied' }));
    await waitFor(() => expect(appliedBox('Job a')).not.toBeChecked());
    expect(interview()).toBeNull();
    await focusSettles();
    expect(appliedBox('Job a')).toHaveFocus();
  });
});

describe('analyst notes being written', () => {
  const notesButton = (title: string) =>
    screen.findByRole('button', { name: new RegExp(`edit the analyst notes for ${title}`) });
  const notesBox = (title: string) => screen.getByRole('textbox', { name: `Analyst notes for ${title}` });
  const notesSaves = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'PATCH');

  it("come back after a reload, are saved against the notes they began from, and then knowingly over a colleague's", async () => {
    renderTable(() => new Response(null, { status: 204 }));
    await userEvent.click(await notesButton('Job a'));
    await userEvent.type(notesBox('Job a'), 'Call Dana');
    expect(readAnalystNotesDrafts('staff-1')).toEqual({ a: { text: 'Call Dana', before: null } });

    // A reload, by which time a colleague has written notes of their own.
    cleanup();
    renderTable(() => new Response(null, { status: 204 }), '/admin/clients/c1', 'Colleague: sent CV');
    const button = await notesButton('Job a');
    expect(button).toHaveTextContent(/^Colleague: sent CV:/);
    expect(button).toHaveAccessibleDescription(UNSAVED_DRAFT_LABEL);
    expect(within(screen.getByRole('row', { name: /Job b/ })).queryByText(UNSAVED_DRAFT_LABEL)).toBeNull();
    // Named above the table as well, where the notes column may be out of view.
    const unsaved = screen.getByRole('list', { name: UNSAVED_NOTES_INTRO });
    expect(
      within(unsaved)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Job a']);
    // A long job name wraps inside its button on a phone instead of spilling over the next one.
    expect(within(unsaved).getByRole('button', { name: 'Job a' })).toHaveClass('min-h-8', 'wrap-anywhere');
    expect(within(unsaved).getByRole('button', { name: 'Job a' })).not.toHaveClass('h-8');
    await userEvent.click(within(unsaved).getByRole('button', { name: 'Job a' }));
    expect(notesBox('Job a')).toHaveFocus();
    expect(screen.queryByRole('list', { name: UNSAVED_NOTES_INTRO })).toBeNull();
    expect(notesBox('Job a')).toHaveValue('Call Dana');
    expect(notesBox('Job a')).toHaveAccessibleDescription(
      `${ANALYST_DRAFT_BACK_MESSAGE} Control and Enter saves, Escape cancels.`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(JSON.parse(String(notesSaves()[0]?.[1]?.body))).toEqual({
      analyst_notes: 'Call Dana',
      analyst_notes_before: null,
    });
    // Refused: the colleague's notes are shown, and the next save is made over them.
    expect(await screen.findByText(COLLEAGUE_NOTES_LABEL)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(JSON.parse(String(notesSaves()[1]?.[1]?.body))).toEqual({
      analyst_notes: 'Call Dana',
      analyst_notes_before: 'Colleague: sent CV',
    });
    expect(await notesButton('Job a')).toHaveTextContent(/^Call Dana:/);
    expect(screen.queryByText(UNSAVED_DRAFT_LABEL)).toBeNull();
    expect(readAnalystNotesDrafts('staff-1')).toEqual({});
  });

  it('go on after the notes written, and are dropped by Escape or Cancel', async () => {
    renderTable(() => new Response(null, { status: 204 }), '/admin/clients/c1', 'Sent CV');
    await userEvent.click(await notesButton('Job a'));
    await userEvent.type(notesBox('Job a'), ' twice');
    await userEvent.keyboard('{Escape}');
    expect(await notesButton('Job a')).toHaveTextContent(/^Sent CV:/);
    expect(screen.queryByText(UNSAVED_DRAFT_LABEL)).toBeNull();

    await userEvent.click(await notesButton('Job a'));
    expect(notesBox('Job a')).toHaveValue('Sent CV');
    // Typing goes on after what is written.
    await userEvent.keyboard(' again');
    expect(readAnalystNotesDrafts('staff-1')).toEqual({ a: { text: 'Sent CV again', before: 'Sent CV' } });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(readAnalystNotesDrafts('staff-1')).toEqual({});
    expect(notesSaves()).toHaveLength(0);
  });

  it('past the limit say so, and are not sent until short enough', async () => {
    renderTable(() => new Response(null, { status: 204 }));
    await userEvent.click(await notesButton('Job a'));
    await userEvent.paste('x'.repeat(JOB_NOTES_MAX_LENGTH + 1));
    expect(notesBox('Job a')).toHaveAccessibleDescription(
      `${JOB_NOTES_TOO_LONG} Control and Enter saves, Escape cancels.`,
    );
    expect(notesBox('Job a')).toBeInvalid();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(save);
    await userEvent.type(notesBox('Job a'), '{Control>}{Enter}{/Control}');
    expect(notesSaves()).toHaveLength(0);

    await userEvent.type(notesBox('Job a'), '{Backspace}');
    expect(screen.queryByText(JOB_NOTES_TOO_LONG)).toBeNull();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(notesSaves()).toHaveLength(1));
  });

  /** Holds the next request until the answer returned is called; the server then answers it as usual. */
  const holdNextRequest = () => {
    const serve = vi.mocked(fetch).getMockImplementation();
    if (!serve) throw new Error('No server to hold a request of');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.mocked(fetch).mockImplementationOnce(async (input, init) => {
      await released;
      return serve(input, init);
    });
    return () => act(async () => release());
  };

  it("saved, close only their own editor: another job's notes opened meanwhile stay open, with focus", async () => {
    renderTable(() => new Response(null, { status: 204 }));
    await userEvent.click(await notesButton('Job c'));
    await userEvent.type(notesBox('Job c'), 'Call Dana');
    const answerC = holdNextRequest();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await notesButton('Job a'));
    await userEvent.type(notesBox('Job a'), 'Sent CV');

    await answerC();
    expect(await notesButton('Job c')).toHaveTextContent(/^Call Dana:/);
    await waitFor(() =>
      expect(readAnalystNotesDrafts('staff-1')).toEqual({ a: { text: 'Sent CV', before: null } }),
    );
    expect(notesBox('Job a')).toHaveValue('Sent CV');
    expect(notesBox('Job a')).toHaveFocus();

    // Job c's late answer left no focus to take later: reopening its notes and going back to Job a's
    // leaves focus in Job a's box.
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await notesButton('Job c'));
    await userEvent.click(await notesButton('Job a'));
    expect(notesBox('Job a')).toHaveFocus();
  });

  it('saved while other notes are saved after them, leave no draft behind, and are written on from what was saved', async () => {
    renderTable(() => new Response(null, { status: 204 }));
    await userEvent.click(await notesButton('Job a'));
    await userEvent.type(notesBox('Job a'), 'Call Dana');
    const answerA = holdNextRequest();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await notesButton('Job b'));
    await userEvent.type(notesBox('Job b'), 'Sent CV');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await notesButton('Job b')).toHaveTextContent(/^Sent CV:/);

    await answerA();
    expect(await notesButton('Job a')).toHaveTextContent(/^Call Dana:/);
    await waitFor(() => expect(readAnalystNotesDrafts('staff-1')).toEqual({}));
    expect(screen.queryByText(UNSAVED_DRAFT_LABEL)).toBeNull();
    expect(screen.queryByRole('list', { name: UNSAVED_NOTES_INTRO })).toBeNull();

    await userEvent.click(await notesButton('Job a'));
    await userEvent.keyboard(' on Tuesday{Control>}{Enter}{/Control}');
    await waitFor(() => expect(notesSaves()).toHaveLength(3));
    expect(JSON.parse(String(notesSaves()[2]?.[1]?.body))).toEqual({
      analyst_notes: 'Call Dana on Tuesday',
      analyst_notes_before: 'Call Dana',
    });
  });

  it("refused because a colleague's came first, show theirs, keep the text, and a second Save replaces theirs", async () => {
    const { colleague } = renderTable(
      () => new Response(null, { status: 204 }),
      '/admin/clients/c1',
      'Sent CV',
    );
    await userEvent.click(await notesButton('Job a'));
    await userEvent.type(notesBox('Job a'), ' and called');
    colleague.change('a', (job) => ({ ...job, analyst_notes: 'Interview on Friday' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ANALYST_NOTES_CHANGED_MESSAGE)).toBeInTheDocument();
    // Their notes as the server holds them, above the box, which keeps the recruiter's text.
    expect(await screen.findByText('Interview on Friday')).toBeInTheDocument();
    expect(notesBox('Job a')).toHaveValue('Sent CV and called');
    expect(notesBox('Job a')).toHaveAccessibleDescription(
      `${COLLEAGUE_NOTES_LABEL} Interview on Friday ${SAVE_REPLACES_COLLEAGUE_NOTES} Control and Enter saves, Escape cancels.`,
    );
    // Typing on keeps the draft against their notes, which a reload would save over.
    await userEvent.type(notesBox('Job a'), '!');
    expect(readAnalystNotesDrafts('staff-1')).toEqual({
      a: { text: 'Sent CV and called!', before: 'Interview on Friday' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notesSaves()).toHaveLength(2));
    expect(JSON.parse(String(notesSaves()[1]?.[1]?.body))).toEqual({
      analyst_notes: 'Sent CV and called!',
      analyst_notes_before: 'Interview on Friday',
    });
    expect(await screen.findByText('Analyst notes saved')).toBeInTheDocument();
    expect(await notesButton('Job a')).toHaveTextContent(/^Sent CV and called!:/);
    expect(await notesButton('Job a')).toHaveFocus();
    expect(readAnalystNotesDrafts('staff-1')).toEqual({});
  });

  it('wait for the save before taking more words, which would close with the editor unsaved', async () => {
    renderTable(() => new Response(null, { status: 204 }));
    await userEvent.click(await notesButton('Job a'));
    await userEvent.type(notesBox('Job a'), 'Call Dana');
    vi.mocked(fetch).mockImplementationOnce(() => new Promise(() => {}));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeInTheDocument();
    await userEvent.type(notesBox('Job a'), ' twice');
    expect(notesBox('Job a')).toHaveValue('Call Dana');
  });
});

describe('a job at a company the client avoids', () => {
  const refusal = (error: string) => async () => Response.json({ error }, { status: 409 });
  const appliedBox = (title: string) => screen.getByRole('checkbox', { name: `Applied: ${title}` });

  it("stays not applied when the server refuses the click, and the recruiter reads the server's reason", async () => {
    const reason = 'The client asked us never to apply to Acme; this job was not marked applied.';
    renderTable(() => new Response(null, { status: 204 }));
    const box = await screen.findByRole('checkbox', { name: 'Applied: Job a' });
    vi.mocked(fetch).mockImplementationOnce(refusal(reason));
    await userEvent.click(box);
    expect(await screen.findByText(`Failed to update Job a: ${reason}`)).toBeInTheDocument();
    await waitFor(() => expect(appliedBox('Job a')).not.toBeChecked());
  });

  it('leaves every chosen job as it was, and chosen, when the server refuses a bulk change', async () => {
    const reason =
      'The client asked us never to apply to Acme or Globex; none of these jobs was marked applied.';
    renderTable(() => new Response(null, { status: 204 }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Select Job a/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Select Job c/ }));
    vi.mocked(fetch).mockImplementationOnce(refusal(reason));
    const selection = screen.getByRole('group', { name: 'Selected jobs' });
    await userEvent.click(within(selection).getByRole('button', { name: 'Mark Applied' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(appliedBox('Job a')).not.toBeChecked();
    expect(appliedBox('Job c')).not.toBeChecked();
    // Still chosen, so the recruiter can leave out the jobs at those companies and try again.
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });
});
