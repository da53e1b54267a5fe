import type { BoardRow } from '@app/domain/clients-board';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberChosenClients } from '../../lib/storage.ts';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { lastBoardPath } from './board-address.ts';
import { ClientsBoard, welcomeLabel } from './ClientsBoard.tsx';

function client(index: number): BoardRow {
  return {
    id: `client-${index}`,
    kind: 'user',
    name: index === 3 ? '' : `Client ${index}`,
    email: `client${index}@example.com`,
    onboarding: { state: 'complete', step: null, at: '2026-11-20T10:00:00.000Z' },
    welcome: { state: 'not_sent', at: null, ever_sent: false },
    filters: 0,
    jobs: 0,
    applied_recent: 0,
    last_active: null,
  };
}

/** A server holding `clients`, paged 50 at a time; a welcome e-mail takes its client off the list. */
function boardServer(clients: BoardRow[], welcomeAnswered: Promise<void> = Promise.resolve()) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/admin/welcome-emails') {
      await welcomeAnswered;
      const { client_ids } = JSON.parse(String(init?.body)) as { client_ids: string[] };
      clients = clients.filter((row) => !client_ids.includes(row.id));
      return Response.json({
        data: client_ids.map((id) => ({ client_id: id, outcome: 'queued', message: 'In the outbox' })),
      });
    }
    const ids = url.searchParams.get('ids')?.split(',');
    if (ids) {
      const data = clients.filter((row) => ids.includes(row.id));
      return Response.json({ data, total: data.length, page: 1, page_size: ids.length });
    }
    const page = Number(url.searchParams.get('page') ?? 1);
    const data = clients.slice((page - 1) * 50, page * 50);
    return Response.json({ data, total: clients.length, page, page_size: 50 });
  });
  vi.stubGlobal('fetch', fetch);
  const boardsAsked = () =>
    fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/admin/board' && !url.searchParams.has('ids'));
  const pagesAsked = () => boardsAsked().map((url) => Number(url.searchParams.get('page') ?? 1));
  return {
    pagesAsked,
    lastBoardAsked: () => boardsAsked().at(-1)?.search,
    keep: (count: number) => {
      clients = clients.slice(0, count);
    },
    /** Someone changes a client's welcome e-mail (a colleague's send, the outbox's sender). */
    setWelcome: (id: string, welcome: BoardRow['welcome']) => {
      clients = clients.map((row) => (row.id === id ? { ...row, welcome } : row));
    },
  };
}

function ClientPageStub() {
  const navigate = useNavigate();
  return (
    <>
      <p>Client page</p>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

/** The board's address, as a reload would read it. */
function AddressShown() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

/** The board as the recruiter `userId` sees it. */
function renderBoard(userId = 'rae') {
  return renderWithQueries(
    <MemoryRouter initialEntries={['/admin']}>
      <Routes>
        <Route
          path="/admin"
          element={
            <>
              <ClientsBoard userId={userId} />
              <AddressShown />
            </>
          }
        />
        <Route path="/admin/clients/:id" element={<ClientPageStub />} />
      </Routes>
    </MemoryRouter>,
  ).queryClient;
}

const firstClients = (count: number) => Array.from({ length: count }, (_, index) => client(index + 1));

/** From the first page to the third, by Next. */
async function toThirdPage() {
  await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
}

const selected = () => within(screen.getByRole('group', { name: 'Selected clients' }));

/** On the third page, chooses Client 101 and sends them the welcome e-mail. */
async function sendWelcomeFromThirdPage() {
  await toThirdPage();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Client 101 (client101@example.com)' }));
  await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 1 client?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 1 client' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('choosing clients on the board', () => {
  it('chooses one, then the rest of the page, then none, without opening anyone', async () => {
    boardServer(firstClients(3));
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

  it('keeps the clients chosen on one page while the recruiter chooses more on another', async () => {
    boardServer(firstClients(150));
    renderBoard();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select Client 1 (client1@example.com)' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select Client 51 (client51@example.com)' }),
    );
    expect(selected().getByText('2 selected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(
      await screen.findByRole('checkbox', { name: 'Select Client 1 (client1@example.com)' }),
    ).toBeChecked();
    expect(selected().getByText('2 selected')).toBeInTheDocument();
  });

  it('chooses nobody while the next page loads, where the rows shown are still the last page', async () => {
    boardServer(firstClients(150));
    renderBoard();
    const pageBox = await screen.findByRole('checkbox', { name: 'Select all clients on this page' });
    const answerFor = vi.mocked(fetch).getMockImplementation()!;
    let showPageTwo: () => void = () => {};
    vi.mocked(fetch).mockImplementationOnce(
      (input, init) => new Promise((resolve) => (showPageTwo = () => resolve(answerFor(input, init)))),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const firstOfPageOne = screen.getByRole('checkbox', { name: 'Select Client 1 (client1@example.com)' });
    expect(pageBox).toBeDisabled();
    expect(firstOfPageOne).toBeDisabled();
    await userEvent.click(pageBox);
    await userEvent.click(firstOfPageOne);
    expect(selected().getByText('0 selected')).toBeInTheDocument();

    await act(async () => showPageTwo());
    const firstOfPageTwo = await screen.findByRole('checkbox', {
      name: 'Select Client 51 (client51@example.com)',
    });
    expect(pageBox).toBeEnabled();
    await userEvent.click(pageBox);
    expect(firstOfPageTwo).toBeChecked();
    expect(selected().getByText('50 selected')).toBeInTheDocument();
  });

  it('keeps the clients chosen through a look at one of them', async () => {
    boardServer(firstClients(3));
    renderBoard();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select Client 1 (client1@example.com)' }),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Client 2' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('checkbox', { name: 'Select Client 1 (client1@example.com)' }),
    ).toBeChecked();
    expect(selected().getByText('1 selected')).toBeInTheDocument();
  });

  it('chooses nobody from what the tab kept when it no longer reads as clients', async () => {
    sessionStorage.setItem('clients-board:chosen:rae', JSON.stringify([{ id: 'client-1' }]));
    boardServer(firstClients(3));
    renderBoard();
    expect(
      await screen.findByRole('checkbox', { name: 'Select Client 1 (client1@example.com)' }),
    ).not.toBeChecked();
    expect(selected().getByText('0 selected')).toBeInTheDocument();
  });

  it('starts from the clients this recruiter chose, never from those another chose in the tab', async () => {
    rememberChosenClients('sam', [client(2)]);
    rememberChosenClients('rae', [client(1)]);
    boardServer(firstClients(3));
    renderBoard('sam');
    expect(
      await screen.findByRole('checkbox', { name: 'Select Client 2 (client2@example.com)' }),
    ).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Client 1 (client1@example.com)' })).not.toBeChecked();
    expect(selected().getByText('1 selected')).toBeInTheDocument();
  });

  it('opens the client from anywhere else on the row', async () => {
    boardServer(firstClients(3));
    renderBoard();
    await userEvent.click(await screen.findByText('client2@example.com'));
    expect(await screen.findByText('Client page')).toBeInTheDocument();
  });
});

describe('paging the board', () => {
  it('starts again from the first page once a welcome batch is sent, so nobody after those sent is skipped', async () => {
    const { pagesAsked } = boardServer(firstClients(150));
    renderBoard();
    await sendWelcomeFromThirdPage();
    // The first page is read again after the send and a change of address, each a step of its own:
    // on a busy machine that takes longer than testing-library's one second.
    expect(await screen.findByText('Page 1 of 3', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Client 1' })).toBeInTheDocument();
    expect(pagesAsked().at(-1)).toBe(1);
  });

  it('keeps a search typed while a welcome batch was sending, with the dialog closed', async () => {
    let answer = () => {};
    const { lastBoardAsked } = boardServer(
      firstClients(150),
      new Promise<void>((resolve) => (answer = resolve)),
    );
    renderBoard();
    await sendWelcomeFromThirdPage();
    await userEvent.keyboard('{Escape}');
    await userEvent.type(screen.getByLabelText('Search clients'), 'client1');
    await act(async () => answer());
    // The send starts the board again from its first page, of the search as it is now.
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Search clients')).toHaveValue('client1');
    expect(lastBoardAsked()).toBe('?q=client1');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\?q=client1$/);
  });

  it('comes back to the same search and page after a visit to a client', async () => {
    const { lastBoardAsked } = boardServer(firstClients(150));
    renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Incomplete onboarding' }));
    await userEvent.type(screen.getByLabelText('Search clients'), 'client');
    await toThirdPage();
    await userEvent.click(screen.getByRole('link', { name: 'Client 101' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Search clients')).toHaveValue('client');
    expect(screen.getByRole('button', { name: 'Incomplete onboarding' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(lastBoardAsked()).toBe('?q=client&view=incomplete_onboarding&page=3');
  });

  it('keeps a view pressed and a search typed before the board renders again', async () => {
    boardServer(firstClients(3));
    renderBoard();
    const view = await screen.findByRole('button', { name: 'Incomplete onboarding' });
    act(() => {
      fireEvent.click(view);
      fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: 'cl' } });
    });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      '?q=cl&view=incomplete_onboarding',
    );
  });

  it("remembers where the recruiter left it, for the client page's link back to it", async () => {
    boardServer(firstClients(3));
    renderBoard('rae');
    await userEvent.click(await screen.findByRole('button', { name: 'Incomplete onboarding' }));
    await userEvent.type(screen.getByLabelText('Search clients'), 'cl');
    expect(lastBoardPath('rae')).toBe('/admin?q=cl&view=incomplete_onboarding');
    await userEvent.click(screen.getByRole('button', { name: 'Jobs' }));
    expect(lastBoardPath('rae')).toBe('/admin?q=cl&view=incomplete_onboarding&sort=jobs');
    // Kept for this recruiter alone: another signing in at the device finds the plain board.
    expect(lastBoardPath('sam')).toBe('/admin');
  });

  it('says a page could not be loaded, and keeps Try Again, busy and focused, until it comes', async () => {
    const clients = firstClients(60);
    let pageTwoAsked = 0;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const page = Number(new URL(String(input), 'http://localhost').searchParams.get('page') ?? 1);
        if (page === 2 && pageTwoAsked++ === 0) {
          return Response.json({ error: 'The board is resting' }, { status: 503 });
        }
        if (page === 2) await released;
        const data = clients.slice((page - 1) * 50, page * 50);
        return Response.json({ data, total: clients.length, page, page_size: 50 });
      }),
    );
    renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The board is resting$/);
    const tryAgain = screen.getByRole('button', { name: 'Try Again' });
    await userEvent.click(tryAgain);
    // Meanwhile the first page's rows stand in for the second's, as for any page that loads.
    expect(tryAgain).toHaveFocus();
    expect(tryAgain).toHaveAttribute('aria-busy', 'true');
    act(() => release());
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Client 51' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });

  it('keeps focus on Next at the last page, where it does nothing more', async () => {
    const { pagesAsked } = boardServer(firstClients(150));
    renderBoard();
    await toThirdPage();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(Math.max(...pagesAsked())).toBe(3);
  });

  it('shows the last page when the clients shrink below the page on screen', async () => {
    const { pagesAsked, keep } = boardServer(firstClients(150));
    const queryClient = renderBoard();
    await toThirdPage();
    keep(60);
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Client 60' })).toBeInTheDocument();
    expect(screen.queryByText('No clients match.')).not.toBeInTheDocument();
    expect(pagesAsked().at(-1)).toBe(2);
  });
});

describe('the welcome e-mail on the board', () => {
  afterEach(() => vi.useRealTimers());

  it('warns of a welcome e-mail a colleague sent to a chosen client since they were chosen', async () => {
    const { setWelcome } = boardServer(firstClients(150));
    renderBoard();
    // Chosen in the morning, on the first page; the recruiter pages on.
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select Client 1 (client1@example.com)' }),
    );
    await toThirdPage();
    // In the afternoon, a colleague has welcomed Client 1.
    setWelcome('client-1', { state: 'sent', at: '2026-11-20T15:00:00.000Z', ever_sent: true });
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 1 client?' });
    expect(dialog).toHaveTextContent('1 of them has been sent one before.');
  });

  it('reads the page again every 30 seconds while a welcome e-mail on it is queued, until it is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queued = { state: 'queued' as const, at: '2026-11-20T10:00:00.000Z', ever_sent: false };
    const { pagesAsked, setWelcome } = boardServer([{ ...client(1), welcome: queued }, client(2)]);
    renderBoard();
    const row = (await screen.findByRole('link', { name: 'Client 1' })).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('Queued')[0]).toBeInTheDocument();
    expect(pagesAsked()).toHaveLength(1);

    // The outbox's sender sends it meanwhile: without a reload, the board says so.
    setWelcome('client-1', { state: 'sent', at: '2026-11-20T10:00:05.000Z', ever_sent: true });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(pagesAsked()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    await vi.waitFor(() => expect(within(row).getAllByText('Sent on Nov 20, 2026')[0]).toBeInTheDocument());
    expect(within(row).queryByText('Queued')).not.toBeInTheDocument();
    expect(pagesAsked()).toHaveLength(2);

    // Nothing on the page waits any more: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(pagesAsked()).toHaveLength(2);
  });
});

describe('the welcome column', () => {
  const labelOf = (welcome: BoardRow['welcome']) => welcomeLabel({ ...client(1), welcome });
  it('says where the newest welcome e-mail stands, and that one went before when a newer one waits or failed', () => {
    expect(labelOf({ state: 'not_sent', at: null, ever_sent: false })).toBe('Not sent');
    expect(labelOf({ state: 'queued', at: null, ever_sent: false })).toBe('Queued');
    expect(labelOf({ state: 'queued', at: null, ever_sent: true })).toBe('Queued, one sent before');
    expect(labelOf({ state: 'failed', at: null, ever_sent: true })).toBe('Failed, one sent before');
  });
});
