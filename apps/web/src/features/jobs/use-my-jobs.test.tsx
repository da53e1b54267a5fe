import { type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { QueryClient, QueryClientProvider, useMutation, useQueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fetchMyJobs, myJobsQueryKey } from './jobs-api.ts';
import { patchCachedJobs, resumeJobFetches, stopJobFetches, useMyJobs } from './use-my-jobs.ts';

vi.mock('./jobs-api.ts', async (original) => ({
  ...(await original<typeof import('./jobs-api.ts')>()),
  fetchMyJobs: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

function loadJobs() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMyJobs(), { wrapper });
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

/** A notes save as the notes dialog makes it: the list's reads stop for it and resume after. */
function useNotesSave(save: () => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...myJobsQueryKey, 'notes'],
    mutationFn: save,
    onMutate: () => stopJobFetches(queryClient),
    onSuccess: (notes) => patchCachedJobs(queryClient, new Map([['a', { client_notes: notes }]])),
    onSettled: () => resumeJobFetches(queryClient),
  });
}

describe('a change to the jobs', () => {
  it('reads the list again when a read made while it was saving is still unanswered', async () => {
    const before = [jobListItemSchema.parse(makeJob({ id: 'a', client_notes: null }))];
    const after = [jobListItemSchema.parse(makeJob({ id: 'a', client_notes: 'Call back' }))];
    // The read made during the save is answered from before it, and only after the save is answered.
    let answerEarlyRead!: () => void;
    vi.mocked(fetchMyJobs)
      .mockResolvedValueOnce(before)
      .mockReturnValueOnce(new Promise((resolve) => (answerEarlyRead = () => resolve(before))))
      .mockResolvedValue(after);
    let answerSave!: (notes: string) => void;
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        jobs: useMyJobs(),
        save: useNotesSave(() => new Promise((resolve) => (answerSave = resolve))),
      }),
      { wrapper },
    );
    const notes = () => queryClient.getQueryData<JobListItem[]>(myJobsQueryKey)?.[0]?.client_notes;
    await waitFor(() => expect(notes()).toBeNull());
    await act(async () => result.current.save.mutate());
    await act(() => void result.current.jobs.refetch());
    await act(async () => answerSave('Call back'));
    await act(async () => answerEarlyRead());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(notes()).toBe('Call back');
    expect(fetchMyJobs).toHaveBeenCalledTimes(3);
  });
});
