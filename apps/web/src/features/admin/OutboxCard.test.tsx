import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OutboxCard } from './OutboxCard.tsx';

function renderCard(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  // The API client reports a failed request on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OutboxCard clientId="c1" />
    </QueryClientProvider>,
  );
}

describe("the client's outbox", () => {
  it("says the console's own message for a bare HTTP failure, not its status line", async () => {
    renderCard(async () => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred$/);
  });

  it("says the server's own words when it gives them", async () => {
    renderCard(async () => Response.json({ error: 'Client not found' }, { status: 404 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Client not found$/);
  });
});
