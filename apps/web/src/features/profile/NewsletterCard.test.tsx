import type { OnboardingRecord } from '@app/domain/onboarding-fields';
import { completeOnboardingRecord } from '@app/domain/onboarding-testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { updateNewsletterSubscription } from '../../lib/profile-record.ts';
import { NewsletterCard } from './NewsletterCard.tsx';

vi.mock('../../lib/profile-record.ts', async (original) => ({
  ...(await original<typeof import('../../lib/profile-record.ts')>()),
  updateNewsletterSubscription: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

function renderCard(subscribed: boolean) {
  const record = {
    id: 'sub-1',
    ...completeOnboardingRecord({ subscribe_to_newsletter: subscribed }),
  } as OnboardingRecord;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NewsletterCard record={record} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(updateNewsletterSubscription).mockReset();
});

describe('the Career Coaching Email card', () => {
  it('keeps keyboard focus on the card: Edit opens on the choice that changes the status, Cancel returns to Edit', async () => {
    const user = userEvent.setup();
    renderCard(true);
    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: /^Edit/ })).toHaveFocus();
  });

  it('returns focus to Edit once a choice is saved', async () => {
    vi.mocked(updateNewsletterSubscription).mockResolvedValue({
      data: { data: null },
      error: null,
      status: 200,
    });
    const user = userEvent.setup();
    renderCard(false);
    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: /^Edit/ })).toHaveFocus();
    expect(updateNewsletterSubscription).toHaveBeenCalledWith(true);
  });

  it('keeps focus on the pressed choice while it saves, and after it fails', async () => {
    let answer: (value: Awaited<ReturnType<typeof updateNewsletterSubscription>>) => void = () => {};
    vi.mocked(updateNewsletterSubscription).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderCard(false);
    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    await user.keyboard('{Enter}');
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    expect(subscribe).toHaveAttribute('aria-disabled', 'true');
    expect(subscribe).not.toBeDisabled();
    expect(subscribe).toHaveFocus();
    answer({ data: null, error: 'Failed to update', status: 500 });
    await vi.waitFor(() => expect(subscribe).not.toHaveAttribute('aria-disabled'));
    expect(subscribe).toHaveFocus();
  });
});
