import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { JobHistory } from './JobHistory.tsx';
import { fetchJobHistory } from './outcome-api.ts';

vi.mock('./outcome-api.ts', async (original) => ({
  ...(await original<typeof import('./outcome-api.ts')>()),
  fetchJobHistory: vi.fn(),
}));

function renderHistory() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <JobHistory jobId="a" />
    </QueryClientProvider>,
  );
}

describe("a job's history that could not be loaded", () => {
  it.each([
    ['a server message', new ApiError('Job not found', 404), 'Job not found'],
    ['an answer that is not JSON', new ApiError('HTTP error 502: Bad Gateway', 502), 'Unknown error'],
    ['no answer at all', new ApiError('Failed to fetch', 0), 'Unknown error'],
  ])('says so in words a person can read (%s)', async (_case, error, reason) => {
    vi.mocked(fetchJobHistory).mockRejectedValue(error);
    renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The history could not be loaded: ${reason}Try Again`,
    );
  });
});
