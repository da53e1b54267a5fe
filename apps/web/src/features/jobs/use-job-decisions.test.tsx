import type { JobListItem } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { myJobsQueryKey, updateApproval, updateApprovalMany } from './jobs-api.ts';
import { useJobDecisions } from './use-job-decisions.ts';

vi.mock('./jobs-api.ts', async (original) => ({
  ...(await original<typeof import('./jobs-api.ts')>()),
  updateApproval: vi.fn(),
  updateApprovalMany: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const job = (id: string, overrides: Partial<JobListItem> = {}): JobListItem => {
  const { data_job_description: _description, ...item } = makeJob({
    id,
    data_job_title: `Job ${id}`,
    ...overrides,
  });
  return item;
};

function setUp(jobs: JobListItem[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(myJobsQueryKey, jobs);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useJobDecisions(), { wrapper });
  const approvals = () =>
    (queryClient.getQueryData<JobListItem[]>(myJobsQueryKey) ?? []).map((item) => item.client_approval);
  return { result, approvals };
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
    const answer = deferred<Awaited<ReturnType<typeof updateApproval>>>();
    vi.mocked(updateApproval).mockReturnValue(answer.promise);
    const { result, approvals } = setUp([job('a')]);
    let first!: Promise<void>;
    act(() => {
      first = result.current.toggleDecision(job('a'), 1);
    });
    expect(approvals()).toEqual(['rejected']);
    expect(result.current.inFlight.has('a')).toBe(true);
    await act(() => result.current.toggleDecision(job('a', { client_approval: 'rejected' }), 1));
    expect(updateApproval).toHaveBeenCalledTimes(1);
    answer.resolve({
      data: { data: makeJob({ id: 'a', client_approval: 'rejected' }) },
      error: null,
      status: 200,
    });
    await act(() => first);
    expect(approvals()).toEqual(['rejected']);
    expect(result.current.inFlight.size).toBe(0);
  });

  it('puts the decision back and names the job when the server refuses', async () => {
    vi.mocked(updateApproval).mockResolvedValue({ data: null, error: 'Job not found', status: 404 });
    const { result, approvals } = setUp([job('a', { client_approval: 'rejected' })]);
    await act(() => result.current.toggleDecision(job('a', { client_approval: 'rejected' }), 7));
    expect(updateApproval).toHaveBeenCalledWith('a', 'pending');
    expect(approvals()).toEqual(['rejected']);
    expect(toast.error).toHaveBeenCalledWith('Update Failed', {
      description: 'Failed to update S.No 7 (Job a): Job not found',
    });
  });

  it('says Unknown error when there is no reason', async () => {
    vi.mocked(updateApproval).mockResolvedValue({ data: null, error: '', status: 500 });
    const { result } = setUp([job('a')]);
    await act(() => result.current.toggleDecision(job('a'), 2));
    expect(toast.error).toHaveBeenCalledWith('Update Failed', {
      description: 'Failed to update S.No 2 (Job a): Unknown error',
    });
  });
});

describe('decideMany', () => {
  const jobs = [job('a'), job('b', { client_approval: 'rejected' }), job('c')];
  const serialNumberOf = (id: string) => ({ a: 1, b: 2, c: 3 })[id];

  it('answers true when every job was updated', async () => {
    vi.mocked(updateApprovalMany).mockResolvedValue({ notFound: [], failed: [], error: null });
    const { result, approvals } = setUp(jobs);
    let updatedAll = false;
    await act(async () => {
      updatedAll = await result.current.decideMany(jobs, 'rejected', serialNumberOf);
    });
    expect(updatedAll).toBe(true);
    expect(approvals()).toEqual(['rejected', 'rejected', 'rejected']);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('reverts only the jobs not found, and lists their serial numbers', async () => {
    vi.mocked(updateApprovalMany).mockResolvedValue({ notFound: ['c', 'a'], failed: [], error: null });
    const { result, approvals } = setUp(jobs);
    let updatedAll = true;
    await act(async () => {
      updatedAll = await result.current.decideMany(jobs, 'rejected', serialNumberOf);
    });
    expect(updatedAll).toBe(false);
    expect(approvals()).toEqual(['pending', 'rejected', 'pending']);
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
    await act(() => result.current.decideMany(jobs, 'rejected', serialNumberOf));
    expect(approvals()).toEqual(['pending', 'rejected', 'pending']);
    expect(toast.error).toHaveBeenCalledWith('Bulk Update Failed', {
      description: 'Failed to reject 3 selected jobs',
    });
    await act(() => result.current.decideMany(jobs, 'pending', serialNumberOf));
    expect(toast.error).toHaveBeenLastCalledWith('Bulk Update Failed', {
      description: 'Failed to clear rejections for 3 selected jobs',
    });
  });
});
