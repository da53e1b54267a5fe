import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { WeeklySummaryCard } from './WeeklySummaryCard.tsx';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/** The card, its setting read from `answer` each time it is asked. */
function renderCard(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  // The API client reports a failed request on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return renderWithQueries(<WeeklySummaryCard />).queryClient;
}

const subscribed = () => Response.json({ subscribed: true });
const resting = () => Response.json({ error: 'Resting' }, { status: 503 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Weekly Summary card', () => {
  it('says the status could not be loaded, and shows it once Try Again brings it', async () => {
    let answer = resting;
    renderCard(() => answer());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Your current status could not be loaded\.$/);
    answer = subscribed;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('button', { name: 'Unsubscribe from the weekly summary' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a refresh failed while it shows the status as last loaded', async () => {
    let answer = subscribed;
    const queryClient = renderCard(() => answer());
    expect(
      await screen.findByRole('button', { name: 'Unsubscribe from the weekly summary' }),
    ).toBeInTheDocument();
    answer = resting;
    await act(() => queryClient.refetchQueries({ queryKey: ['weekly-summary'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Could not refresh your status, so it shows it as last loaded\.$/,
    );
    expect(screen.getByRole('button', { name: 'Unsubscribe from the weekly summary' })).toBeInTheDocument();
  });
});
