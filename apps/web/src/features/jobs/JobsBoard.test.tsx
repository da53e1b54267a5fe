import { DEFAULT_JOB_FILTERS, type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JobsBoard } from './JobsBoard.tsx';
import { fetchMyJobs, updateApprovalMany } from './jobs-api.ts';

vi.mock('./jobs-api.ts', async (original) => ({
  ...(await original<typeof import('./jobs-api.ts')>()),
  fetchMyJobs: vi.fn(),
  updateApprovalMany: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const jobs: JobListItem[] = ['a', 'b'].map((id) =>
  jobListItemSchema.parse(makeJob({ id, data_job_title: `Job ${id}`, client_approval: 'pending' })),
);

function renderBoard() {
  // A phone: the select-all box sits above the job cards.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/myjobs']}>
        <JobsBoard
          variant="manage"
          label="Your jobs"
          defaultFilters={DEFAULT_JOB_FILTERS}
          loadingText="Loading jobs..."
          noJobs={null}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // jsdom has no layout: the job list's scroll box cannot scroll.
  HTMLElement.prototype.scrollTo = () => {};
  vi.mocked(fetchMyJobs).mockResolvedValue(jobs);
  vi.mocked(updateApprovalMany).mockReset();
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

  it('keeps focus on Reject All while it saves, and sends no second change meanwhile', async () => {
    let answer: (outcome: Awaited<ReturnType<typeof updateApprovalMany>>) => void = () => {};
    vi.mocked(updateApprovalMany).mockReturnValue(new Promise((resolve) => (answer = resolve)));
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
    await act(async () => answer({ notFound: [], failed: [], error: null }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected jobs' })).toBeNull());
  });
});
