import { DEFAULT_JOB_FILTERS, type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { JobsBoard } from './JobsBoard.tsx';
import {
  fetchJob,
  fetchMyJobs,
  myJobsQueryKey,
  updateApproval,
  updateApprovalMany,
  updateNotes,
} from './jobs-api.ts';

vi.mock('./jobs-api.ts', async (original) => ({
  ...(await original<typeof import('./jobs-api.ts')>()),
  fetchMyJobs: vi.fn(),
  updateApproval: vi.fn(),
  updateApprovalMany: vi.fn(),
  updateNotes: vi.fn(),
  fetchJob: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const listOf = (ids: string[]): JobListItem[] =>
  ids.map((id) =>
    jobListItemSchema.parse(makeJob({ id, data_job_title: `Job ${id}`, client_approval: 'pending' })),
  );
const jobs = listOf(['a', 'b']);

/** On a phone (the default) the select-all box sits above the job cards; wider, the list is a table. */
function renderBoard({ address = '/myjobs', wide = false } = {}) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  return renderWithQueries(
    <MemoryRouter initialEntries={[address]}>
      <JobsBoard
        variant="manage"
        label="Your jobs"
        userId="client-1"
        defaultFilters={DEFAULT_JOB_FILTERS}
        loadingText="Loading jobs..."
        noJobs={null}
      />
    </MemoryRouter>,
  ).queryClient;
}

beforeEach(() => {
  vi.mocked(fetchMyJobs).mockResolvedValue(jobs);
  vi.mocked(updateApprovalMany).mockReset();
  // Decisions stay in flight: the list shows them at once, whatever the server will say.
  vi.mocked(updateApproval).mockReturnValue(new Promise(() => {}));
});

describe('the bulk bar of /myjobs', () => {
  it.each([
    ['Clear Selection', () => {}],
    [
      'Reject All',
      () => vi.mocked(updateApprovalMany).mockResolvedValue({ notFound: [], failed: [], error: null }),
    ],
  ])('gives focus to the select-all box when it leaves after %s', async (button, answer) => {
    answer();
    const user = userEvent.setup();
    renderBoard();
    const selectAll = await screen.findByRole('checkbox', { name: 'Select all jobs shown' });
    await user.click(selectAll);
    const bar = screen.getByRole('region', { name: 'Selected jobs' });
    expect(bar).toHaveTextContent('2 job(s) selected');
    await user.click(within(bar).getByRole('button', { name: button }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected jobs' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Select all jobs shown' })).toHaveFocus();
  });

  it('keeps the jobs chosen through a reload, until the selection is cleared', async () => {
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('checkbox', { name: /^Select Job a/ }));
    expect(screen.getByRole('region', { name: 'Selected jobs' })).toHaveTextContent('1 job(s) selected');

    cleanup();
    renderBoard();
    expect(await screen.findByRole('checkbox', { name: /^Select Job a/ })).toBeChecked();
    const bar = screen.getByRole('region', { name: 'Selected jobs' });
    expect(bar).toHaveTextContent('1 job(s) selected');
    await user.click(within(bar).getByRole('button', { name: 'Clear Selection' }));

    cleanup();
    renderBoard();
    expect(await screen.findByRole('checkbox', { name: /^Select Job a/ })).not.toBeChecked();
    expect(screen.queryByRole('region', { name: 'Selected jobs' })).toBeNull();
  });

  it('keeps focus on Reject All while it saves, sends no second change meanwhile, and lets the selection go', async () => {
    let answer: (outcome: Awaited<ReturnType<typeof updateApprovalMany>>) => void = () => {};
    vi.mocked(updateApprovalMany).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    vi.mocked(toast.error).mockClear();
    // jsdom has no layout: the list's box is given a height, so that its rows are drawn.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    // jsdom's names drop the space before the job a screen reader hears ('Rejected Job a').
    const rejected = () => screen.queryAllByRole('button', { name: /^Rejected ?Job [ab]$/ });
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all jobs shown' }));
    const bar = screen.getByRole('region', { name: 'Selected jobs' });
    const rejectAll = within(bar).getByRole('button', { name: 'Reject All' });
    await user.click(rejectAll);
    expect(rejectAll).toHaveFocus();
    expect(rejectAll).not.toBeDisabled();
    expect(rejectAll).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    await user.click(within(bar).getByRole('button', { name: 'Clear Rejections' }));
    expect(updateApprovalMany).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(rejected()).toHaveLength(2));

    // Still saving: Clear Selection forgets the selection at once, and sends nothing.
    await user.click(within(bar).getByRole('button', { name: 'Clear Selection' }));
    expect(screen.queryByRole('region', { name: 'Selected jobs' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select all jobs shown' })).not.toBeChecked();
    expect(updateApprovalMany).toHaveBeenCalledTimes(1);
    expect(updateApprovalMany).toHaveBeenCalledWith(['a', 'b'], 'rejected');

    // The answer comes: the change sent stands for both jobs it named.
    await act(async () => answer({ notFound: [], failed: [], error: null }));
    expect(rejected()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Reject ?Job [ab]$/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selected jobs' })).toBeNull();
    expect(updateApprovalMany).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('Reject All under Decision: Not Rejected', () => {
  it('names the jobs not found by their place before they left the list, and reads the list again', async () => {
    vi.mocked(fetchMyJobs)
      .mockReset()
      .mockResolvedValueOnce(listOf(['a', 'b', 'c']));
    vi.mocked(updateApprovalMany).mockResolvedValue({ notFound: ['c', 'b'], failed: [], error: null });
    const user = userEvent.setup();
    renderBoard({ address: '/myjobs?decision=not_rejected' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all jobs shown' }));
    // The server's list, read again: the jobs it no longer has are gone, the other one is rejected.
    vi.mocked(fetchMyJobs).mockResolvedValue(
      listOf(['a']).map((job) => ({ ...job, client_approval: 'rejected' as const })),
    );
    await user.click(
      within(screen.getByRole('region', { name: 'Selected jobs' })).getByRole('button', {
        name: 'Reject All',
      }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Bulk Update Failed', {
        description: 'Failed to update S.No: 2, 3',
      }),
    );
    expect(await screen.findByText('0 of 1 jobs shown')).toBeInTheDocument();
  });
});

describe('a decision that takes its job out of the list shown', () => {
  // jsdom's names drop the space before the job a screen reader hears ('Reject Job a').
  const toggle = (title: string) =>
    within(screen.getByLabelText('Your jobs')).getByRole('button', {
      name: new RegExp(`^Reject ?${title}$`),
    });

  /** Shows the jobs under Decision: Not Rejected, with their rows drawn, and rejects one. */
  async function reject(ids: string[], rejected: string, wide = false) {
    vi.mocked(fetchMyJobs).mockResolvedValue(listOf(ids));
    // jsdom has no layout: the list's box is given a height, so that its rows are drawn.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    const user = userEvent.setup();
    renderBoard({ address: '/myjobs?decision=not_rejected', wide });
    await screen.findByText(`${ids.length} of ${ids.length} jobs shown`);
    await user.click(toggle(`Job ${rejected}`));
    await screen.findByText(`${ids.length - 1} of ${ids.length} jobs shown`);
  }

  it.each([
    ['a middle job, on a phone', 'b', false, 'Job c'],
    ['a middle job, in the table', 'b', true, 'Job c'],
    ['the last job', 'c', false, 'Job b'],
  ])('gives focus to the toggle now in its place (%s)', async (_case, rejected, wide, next) => {
    await reject(['a', 'b', 'c'], rejected, wide);
    expect(toggle(next)).toHaveFocus();
  });

  it('gives focus to the message that nothing is left when it was the only one', async () => {
    await reject(['a'], 'a');
    // The message itself, not the page around it.
    expect(document.activeElement?.textContent).toBe(
      'No jobs match your filtersTry adjusting your filter settings above',
    );
  });
});

describe('a dialog opened from a job', () => {
  /** Forty jobs sorted by their notes, with only those in view drawn (fewer than twenty). */
  async function showSortedByNotes(wide: boolean) {
    const many = Array.from({ length: 40 }, (_, index) => {
      const id = String(index).padStart(3, '0');
      return jobListItemSchema.parse(
        makeJob({ id, data_job_title: `Job ${id}`, client_approval: 'pending', client_notes: `Note ${id}` }),
      );
    });
    vi.mocked(fetchMyJobs).mockResolvedValue(many);
    // jsdom has no layout: the list's box is given a height, so that its rows are drawn, and cards
    // measure as high as they are guessed to be.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(220);
    renderBoard({ address: '/myjobs?sort=client_notes', wide });
    await screen.findByText('40 of 40 jobs shown');
    expect(screen.getAllByRole('button', { name: /^View Notes/ }).length).toBeLessThan(20);
  }

  it.each([
    ['in the table', true],
    ['on a phone', false],
  ])(
    'gives focus back to its opener when a note moves the job far down the list (%s)',
    async (_case, wide) => {
      vi.mocked(updateNotes).mockImplementation(async (id, notes) => ({
        ...makeJob({ id, data_job_title: `Job ${id}`, client_approval: 'pending' }),
        client_notes: notes,
      }));
      const user = userEvent.setup();
      await showSortedByNotes(wide);
      // jsdom's names drop the space before the job a screen reader hears ('View Notes for Job 000').
      const opener = screen.getByRole('button', { name: /^View Notes ?for Job 000$/ });
      await user.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Job Notes' });
      const notes = within(dialog).getByRole('textbox');
      await user.clear(notes);
      // Sorted last now, far past the jobs in view.
      await user.paste('Zebra');
      await user.click(within(dialog).getByRole('button', { name: 'Save Notes' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(opener).toHaveFocus());
      expect(opener.closest('[aria-rowindex], [aria-posinset]')).toHaveAttribute(
        wide ? 'aria-rowindex' : 'aria-posinset',
        wide ? '41' : '40',
      );
    },
  );

  it('gives focus back to View Details once the job has scrolled out of view meanwhile', async () => {
    // The whole job stays on its way: the pop-up shows what the list has.
    vi.mocked(fetchJob).mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    await showSortedByNotes(true);
    const opener = screen.getByRole('button', { name: /^View Details ?of Job 000$/ });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Job 000' });
    // The list scrolls on behind the pop-up (a wheel over the backdrop, say).
    const box = screen.getByRole('table', { name: 'Your jobs', hidden: true }).parentElement as HTMLElement;
    box.scrollTop = 64 * 30;
    box.dispatchEvent(new Event('scroll'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  /** Job b's pop-up open in the wide table of a, b and c; then a read of the list without b. */
  async function popUpOfJobThatLeaves() {
    vi.mocked(fetchMyJobs).mockResolvedValue(listOf(['a', 'b', 'c']));
    vi.mocked(fetchJob).mockReturnValue(new Promise(() => {}));
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    const user = userEvent.setup();
    const queryClient = renderBoard({ wide: true });
    await user.click(await screen.findByRole('button', { name: /^View Details ?of Job b$/ }));
    await screen.findByRole('dialog', { name: 'Job b' });
    // The list read again (after a bulk change, say) no longer has the job: its pop-up closes.
    act(() => queryClient.setQueryData(myJobsQueryKey, listOf(['a', 'c'])));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    return queryClient;
  }

  it('gives focus to the job now in its place when its own job left the list meanwhile', async () => {
    await popUpOfJobThatLeaves();
    // As after a decision: the first control of the job now in its place (on /myjobs, its toggle).
    await waitFor(() => expect(screen.getByRole('button', { name: /^Reject ?Job c$/ })).toHaveFocus());
  });

  it('keeps the pop-up of a job that left the list closed when the job comes back in a later read', async () => {
    const queryClient = await popUpOfJobThatLeaves();
    // Restored elsewhere, the job is listed again: its pop-up does not open by itself.
    act(() => queryClient.setQueryData(myJobsQueryKey, listOf(['a', 'b', 'c'])));
    await screen.findByRole('button', { name: /^View Details ?of Job b$/ });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a list with no jobs yet', () => {
  it('looks again on request, and shows the jobs assigned meanwhile', async () => {
    vi.mocked(fetchMyJobs).mockResolvedValueOnce([]);
    const user = userEvent.setup();
    renderBoard();
    const check = await screen.findByRole('button', { name: 'Check for New Jobs' });
    let answer: (jobs: JobListItem[]) => void = () => {};
    vi.mocked(fetchMyJobs).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await user.click(check);
    expect(screen.getByRole('button', { name: 'Checking...' })).toHaveAttribute('aria-busy', 'true');
    answer(listOf(['a']));
    expect((await screen.findAllByText('Job a')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Check for New Jobs' })).toBeNull();
    // The button went as the jobs came: the filter bar's refresh button has the focus it had.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh jobs' })).toHaveFocus());
  });

  it('says so when a look finds no jobs yet', async () => {
    vi.mocked(fetchMyJobs).mockResolvedValue([]);
    const user = userEvent.setup();
    renderBoard();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(/^$/);
    await user.click(screen.getByRole('button', { name: 'Check for New Jobs' }));
    await waitFor(() =>
      expect(status).toHaveTextContent('No jobs yet. They appear here as soon as our team assigns them.'),
    );
  });

  it('leaves the focus alone when the first load brings jobs', async () => {
    renderBoard();
    expect((await screen.findAllByText('Job a')).length).toBeGreaterThan(0);
    expect(document.body).toHaveFocus();
  });
});

describe('a failed load of the jobs', () => {
  it("keeps the toast's title and the server's message on the page, with Try Again", async () => {
    vi.mocked(fetchMyJobs).mockRejectedValue(new ApiError('Too many requests', 429));
    renderBoard();
    expect(await screen.findByRole('heading', { name: 'Error Loading Jobs' })).toBeInTheDocument();
    expect(screen.getByText('Too many requests')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
