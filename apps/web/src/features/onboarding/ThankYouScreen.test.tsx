import { LONG_FEEDBACK_MESSAGE, MAX_FEEDBACK_LENGTH } from '@app/domain/feedback';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThankYouScreen, thankYouGreeting } from './ThankYouScreen.tsx';
import { fakeServer, renderOnboarding } from './testing.tsx';

afterEach(() => vi.useRealTimers());

describe('the thank-you screen', () => {
  it('promises a reply within 24 hours and offers WhatsApp with a greeting naming the user', () => {
    fakeServer(() => undefined);
    renderOnboarding(<ThankYouScreen name="Ada Lovelace" email="ada@example.com" />);
    expect(screen.getByText(/will reply within 24 hours/)).toBeInTheDocument();
    const link = new URL(
      screen.getByRole('link', { name: /Contact us on WhatsApp/ }).getAttribute('href') ?? '',
    );
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/15551234567');
    expect(link.searchParams.get('text')).toBe(thankYouGreeting('Ada Lovelace', 'ada@example.com'));
    expect(thankYouGreeting('Ada Lovelace', 'ada@example.com')).toBe(
      "Hi! I'm Ada Lovelace (ada@example.com). I just completed my onboarding and I'd like to connect with my team.",
    );
    expect(thankYouGreeting(' ', 'ada@example.com')).toContain("I'm ada@example.com.");
    // Loaded, it leaves focus where the browser puts it.
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
  });

  it('takes focus at its heading when it replaces the wizard', () => {
    fakeServer(() => undefined);
    renderOnboarding(<ThankYouScreen name="Ada Lovelace" email="ada@example.com" focusOnOpen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, Ada Lovelace!' })).toHaveFocus();
  });

  it('says when feedback is too long rather than cutting it short, and holds Send until it fits', async () => {
    const user = userEvent.setup();
    fakeServer(() => undefined);
    renderOnboarding(<ThankYouScreen name="Ada Lovelace" email="ada@example.com" />);
    const box = screen.getByLabelText('How was your onboarding experience?');
    await user.click(box);
    await user.paste('x'.repeat(MAX_FEEDBACK_LENGTH + 1));
    expect(box).toHaveValue('x'.repeat(MAX_FEEDBACK_LENGTH + 1));
    expect(box).toHaveAccessibleDescription(LONG_FEEDBACK_MESSAGE);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, '{Backspace}');
    expect(box).not.toHaveAccessibleDescription(LONG_FEEDBACK_MESSAGE);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('takes feedback: Send waits for text, sending hides the card and thanks for 4 s, fading over 300 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = fakeServer(({ path }) =>
      path === '/api/onboarding-feedback'
        ? Response.json({ data: { id: 'f1' } }, { status: 201 })
        : undefined,
    );
    renderOnboarding(<ThankYouScreen name="Ada Lovelace" email="ada@example.com" />);
    expect(screen.getByRole('heading', { name: 'We value your feedback!' })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('How was your onboarding experience?'), '  ');
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('How was your onboarding experience?'), 'Smooth ');
    await user.click(send);

    const snackbar = await screen.findByText('Thank you for your feedback!');
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/onboarding-feedback',
      body: { text: 'Smooth' },
    });
    expect(screen.queryByRole('heading', { name: 'We value your feedback!' })).toBeNull();
    // Send left with the card: focus goes to the page's heading.
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, Ada Lovelace!' })).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(3900));
    expect(snackbar.className).toContain('opacity-100');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(snackbar.className).toContain('opacity-0');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.queryByText('Thank you for your feedback!')).toBeNull();
  });
});
