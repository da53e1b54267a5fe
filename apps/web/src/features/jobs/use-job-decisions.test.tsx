import { type Job, type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import {
  fetchMyJobs,
  myJobQueryKey,
  myJobsQueryKey,
  updateApproval,
  updateApprovalMany,
} from './jobs-api.ts';
import { useJobDecisions } from './use-job-decisions.ts';
import { useMyJobs } from './use-my-jobs.ts';

vi.mock('./jobs-api.ts', async (original) => ({
  ...(await original<typeof import('./jobs-api.ts')>()),
  fetchMyJobs: vi.fn(),
  updateApproval: vi.fn(),
  updateApprovalMany: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const job = (id: string, overrides: Partial<JobListItem> = {}): JobListItem =>
  jobListItemSchema.parse(makeJob({ id, data_job_title: `Job ${id}`, ...overrides }));

function setUp(jobs: JobListItem[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(myJobsQueryKey, jobs);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useJobDecisions(), { wrapper });
  const approvals = () =>
    (queryClient.getQueryData<JobListItem[]>(myJobsQueryKey) ?? []).map((item) => item.client_approval);
  return { queryClient, result, approvals };
}

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

beforeEach(() => {
  vi.mocked(updateApproval).mockReset();
  vi.mocked(updateApprovalMany).mockReset();
  vi.mocked(toast.error).mockReset();
});

describe('toggleDecision', () => {
  it('shows the change at once, and ignores clicks while it is in flight', async () => {
    const answer = deferred<Job>();
    vi.mocked(updateApproval).mockReturnValue(answer.promise);
    const { result, approvals } = setUp([job('a')]);
    await act(async () => {
      result.current.toggleDecision(job('a'), 1);
    });
    // The server has not answered yet.
    expect(approvals()).toEqual(['rejected']);
    await waitFor(() => expect(result.current.inFlight.has('a')).toBe(true));
    act(() => {
      result.current.toggleDecision(job('a', { client_approval: 'rejected' }), 1);
    });
    expect(updateApproval).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve(makeJob({ id: 'a', client_approval: 'rejected' })));
    await waitFor(() => expect(result.current.inFlight.size).toBe(0));
    expect(approvals()).toEqual(['rejected']);
  });

  it('cancels a list fetch in flight, so its older answer never overwrites the decision', async () => {
    vi.mocked(updateApproval).mockResolvedValue(makeJob({ id: 'a', client_approval: 'rejected' }));
    const { queryClient, result, approvals } = setUp([job('a')]);
    const older = deferred<JobListItem[]>();
    void queryClient.fetchQuery({ queryKey: myJobsQueryKey, queryFn: () => older.promise }).catch(() => {});
    await act(async () => {
      result.current.toggleDecision(job('a'), 1);
    });
    older.resolve([job('a')]);
    await waitFor(() => expect(result.current.inFlight.size).toBe(0));
    expect(approvals()).toEqual(['rejected']);
  });

  it('puts the decision back and names the job when the server refuses', async () => {
    vi.mocked(updateApproval).mockRejectedValue(new ApiError('Job not found', 404));
    const { result, approvals } = setUp([job('a', { client_approval: 'rejected' })]);
    act(() => result.current.toggleDecision(job('a', { client_approval: 'rejected' }), 7));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update Failed', {
        description: 'Failed to update S.No 7 (Job a): Job not found',
      }),
    );
    expect(updateApproval).toHaveBeenCalledWith('a', 'pending');
    expect(approvals()).toEqual(['rejected']);
  });

  it.each([
    ['no message', new ApiError('', 500)],
    ['a dropped connection', new ApiError('Failed to fetch', 0)],
    ['an answer that is not JSON', new ApiError('HTTP error 502: Bad Gateway', 502)],
  ])('says Unknown error when there is no reason (%s)', async (_case, error) => {
    vi.mocked(updateApproval).mockRejectedValue(error);
    const { result } = setUp([job('a')]);
    act(() => result.current.toggleDecision(job('a'), 2));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update Failed', {
        description: 'Failed to update S.No 2 (Job a): Unknown error',
      }),
    );
  });

  it('changes the whole job the details pop-up has loaded too, and puts it back on failure', async () => {
    const answer = deferred<Job>();
    vi.mocked(updateApproval).mockReturnValue(answer.promise);
    const { queryClient, result } = setUp([job('a'), job('b')]);
    queryClient.setQueryData(myJobQueryKey('a'), makeJob({ id: 'a', data_job_description: 'Build APIs.' }));
    const whole = () => queryClient.getQueryData<Job>(myJobQueryKey('a'));
    await act(async () => {
      result.current.toggleDecision(job('a'), 1);
    });
    expect(whole()).toMatchObject({ client_approval: 'rejected', data_job_description: 'Build APIs.' });
    await act(async () =>
      answer.resolve(makeJob({ id: 'a', client_approval: 'rejected', analyst_notes: 'New' })),
    );
    await waitFor(() => expect(whole()).toMatchObject({ client_approval: 'rejected', analyst_notes: 'New' }));

    vi.mocked(updateApproval).mockRejectedValue(new ApiError('Job not found', 404));
    act(() => result.current.toggleDecision(job('a', { client_approval: 'rejected' }), 1));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(whole()).toMatchObject({ client_approval: 'rejected' });
  });
});

describe('decideMany', () => {
  const jobs = [job('a'), job('b', { client_approval: 'rejected' }), job('c')];
  const serialNumbers = new Map([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);

  it('answers true when every job was updated, and is busy until then', async () => {
    const answer = deferred<Awaited<ReturnType<typeof updateApprovalMany>>>();
    vi.mocked(updateApprovalMany).mockReturnValue(answer.promise);
    const { result, approvals } = setUp(jobs);
    let decided!: Promise<boolean>;
    act(() => {
      decided = result.current.decideMany(jobs, 'rejected', serialNumbers);
    });
    await waitFor(() => expect(result.current.deciding).toBe(true));
    expect(result.current.inFlight).toEqual(new Set(['a', 'b', 'c']));
    expect(approvals()).toEqual(['rejected', 'rejected', 'rejected']);
    answer.resolve({ notFound: [], failed: [], error: null });
    let updatedAll = false;
    await act(async () => {
      updatedAll = await decided;
    });
    await waitFor(() => expect(result.current.deciding).toBe(false));
    expect(updatedAll).toBe(true);
    expect(approvals()).toEqual(['rejected', 'rejected', 'rejected']);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('waits for a job whose own toggle is in flight, then decides it with the others', async () => {
    const toggled = deferred<Job>();
    vi.mocked(updateApproval).mockReturnValue(toggled.promise);
    vi.mocked(updateApprovalMany).mockResolvedValue({ notFound: [], failed: [], error: null });
    const { result, approvals } = setUp(jobs);
    await act(async () => {
      result.current.toggleDecision(jobs[1]!, 2);
    });
    let decided!: Promise<boolean>;
    act(() => {
      decided = result.current.decideMany(jobs, 'rejected', serialNumbers);
    });
    // Sent after the toggle's answer, so the server ends with the later wish.
    expect(updateApprovalMany).not.toHaveBeenCalled();
    await act(async () => toggled.resolve(makeJob({ id: 'b', client_approval: 'pending' })));
    let updatedAll = false;
    await act(async () => {
      updatedAll = await decided;
    });
    expect(updateApprovalMany).toHaveBeenCalledWith(['a', 'b', 'c'], 'rejected');
    expect(updatedAll).toBe(true);
    expect(approvals()).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('reads the list again without the jobs not found, and lists their serial numbers', async () => {
    vi.mocked(updateApprovalMany).mockResolvedValue({ notFound: ['c', 'a'], failed: [], error: null });
    const { queryClient, result, approvals } = setUp(jobs);
    let updatedAll = true;
    await act(async () => {
      updatedAll = await result.current.decideMany(jobs, 'rejected', serialNumbers);
    });
    expect(updatedAll).toBe(false);
    // Not put back as they were: the server no longer has them, and the list is to be read again.
    expect(approvals()).toEqual(['rejected', 'rejected', 'rejected']);
    expect(queryClient.getQueryState(myJobsQueryKey)?.isInvalidated).toBe(true);
    expect(toast.error).toHaveBeenCalledWith('Bulk Update Failed', {
      description: 'Failed to update S.No: 1, 3',
    });
  });

  it('reverts every job of a failed request and says what was being done', async () => {
    vi.mocked(updateApprovalMany).mockResolvedValue({
      notFound: [],
      failed: ['a', 'b', 'c'],
      error: 'Offline',
    });
    const { result, approvals } = setUp(jobs);
    await act(() => result.current.decideMany(jobs, 'rejected', serialNumbers));
    expect(approvals()).toEqual(['pending', 'rejected', 'pending']);
    expect(toast.error).toHaveBeenCalledWith('Bulk Update Failed', {
      description: 'Failed to reject 3 selected jobs',
    });
    await act(() => result.current.decideMany(jobs, 'pending', serialNumbers));
    expect(toast.error).toHaveBeenLastCalledWith('Bulk Update Failed', {
      description: 'Failed to clear rejections for 3 selected jobs',
    });
  });
});

describe('a refresh of the list cut short by a decision', () => {
  it('is made again once the decisions are saved, so the fresh list does arrive', async () => {
    const fresh = [job('a', { client_approval: 'rejected' }), job('b')];
    const first = deferred<JobListItem[]>();
    vi.mocked(fetchMyJobs).mockReset().mockReturnValueOnce(first.promise).mockResolvedValue(fresh);
    const answers = [deferred<Job>(), deferred<Job>()];
    vi.mocked(updateApproval)
      .mockReturnValueOnce(answers[0]!.promise)
      .mockReturnValueOnce(answers[1]!.promise);
    const queryClient = new QueryClient();
    queryClient.setQueryData(myJobsQueryKey, [job('a'), job('c')]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    // The page shows the list, which it reads again on showing (as Refresh does).
    const { result } = renderHook(() => ({ jobs: useMyJobs(), decisions: useJobDecisions() }), { wrapper });
    await waitFor(() => expect(result.current.jobs.isFetching).toBe(true));
    await act(async () => {
      result.current.decisions.toggleDecision(job('a'), 1);
    });
    await act(async () => {
      result.current.decisions.toggleDecision(job('c'), 2);
    });
    await waitFor(() => expect(result.current.jobs.isFetching).toBe(false));
    // Not while a decision is still shown only here: the answer would land over it.
    await act(async () => answers[0]!.resolve(makeJob({ id: 'a', client_approval: 'rejected' })));
    expect(fetchMyJobs).toHaveBeenCalledTimes(1);
    await act(async () => answers[1]!.resolve(makeJob({ id: 'c', client_approval: 'rejected' })));
    await waitFor(() => expect(result.current.jobs.data).toEqual(fresh));
    expect(fetchMyJobs).toHaveBeenCalledTimes(2);
  });
});
