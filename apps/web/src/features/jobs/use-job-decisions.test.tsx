import { type Job, type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { act, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { renderHookWithQueries, testQueryClient } from '../../lib/testing/render-with-queries.tsx';
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
  const queryClient = testQueryClient();
  queryClient.setQueryData(myJobsQueryKey, jobs);
  const { result } = renderHookWithQueries(() => useJobDecisions(), { queryClient });
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
    const queryClient = testQueryClient();
    queryClient.setQueryData(myJobsQueryKey, [job('a'), job('c')]);
    // The page shows the list, which it reads again on showing (as Refresh does).
    const { result } = renderHookWithQueries(() => ({ jobs: useMyJobs(), decisions: useJobDecisions() }), {
      queryClient,
    });
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

/**
 * The server as the tests need it: a list read answers the jobs as saved when it was asked, but only
 * once the test lets it (`answerReads`), as a read answered before a write commits does.
 */
function fakeServer(jobs: JobListItem[]) {
  const saved = new Map(jobs.map((item) => [item.id, item]));
  const held: (() => void)[] = [];
  vi.mocked(fetchMyJobs)
    .mockReset()
    .mockImplementation(() => {
      const asOfNow = [...saved.values()];
      const read = deferred<JobListItem[]>();
      held.push(() => read.resolve(asOfNow));
      return read.promise;
    });
  return {
    save(ids: readonly string[], approval: JobListItem['client_approval']) {
      for (const id of ids) {
        const found = saved.get(id);
        if (found) saved.set(id, { ...found, client_approval: approval });
      }
    },
    remove(id: string) {
      saved.delete(id);
    },
    answerReads: () =>
      act(async () => {
        for (const answer of held.splice(0)) answer();
      }),
    reads: () => vi.mocked(fetchMyJobs).mock.calls.length,
  };
}

/** The page: the list, read on showing, with Refresh, and the decisions made on it. */
async function showPage(server: ReturnType<typeof fakeServer>) {
  const { result, queryClient } = renderHookWithQueries(() => ({
    jobs: useMyJobs(),
    decisions: useJobDecisions(),
  }));
  await waitFor(() => expect(server.reads()).toBe(1));
  await server.answerReads();
  // Asked of the cache: the hook's result only follows the properties read while it renders.
  const listed = () => queryClient.getQueryData<JobListItem[]>(myJobsQueryKey);
  await waitFor(() => expect(listed()).toBeDefined());
  const shown = () => Object.fromEntries((listed() ?? []).map((item) => [item.id, item.client_approval]));
  const refresh = () => act(() => void result.current.jobs.refetch());
  const fetched = () => expect(queryClient.isFetching({ queryKey: myJobsQueryKey, exact: true })).toBe(0);
  // Every read answered has landed or been dropped, whatever is still in flight.
  const readsDone = () => waitFor(fetched);
  const settled = () =>
    waitFor(() => {
      expect(queryClient.isMutating()).toBe(0);
      fetched();
    });
  return { result, shown, refresh, readsDone, settled };
}

describe('a refresh made while a decision is in flight, answered before the decision was saved', () => {
  it('keeps showing a decision on one job while it is in flight, and reads the list once it is saved', async () => {
    const server = fakeServer([job('a'), job('b')]);
    const answer = deferred<Job>();
    vi.mocked(updateApproval).mockReturnValue(answer.promise);
    const { result, shown, refresh, readsDone, settled } = await showPage(server);
    await act(async () => result.current.decisions.toggleDecision(job('a'), 1));
    await waitFor(() => expect(result.current.decisions.inFlight.has('a')).toBe(true));
    await refresh();
    // The refresh is answered with a still pending, as the server has not saved the decision yet.
    await server.answerReads();
    await readsDone();
    expect(result.current.decisions.inFlight.has('a')).toBe(true);
    expect(shown()).toEqual({ a: 'rejected', b: 'pending' });
    const readsBefore = server.reads();
    server.save(['a'], 'rejected');
    await act(async () => answer.resolve(makeJob({ id: 'a', client_approval: 'rejected' })));
    // The Refresh whose answer was dropped is made again, now that the decision is saved.
    await waitFor(() => expect(server.reads()).toBe(readsBefore + 1));
    await server.answerReads();
    await settled();
    expect(shown()).toEqual({ a: 'rejected', b: 'pending' });
  });

  it('does not hide a bulk decision the server saved (answered while the decision was in flight)', async () => {
    const server = fakeServer([job('a'), job('b'), job('c')]);
    const answer = deferred<Awaited<ReturnType<typeof updateApprovalMany>>>();
    vi.mocked(updateApprovalMany).mockReturnValue(answer.promise);
    const { result, shown, refresh, readsDone, settled } = await showPage(server);
    let decided!: Promise<boolean>;
    act(() => {
      decided = result.current.decisions.decideMany([job('a'), job('b')], 'rejected', new Map());
    });
    await waitFor(() => expect(result.current.decisions.deciding).toBe(true));
    await refresh();
    await server.answerReads();
    await readsDone();
    expect(shown()).toEqual({ a: 'rejected', b: 'rejected', c: 'pending' });
    server.save(['a', 'b'], 'rejected');
    await act(async () => {
      answer.resolve({ notFound: [], failed: [], error: null });
      await decided;
    });
    // The refresh, whose answer was dropped, is made again now that the decision is saved.
    await server.answerReads();
    await settled();
    expect(shown()).toEqual({ a: 'rejected', b: 'rejected', c: 'pending' });
    // And a read from now on agrees.
    await refresh();
    await server.answerReads();
    await settled();
    expect(shown()).toEqual({ a: 'rejected', b: 'rejected', c: 'pending' });
  });

  it.each([
    ['one job', 'one'],
    ['several jobs', 'many'],
  ])('reads the list again when its answer comes after the decision was saved (%s)', async (_case, how) => {
    const server = fakeServer([job('a'), job('b')]);
    const one = deferred<Job>();
    const many = deferred<Awaited<ReturnType<typeof updateApprovalMany>>>();
    vi.mocked(updateApproval).mockReturnValue(one.promise);
    vi.mocked(updateApprovalMany).mockReturnValue(many.promise);
    const { result, shown, refresh, settled } = await showPage(server);
    await act(async () => {
      if (how === 'one') result.current.decisions.toggleDecision(job('a'), 1);
      else void result.current.decisions.decideMany([job('a')], 'rejected', new Map());
    });
    await waitFor(() => expect(result.current.decisions.inFlight.size).toBe(1));
    await refresh();
    const readsBefore = server.reads();
    server.save(['a'], 'rejected');
    await act(async () => {
      one.resolve(makeJob({ id: 'a', client_approval: 'rejected' }));
      many.resolve({ notFound: [], failed: [], error: null });
    });
    await waitFor(() => expect(result.current.decisions.inFlight.size).toBe(0));
    // The refresh's answer, from before the save, arrives last; and so does any read made since.
    await server.answerReads();
    await settled();
    expect(shown()).toEqual({ a: 'rejected', b: 'pending' });
    expect(server.reads()).toBeGreaterThan(readsBefore);
  });

  it('keeps a decision saved while another is still in flight', async () => {
    const server = fakeServer([job('a'), job('b')]);
    const answers = { a: deferred<Job>(), b: deferred<Job>() };
    vi.mocked(updateApproval).mockImplementation((id) => answers[id as 'a' | 'b'].promise);
    const { result, shown, refresh, settled } = await showPage(server);
    await act(async () => result.current.decisions.toggleDecision(job('a'), 1));
    await act(async () => result.current.decisions.toggleDecision(job('b'), 2));
    await refresh();
    server.save(['a'], 'rejected');
    await act(async () => answers.a.resolve(makeJob({ id: 'a', client_approval: 'rejected' })));
    // The refresh's answer, from before a was saved, arrives while b is still in flight.
    await server.answerReads();
    server.save(['b'], 'rejected');
    await act(async () => answers.b.resolve(makeJob({ id: 'b', client_approval: 'rejected' })));
    await server.answerReads();
    await settled();
    expect(shown()).toEqual({ a: 'rejected', b: 'rejected' });
  });
});

describe('a failed decision', () => {
  it('reads the list again when staff removed the job, so it leaves the list', async () => {
    const server = fakeServer([job('a'), job('b')]);
    vi.mocked(updateApproval).mockRejectedValue(new ApiError('Job not found', 404));
    const { result, shown, settled } = await showPage(server);
    server.remove('a');
    await act(async () => result.current.decisions.toggleDecision(job('a'), 1));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update Failed', {
        description: 'Failed to update S.No 1 (Job a): Job not found',
      }),
    );
    await server.answerReads();
    await settled();
    expect(shown()).toEqual({ b: 'pending' });
  });

  it('shows what the server saved when the connection dropped after it saved (one job)', async () => {
    const server = fakeServer([job('a')]);
    vi.mocked(updateApproval).mockImplementation(async (id, approval) => {
      server.save([id], approval);
      throw new ApiError('Failed to fetch', 0);
    });
    const { result, shown, settled } = await showPage(server);
    await act(async () => result.current.decisions.toggleDecision(job('a'), 1));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update Failed', {
        description: 'Failed to update S.No 1 (Job a): Unknown error',
      }),
    );
    await server.answerReads();
    await settled();
    expect(shown()).toEqual({ a: 'rejected' });
  });

  it('shows what the server saved when the connection dropped after it saved (several jobs)', async () => {
    const server = fakeServer([job('a'), job('b')]);
    // updateApprovalMany answers a request that got no answer as failed, rather than throwing.
    vi.mocked(updateApprovalMany).mockImplementation(async (ids, approval) => {
      server.save(ids, approval);
      return { notFound: [], failed: [...ids], error: 'Failed to fetch' };
    });
    const { result, shown, settled } = await showPage(server);
    let updatedAll = true;
    await act(async () => {
      updatedAll = await result.current.decisions.decideMany([job('a'), job('b')], 'rejected', new Map());
    });
    expect(updatedAll).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Bulk Update Failed', {
      description: 'Failed to reject 2 selected jobs',
    });
    await server.answerReads();
    await settled();
    expect(shown()).toEqual({ a: 'rejected', b: 'rejected' });
  });
});
