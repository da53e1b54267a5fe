import { type Job, type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { fetchMyJobs } from './jobs-api.ts';
import { MyJobOutcome } from './MyJobOutcome.tsx';
import { updateOutcome } from './outcome-api.ts';
import { useMyJobs } from './use-my-jobs.ts';

vi.mock('./jobs-api.ts', async (original) => ({
  ...(await original<typeof import('./jobs-api.ts')>()),
  fetchMyJobs: vi.fn(),
}));
vi.mock('./outcome-api.ts', async (original) => ({
  ...(await original<typeof import('./outcome-api.ts')>()),
  updateOutcome: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const applied = makeJob({ id: 'a', data_job_title: 'Designer', applied_for_job: true });
const recorded: Job = { ...applied, outcome: 'interview', outcome_date: '2024-11-03' };
const listed = (job: Job): JobListItem[] => [jobListItemSchema.parse(job)];

/** The list's row with its outcome control, and the page's Refresh. */
function JobsPage() {
  const jobs = useMyJobs();
  const job = jobs.data?.[0];
  return (
    <>
      <button type="button" onClick={() => void jobs.refetch()}>
        Refresh
      </button>
      {job && <MyJobOutcome job={job} />}
    </>
  );
}

beforeEach(() => {
  vi.mocked(fetchMyJobs).mockReset();
  vi.mocked(updateOutcome).mockReset();
});

describe("the client's outcome control", () => {
  it('keeps a recorded outcome when a read of the list begun before the save answers after it', async () => {
    const user = userEvent.setup();
    // The Refresh is answered from before the save, and only once the save is answered.
    const early = Promise.withResolvers<JobListItem[]>();
    vi.mocked(fetchMyJobs)
      .mockResolvedValueOnce(listed(applied))
      .mockReturnValueOnce(early.promise)
      .mockResolvedValue(listed(recorded));
    vi.mocked(updateOutcome).mockResolvedValue(recorded);
    const { queryClient } = renderWithQueries(<JobsPage />);
    const record = await screen.findByRole('button', { name: 'Record outcome for Designer' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(fetchMyJobs).toHaveBeenCalledTimes(2);
    await user.click(record);

    const dialog = screen.getByRole('dialog', { name: 'Record Outcome' });
    await user.click(within(dialog).getByLabelText('Interview'));
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2024-11-03' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Outcome' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(updateOutcome).toHaveBeenCalledWith('a', { outcome: 'interview', outcome_date: '2024-11-03' });

    await act(async () => early.resolve(listed(applied)));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(
      screen.getByRole('button', { name: 'Outcome for Designer: Interview, Nov 3. Change' }),
    ).toBeInTheDocument();
    // The Refresh asked for is made, after the save.
    expect(fetchMyJobs).toHaveBeenCalledTimes(3);
  });
});
