import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { ClientFeedbackCard } from './ClientFeedbackCard.tsx';

function renderCard(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  // The API client reports a failed request on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderWithQueries(<ClientFeedbackCard />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the clients' onboarding feedback", () => {
  it("says the console's own message for a bare HTTP failure, not its status line", async () => {
    renderCard(async () => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred$/);
  });

  it("says the console's own message when the request never got an answer", async () => {
    renderCard(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred$/);
  });

  it("says the server's own words when it gives them", async () => {
    renderCard(async () => Response.json({ error: 'Feedback is resting' }, { status: 503 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Feedback is resting$/);
  });

  it('breaks a long e-mail address anywhere on a phone rather than pushing the page sideways', async () => {
    const email = 'jane.doe.senior.content.strategist@extremely-long-domain-name.example.com';
    renderCard(async () =>
      Response.json({
        data: [{ id: 'feedback-1', email, text: 'Smooth.', createdAt: '2026-11-20T10:00:00.000Z' }],
      }),
    );
    // jsdom has no layout: what the browser needs to wrap it is on the address itself, as on the board.
    expect(await screen.findByText(email)).toHaveClass('wrap-anywhere', 'sm:wrap-break-word');
  });
});
