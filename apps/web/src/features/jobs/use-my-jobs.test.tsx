import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fetchMyJobs } from './jobs-api.ts';
import { useMyJobs } from './use-my-jobs.ts';

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
