import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../components/ui/Button.tsx';
import { renderWithQueries } from './testing/render-with-queries.tsx';
import { useLoadFailure } from './use-load-failure.ts';

/** A screen that loads `load`'s answer, with the failure and Try Again as the app's screens show them. */
function Screen({
  id = 'a',
  load,
  keepPrevious = false,
}: {
  id?: string;
  load: () => Promise<string>;
  /** Shows the answer for the last id while the next one loads, as the clients board does. */
  keepPrevious?: boolean;
}) {
  const query = useQuery({
    queryKey: ['answer', id],
    queryFn: load,
    retry: false,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
  const failure = useLoadFailure(query);
  if (failure.failed)
    return (
      <div>
        <p>Could not load: {failure.error?.message}</p>
        <Button busy={failure.retrying} onClick={failure.retry}>
          Try Again
        </Button>
      </div>
    );
  if (query.data === undefined) return <p>Loading...</p>;
  return (
    <>
      <h1 tabIndex={-1}>{query.data}</h1>
      {failure.refreshFailed && <p>Could not refresh: {failure.error?.message}</p>}
    </>
  );
}

describe('a load that failed, asked again', () => {
  it('keeps the failure and its focused Try Again, busy, until the answer comes', async () => {
    let answer: (text: string) => void = () => {};
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Down'))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderWithQueries(<Screen load={load} />);
    const tryAgain = await screen.findByRole('button', { name: 'Try Again' });
    await userEvent.click(tryAgain);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText('Could not load: Down')).toBeInTheDocument();
    expect(tryAgain).toHaveFocus();
    expect(tryAgain).toHaveAttribute('aria-busy', 'true');

    answer('Loaded');
    expect(await screen.findByRole('heading', { name: 'Loaded' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load/)).toBeNull();
  });

  it("keeps the failure while it is asked again with the last id's answer as a placeholder", async () => {
    let answer: (text: string) => void = () => {};
    const { rerender } = renderWithQueries(<Screen id="a" keepPrevious load={async () => 'A'} />);
    expect(await screen.findByRole('heading', { name: 'A' })).toBeInTheDocument();
    const loadB = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Down'))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    rerender(<Screen id="b" keepPrevious load={loadB} />);
    const tryAgain = await screen.findByRole('button', { name: 'Try Again' });
    await userEvent.click(tryAgain);
    expect(loadB).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Could not load: Down')).toBeInTheDocument();
    expect(tryAgain).toHaveFocus();
    expect(tryAgain).toHaveAttribute('aria-busy', 'true');

    answer('B');
    expect(await screen.findByRole('heading', { name: 'B' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load/)).toBeNull();
  });

  it('keeps what was loaded on screen when a refresh of it fails', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('Loaded')
      .mockRejectedValueOnce(new Error('Down'));
    const { queryClient } = renderWithQueries(<Screen load={load} />);
    expect(await screen.findByRole('heading', { name: 'Loaded' })).toBeInTheDocument();
    await act(async () => {
      await queryClient.refetchQueries({ queryKey: ['answer', 'a'] });
      // The query tells its screen on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(queryClient.getQueryState(['answer', 'a'])?.status).toBe('error');
    expect(screen.getByRole('heading', { name: 'Loaded' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load/)).toBeNull();
  });

  it('says a refresh failed while it shows what was last loaded, until a refresh succeeds', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('Loaded')
      .mockRejectedValueOnce(new Error('Down'))
      .mockResolvedValueOnce('Loaded again');
    const { queryClient } = renderWithQueries(<Screen load={load} />);
    expect(await screen.findByRole('heading', { name: 'Loaded' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not refresh/)).toBeNull();
    await act(() => queryClient.refetchQueries({ queryKey: ['answer', 'a'] }));
    expect(await screen.findByText('Could not refresh: Down')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Loaded' })).toBeInTheDocument();

    await act(() => queryClient.refetchQueries({ queryKey: ['answer', 'a'] }));
    expect(await screen.findByRole('heading', { name: 'Loaded again' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not refresh/)).toBeNull();
  });

  it("shows another query's first load as loading, not as the failure before it", async () => {
    const { rerender } = renderWithQueries(<Screen id="a" load={() => Promise.reject(new Error('Down'))} />);
    expect(await screen.findByText('Could not load: Down')).toBeInTheDocument();
    rerender(<Screen id="b" load={() => new Promise(() => {})} />);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });
});
