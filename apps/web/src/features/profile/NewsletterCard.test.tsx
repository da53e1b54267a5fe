import type { OnboardingRecord } from '@app/domain/onboarding-fields';
import { completeOnboardingRecord } from '@app/domain/onboarding-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { profileRecordQueryKey } from '../../lib/profile-record.ts';
import { renderWithQueries, testQueryClient } from '../../lib/testing/render-with-queries.tsx';
import { NewsletterCard } from './NewsletterCard.tsx';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const recordOf = (subscribed: boolean, updatedAt = '2026-11-03T14:15:00.000Z') =>
  ({
    id: 'sub-1',
    ...completeOnboardingRecord({ subscribe_to_newsletter: subscribed }),
    updated_at: updatedAt,
  }) as OnboardingRecord;

/** The card, with the profile's copy of the record in the query cache; answers that cache. */
function renderCard(subscribed: boolean) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(profileRecordQueryKey, recordOf(subscribed));
  renderWithQueries(<NewsletterCard record={recordOf(subscribed)} />, { queryClient });
  return queryClient;
}

/** The server's answers to the switch, one per change; answers the bodies it was sent. */
function newsletterServer(...answers: (Response | Promise<Response>)[]) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer;
  });
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
}

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
    const sent = newsletterServer(Response.json({ data: null }));
    const user = userEvent.setup();
    renderCard(false);
    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: /^Edit/ })).toHaveFocus();
    expect(sent()).toEqual([{ subscribeToNewsletter: true }]);
  });

  it('keeps focus on the pressed choice while it saves, and after it fails', async () => {
    let answer: (response: Response) => void = () => {};
    newsletterServer(new Promise<Response>((resolve) => (answer = resolve)));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderCard(false);
    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    await user.keyboard('{Enter}');
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    expect(subscribe).toHaveAttribute('aria-disabled', 'true');
    expect(subscribe).not.toBeDisabled();
    expect(subscribe).toHaveFocus();
    answer(Response.json({ error: 'Failed to update' }, { status: 500 }));
    await vi.waitFor(() => expect(subscribe).not.toHaveAttribute('aria-disabled'));
    expect(subscribe).toHaveFocus();
  });

  it("takes the record the server answers, so the profile's Last updated moves with the change", async () => {
    const saved = recordOf(true, '2026-11-25T09:00:00.000Z');
    newsletterServer(Response.json({ data: saved }));
    const user = userEvent.setup();
    const queryClient = renderCard(false);
    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(queryClient.getQueryData(profileRecordQueryKey)).toEqual(saved));
  });
});
