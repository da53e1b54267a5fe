import { type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import {
  queriesWrapper,
  renderHookWithQueries,
  testQueryClient,
} from '../../lib/testing/render-with-queries.tsx';
import { fetchMyJobs, myJobsQueryKey } from './jobs-api.ts';
import { patchCachedJobs, resumeJobFetches, stopJobFetches, useMyJobs } from './use-my-jobs.ts';

vi.mock('./jobs-api.ts', async (original) => ({
  ...(await original<typeof import('./jobs-api.ts')>()),
  fetchMyJobs: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

function loadJobs() {
  return renderHookWithQueries(() => useMyJobs());
}

beforeEach(() => {
  vi.mocked(fetchMyJobs).mockReset();
  vi.mocked(toast.error).mockReset();
});

describe('useMyJobs', () => {
  it.each([
    ['a server message', new ApiError('Too many requests', 429), 'Error Loading Jobs', 'Too many requests'],
    [
      'an answer that is not JSON',
      new ApiError('HTTP error 502: Bad Gateway', 502),
      'Error Loading Jobs',
      'Failed to load jobs. Please try again.',
    ],
    [
      'no answer at all',
      new ApiError('Failed to fetch', 0),
      'Error',
      'Failed to load jobs. Please try again.',
    ],
  ])('toasts the spec words for %s', async (_case, error, title, description) => {
    vi.mocked(fetchMyJobs).mockRejectedValue(error);
    const { result } = loadJobs();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe(description);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(title, { id: 'jobs-load-error', description }),
    );
  });
});

/**
 * A change to the jobs as use-my-jobs.ts asks of any (a decision, a notes save): a mutation keyed
 * under `myJobsQueryKey` that stops the list's reads as it begins and resumes them as it settles.
 * This one writes notes on job a into the list at once; `save` stands for the server.
 */
function useChange(save: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...myJobsQueryKey, 'change under test'],
    mutationFn: (_notes: string) => save(),
    onMutate: async (notes) => {
      await stopJobFetches(queryClient);
      patchCachedJobs(queryClient, new Map([['a', { client_notes: notes }]]));
    },
    onSettled: () => resumeJobFetches(queryClient),
  });
}

const listed = (notes: string | null) => [jobListItemSchema.parse(makeJob({ id: 'a', client_notes: notes }))];

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function setUp() {
  const queryClient = testQueryClient();
  const wrapper = queriesWrapper(queryClient);
  const saved = deferred<void>();
  const notes = () => queryClient.getQueryData<JobListItem[]>(myJobsQueryKey)?.[0]?.client_notes;
  const readsDone = () => waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return { queryClient, wrapper, saved, notes, readsDone };
}

describe('a change to the jobs', () => {
  it('keeps the list shown when a read is answered while it is in flight, and reads it after', async () => {
    // The read made during the change is answered from before it, while it is still in flight.
    const early = deferred<JobListItem[]>();
    vi.mocked(fetchMyJobs)
      .mockResolvedValueOnce(listed(null))
      .mockReturnValueOnce(early.promise)
      .mockResolvedValue(listed('Call back'));
    const { queryClient, wrapper, saved, notes, readsDone } = setUp();
    const { result } = renderHook(() => ({ jobs: useMyJobs(), change: useChange(() => saved.promise) }), {
      wrapper,
    });
    await waitFor(() => expect(notes()).toBeNull());
    await act(async () => result.current.change.mutate('Call back'));
    await act(() => void result.current.jobs.refetch());
    await act(async () => early.resolve(listed(null)));
    await readsDone();
    expect(queryClient.isMutating()).toBe(1);
    expect(notes()).toBe('Call back');
    expect(fetchMyJobs).toHaveBeenCalledTimes(2);
    await act(async () => saved.resolve());
    await waitFor(() => expect(fetchMyJobs).toHaveBeenCalledTimes(3));
    await readsDone();
    expect(notes()).toBe('Call back');
  });

  it('lets a first load land while it is in flight, as nothing else is there to show', async () => {
    vi.mocked(fetchMyJobs).mockResolvedValueOnce(listed(null)).mockResolvedValue(listed('Call back'));
    const { queryClient, wrapper, saved, notes, readsDone } = setUp();
    const { result } = renderHook(() => useChange(() => saved.promise), { wrapper });
    await act(async () => result.current.mutate('Call back'));
    renderHook(() => useMyJobs(), { wrapper });
    await waitFor(() => expect(notes()).toBeNull());
    expect(queryClient.isMutating()).toBe(1);
    // Its answer may be from before the change was saved: it is read again once it is.
    await act(async () => saved.resolve());
    await waitFor(() => expect(fetchMyJobs).toHaveBeenCalledTimes(2));
    await readsDone();
    expect(notes()).toBe('Call back');
  });

  it('reads the list again when a read made while it was saving is still unanswered', async () => {
    // The read made during the change is answered from before it, and only after it is saved.
    const early = deferred<JobListItem[]>();
    vi.mocked(fetchMyJobs)
      .mockResolvedValueOnce(listed(null))
      .mockReturnValueOnce(early.promise)
      .mockResolvedValue(listed('Call back'));
    const { wrapper, saved, notes, readsDone } = setUp();
    const { result } = renderHook(() => ({ jobs: useMyJobs(), change: useChange(() => saved.promise) }), {
      wrapper,
    });
    await waitFor(() => expect(notes()).toBeNull());
    await act(async () => result.current.change.mutate('Call back'));
    await act(() => void result.current.jobs.refetch());
    await act(async () => saved.resolve());
    await act(async () => early.resolve(listed(null)));
    await readsDone();
    expect(notes()).toBe('Call back');
    expect(fetchMyJobs).toHaveBeenCalledTimes(3);
  });
});
