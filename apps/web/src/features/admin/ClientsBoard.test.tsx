import type { BoardRow } from '@app/domain/clients-board';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientsBoard } from './ClientsBoard.tsx';

function client(index: number): BoardRow {
  return {
    id: `client-${index}`,
    kind: 'user',
    name: index === 3 ? '' : `Client ${index}`,
    email: `client${index}@example.com`,
    onboarding: { state: 'complete', step: null, at: '2026-11-20T10:00:00.000Z' },
    welcome: { state: 'not_sent', at: null },
    filters: 0,
    jobs: 0,
    applied_recent: 0,
    last_active: null,
  };
}

function renderBoard() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ data: [client(1), client(2), client(3)], total: 3, page: 1, page_size: 50 }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route path="/admin" element={<ClientsBoard />} />
          <Route path="/admin/clients/:id" element={<p>Client page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const selected = () => within(screen.getByRole('group', { name: 'Selected clients' }));

afterEach(() => vi.unstubAllGlobals());

describe('choosing clients on the board', () => {
  it('chooses one, then the rest of the page, then none, without opening anyone', async () => {
    renderBoard();
    // Named with the e-mail, since two clients can share a name; by the e-mail alone without one.
    const first = await screen.findByRole('checkbox', { name: 'Select Client 1 (client1@example.com)' });
    const pageBox = screen.getByRole('checkbox', { name: 'Select all clients on this page' });
    expect(screen.getByRole('checkbox', { name: 'Select client3@example.com' })).toBeInTheDocument();

    await userEvent.click(first);
    expect(first).toBeChecked();
    expect(pageBox).toHaveProperty('indeterminate', true);
    expect(selected().getByText('1 selected')).toBeInTheDocument();
    expect(screen.queryByText('Client page')).not.toBeInTheDocument();

    await userEvent.click(pageBox);
    expect(pageBox).toBeChecked();
    expect(pageBox).toHaveProperty('indeterminate', false);
    expect(selected().getByText('3 selected')).toBeInTheDocument();

    await userEvent.click(pageBox);
    expect(selected().getByText('0 selected')).toBeInTheDocument();
    expect(first).not.toBeChecked();
  });

  it('opens the client from anywhere else on the row', async () => {
    renderBoard();
    await userEvent.click(await screen.findByText('client2@example.com'));
    expect(await screen.findByText('Client page')).toBeInTheDocument();
  });
});
