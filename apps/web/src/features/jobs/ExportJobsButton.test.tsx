import { jobListItemSchema } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { ExportJobsButton } from './ExportJobsButton.tsx';
import { fetchMyJobs, myJobsQueryKey } from './jobs-api.ts';

vi.mock('./jobs-api.ts', async (original) => ({
  ...(await original<typeof import('./jobs-api.ts')>()),
  fetchMyJobs: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

function renderButton() {
  const { queryClient } = renderWithQueries(<ExportJobsButton />);
  const settled = () => queryClient.getQueryState(myJobsQueryKey)?.status !== 'pending';
  return { button: screen.getByRole('button', { name: 'Export CSV' }), settled };
}

describe('Export CSV', () => {
  it('is offered once the jobs have loaded', async () => {
    vi.mocked(fetchMyJobs).mockResolvedValue([jobListItemSchema.parse(makeJob({ id: 'a' }))]);
    const { button } = renderButton();
    expect(button).toBeDisabled();
    await vi.waitFor(() => expect(button).toBeEnabled());
  });

  it.each([
    ['the client has no jobs', () => vi.mocked(fetchMyJobs).mockResolvedValue([])],
    ['the jobs failed to load', () => vi.mocked(fetchMyJobs).mockRejectedValue(new ApiError('Down', 503))],
  ])('stays unavailable when %s: the file would hold only the headings', async (_case, arrange) => {
    arrange();
    const { button, settled } = renderButton();
    await vi.waitFor(() => expect(settled()).toBe(true));
    expect(button).toBeDisabled();
  });
});
