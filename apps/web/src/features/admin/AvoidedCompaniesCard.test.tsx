import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AvoidedCompaniesCard } from './AvoidedCompaniesCard.tsx';

describe('the companies the client avoids', () => {
  it("says the console's own message, not the browser's, when the server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    // The API client reports a failed request on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AvoidedCompaniesCard clientId="c1" />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred$/);
  });
});
