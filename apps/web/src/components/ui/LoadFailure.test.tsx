import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LoadFailureState } from '../../lib/use-load-failure.ts';
import { LoadFailure } from './LoadFailure.tsx';

const state = (change: Partial<LoadFailureState>): LoadFailureState => ({
  failed: false,
  refreshFailed: false,
  error: new Error('Down'),
  retrying: false,
  retry: vi.fn(),
  ...change,
});

function renderFailure(failure: LoadFailureState) {
  return render(
    <LoadFailure
      failure={failure}
      message="The list could not be loaded: Down"
      refreshNote="Could not refresh the list, so it shows the companies as last loaded: Down"
    />,
  );
}

describe('a load failure on screen', () => {
  it('says what failed with nothing to show, and asks again with Try Again', async () => {
    const failure = state({ failed: true });
    renderFailure(failure);
    expect(screen.getByRole('alert')).toHaveTextContent(/^The list could not be loaded: Down$/);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(failure.retry).toHaveBeenCalledOnce();
  });

  it('keeps Try Again on screen, busy, while the load is asked again', async () => {
    const failure = state({ failed: true, retrying: true });
    renderFailure(failure);
    const tryAgain = screen.getByRole('button', { name: 'Try Again' });
    expect(tryAgain).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(tryAgain);
    expect(failure.retry).not.toHaveBeenCalled();
  });

  it('says a refresh failed, with no Try Again, while what was last loaded stays on screen', () => {
    renderFailure(state({ refreshFailed: true }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Could not refresh the list, so it shows the companies as last loaded: Down$/,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing when the load went well', () => {
    const { container } = renderFailure(state({ error: null }));
    expect(container).toBeEmptyDOMElement();
  });
});
