import type { BoardRow } from '@app/domain/clients-board';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WelcomeBatch } from './WelcomeBatch.tsx';

function client(index: number, state: BoardRow['onboarding']['state']): BoardRow {
  return {
    id: `client-${index}`,
    kind: 'user',
    name: `Client ${index}`,
    email: `client${index}@example.com`,
    onboarding: { state, step: null, at: null },
    welcome: { state: 'not_sent', at: null },
    filters: 0,
    jobs: 0,
    applied_recent: 0,
    last_active: null,
  };
}

function renderBatch(selected: BoardRow[], answer: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/admin/welcome-emails' ? answer() : Response.json({ data: [] }),
  );
  vi.stubGlobal('fetch', fetch);
  // The API client reports a failed request on the console; the failing test below makes one.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const onClear = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WelcomeBatch selected={selected} onClear={onClear} />
      <Toaster />
    </QueryClientProvider>,
  );
  const sends = () => fetch.mock.calls.filter(([url]) => String(url) === '/api/admin/welcome-emails');
  return { sends, onClear };
}

const unused = () => Response.json({ error: 'unused' }, { status: 500 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the welcome e-mail to the chosen clients', () => {
  it('refuses more than a hundred before asking anyone, with the rule the server keeps', async () => {
    const { sends } = renderBatch(
      Array.from({ length: 101 }, (_, index) => client(index, 'complete')),
      unused,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email' }));
    expect(await screen.findByText('Choose at most 100 clients at once.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sends()).toHaveLength(0);
  });

  it('offers nothing to send when nobody chosen has started onboarding', async () => {
    const { sends } = renderBatch([client(1, 'not_started'), client(2, 'not_started')], unused);
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'No welcome e-mail to send' });
    expect(dialog).toHaveTextContent(
      'None of the chosen clients has started onboarding, so there is nothing to welcome them to yet.',
    );
    expect(within(dialog).queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
    expect(sends()).toHaveLength(0);
  });

  it('keeps the choice and says the spec sentence when the request fails without a message', async () => {
    const { sends, onClear } = renderBatch([client(1, 'complete')], () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 1 client?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 1 client' }));
    expect(await screen.findByText('Failed to send email')).toBeInTheDocument();
    expect(sends()).toHaveLength(1);
    expect(onClear).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Send the welcome e-mail to 1 client?' })).toBeInTheDocument();
  });

  it('lists each client whose e-mail did not leave, with the reason the server gave', async () => {
    const { onClear } = renderBatch([client(1, 'complete'), client(2, 'in_progress')], () =>
      Response.json({
        data: [
          { client_id: 'client-1', outcome: 'sent', message: 'Welcome email sent to client1@example.com' },
          { client_id: 'client-2', outcome: 'failed', message: 'Refused: mailbox unavailable' },
        ],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send to 2 clients' }));
    expect(
      await screen.findByText('Welcome e-mail sent to 1 client, refused by the mail server for 1 client.'),
    ).toBeInTheDocument();
    const unsent = screen
      .getAllByRole('status')
      .find((region) => region.textContent?.startsWith('Not sent yet:'));
    if (!unsent) throw new Error('No list of the e-mails that did not leave');
    expect(
      within(unsent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Client 2: Refused: mailbox unavailable']);
    expect(onClear).toHaveBeenCalled();
  });
});
