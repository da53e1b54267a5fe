import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { JobHistory } from './JobHistory.tsx';
import { fetchJobHistory, jobHistoryQueryKey } from './outcome-api.ts';

vi.mock('./outcome-api.ts', async (original) => ({
  ...(await original<typeof import('./outcome-api.ts')>()),
  fetchJobHistory: vi.fn(),
}));

function renderHistory() {
  return renderWithQueries(<JobHistory jobId="a" />).queryClient;
}

describe("a job's history that could not be loaded", () => {
  it.each([
    ['a server message', new ApiError('Job not found', 404), 'Job not found'],
    ['an answer that is not JSON', new ApiError('HTTP error 502: Bad Gateway', 502), 'Unknown error'],
    ['no answer at all', new ApiError('Failed to fetch', 0), 'Unknown error'],
  ])('says so in words a person can read (%s)', async (_case, error, reason) => {
    vi.mocked(fetchJobHistory).mockRejectedValue(error);
    renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent(`The history could not be loaded: ${reason}`);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('says a refresh failed while it shows the events as last loaded', async () => {
    vi.mocked(fetchJobHistory).mockResolvedValueOnce([
      { id: 'e1', kind: 'assigned', actor: 'team', at: '2026-11-03T14:05:00.000Z', detail: {} },
    ]);
    const queryClient = renderHistory();
    const history = await screen.findByRole('list', { name: 'Job history, newest first' });
    // The pop-up opened again, and its fresh load fails.
    vi.mocked(fetchJobHistory).mockRejectedValueOnce(new ApiError('Job not found', 404));
    await act(() => queryClient.refetchQueries({ queryKey: jobHistoryQueryKey('a') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Could not refresh the history, so it shows the events as last loaded: Job not found$/,
    );
    expect(history).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });
});
