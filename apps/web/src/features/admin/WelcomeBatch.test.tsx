import type { BoardRow } from '@app/domain/clients-board';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { adminQueryKeys } from './query-keys.ts';
import { WelcomeBatch } from './WelcomeBatch.tsx';

function client(index: number, state: BoardRow['onboarding']['state']): BoardRow {
  return {
    id: `client-${index}`,
    kind: 'user',
    name: `Client ${index}`,
    email: `client${index}@example.com`,
    onboarding: { state, step: null, at: null },
    welcome: { state: 'not_sent', at: null, ever_sent: false },
    filters: 0,
    jobs: 0,
    applied_recent: 0,
    last_active: null,
  };
}

/**
 * `answer` is the welcome batch's answer; `now` the clients as the board reads them again by id
 * (none by default: each stays as chosen).
 */
function renderBatch(selected: BoardRow[], answer: () => Response | Promise<Response>, now: BoardRow[] = []) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/admin/welcome-emails') return answer();
    const ids = url.searchParams.get('ids')?.split(',') ?? [];
    return Response.json({ data: now.filter((row) => ids.includes(row.id)) });
  });
  vi.stubGlobal('fetch', fetch);
  // The API client reports a failed request on the console; the failing test below makes one.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const onClear = vi.fn();
  const onSent = vi.fn();
  const { queryClient } = renderWithQueries(
    <>
      <WelcomeBatch selected={selected} onSent={onSent} onClear={onClear} />
      <Toaster />
    </>,
  );
  const sends = () => fetch.mock.calls.filter(([url]) => String(url) === '/api/admin/welcome-emails');
  const reads = () => fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/board?'));
  return { sends, reads, onSent, queryClient };
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
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    expect(await screen.findByText('Choose at most 100 clients at once.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sends()).toHaveLength(0);
  });

  it('counts only those it would be sent to against the hundred: clients left out do not count', async () => {
    const { sends } = renderBatch(
      [...Array.from({ length: 100 }, (_, index) => client(index, 'complete')), client(100, 'not_started')],
      unused,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    expect(
      await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 100 clients?' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Choose at most 100 clients at once.')).not.toBeInTheDocument();
    expect(sends()).toHaveLength(0);
  });

  it('offers nothing to send when nobody chosen has started onboarding', async () => {
    const { sends } = renderBatch([client(1, 'not_started'), client(2, 'not_started')], unused);
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'No welcome e-mail to send' });
    expect(dialog).toHaveTextContent(
      'None of the chosen clients has started onboarding, so there is nothing to welcome them to yet.',
    );
    expect(within(dialog).queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
    expect(sends()).toHaveLength(0);
  });

  it('keeps the choice and says the spec sentence when the server fails without a message', async () => {
    const { sends, onSent, queryClient } = renderBatch(
      [client(1, 'complete')],
      () => new Response('', { status: 500 }),
    );
    // What the board and the outboxes show is read again: some e-mails may have been written.
    const shown = [
      adminQueryKeys.board(''),
      adminQueryKeys.outbox('client-1'),
      adminQueryKeys.client('client-1'),
    ];
    for (const key of shown) queryClient.setQueryData(key, { data: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 1 client?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 1 client' }));
    expect(await screen.findByText('Failed to send email')).toBeInTheDocument();
    expect(sends()).toHaveLength(1);
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Send the welcome e-mail to 1 client?' })).toBeInTheDocument();
    for (const key of shown) expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
  });

  it('sends those who started, then lists those whose e-mail is not on its way, with the reason', async () => {
    const { sends, onSent, queryClient } = renderBatch(
      [client(1, 'complete'), client(2, 'in_progress'), client(3, 'not_started')],
      () =>
        Response.json({
          data: [
            {
              client_id: 'client-1',
              outcome: 'queued',
              message: 'Welcome email to client1@example.com is in the outbox and will be sent shortly',
            },
            { client_id: 'client-2', outcome: 'error', message: 'Something went wrong' },
          ],
        }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 2 clients?' });
    expect(dialog).toHaveTextContent('1 of them has not finished onboarding.');
    expect(
      within(within(dialog).getByRole('list', { name: 'Not started onboarding, so left out' })).getByRole(
        'listitem',
      ),
    ).toHaveTextContent('Client 3');
    // What the board and the outboxes show is read again: welcome states and outboxes changed.
    const shown = [adminQueryKeys.board(''), adminQueryKeys.outbox('client-1')];
    for (const key of shown) queryClient.setQueryData(key, { data: [] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 2 clients' }));
    expect(
      await screen.findByText('Welcome e-mail queued for 1 client, left unfinished for 1 client.'),
    ).toBeInTheDocument();
    for (const key of shown) expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    // The client the dialog left out is not asked for, and leaves the selection with the others.
    expect(JSON.parse(String(sends()[0]?.[1]?.body))).toEqual({ client_ids: ['client-1', 'client-2'] });
    expect(onSent).toHaveBeenCalledWith(['client-1', 'client-2', 'client-3']);
    const region = screen.getByRole('region', { name: 'Welcome e-mails not on their way' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Client 2 (client2@example.com): Something went wrong']);
    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(
      screen.queryByRole('region', { name: 'Welcome e-mails not on their way' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Welcome Email to Selected' })).toHaveFocus();
  });

  it('says more than one is unfinished or was sent one before, and cheers only when every e-mail is on its way', async () => {
    const sentBefore = {
      ...client(3, 'complete'),
      welcome: { state: 'sent' as const, at: null, ever_sent: true },
    };
    renderBatch(
      [client(1, 'in_progress'), client(2, 'in_progress'), sentBefore, { ...sentBefore, id: 'client-4' }],
      () =>
        Response.json({
          data: ['client-1', 'client-2', 'client-3', 'client-4'].map((id) => ({
            client_id: id,
            outcome: 'queued',
            message: 'In the outbox',
          })),
        }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 4 clients?' });
    expect(dialog).toHaveTextContent(
      '2 of them have not finished onboarding. Their e-mails say so and ask them to finish; they do not thank them for completing it.',
    );
    expect(dialog).toHaveTextContent('2 of them have been sent one before.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 4 clients' }));
    expect(await screen.findByText('Welcome e-mail queued for 4 clients.')).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Welcome e-mails not on their way' }),
    ).not.toBeInTheDocument();
  });

  it('says how many already have one waiting in the outbox or failed, besides those sent one before', async () => {
    const welcome = (index: number, state: BoardRow['welcome']['state']) => ({
      ...client(index, 'complete'),
      welcome: { state, at: null, ever_sent: state === 'sent' },
    });
    renderBatch(
      [welcome(1, 'queued'), welcome(2, 'queued'), welcome(3, 'failed'), welcome(4, 'sent')],
      unused,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 4 clients?' });
    expect(within(dialog).getByText('1 of them has been sent one before.')).toBeInTheDocument();
    expect(within(dialog).getByText('2 of them already have one waiting in the outbox.')).toBeInTheDocument();
    expect(within(dialog).getByText('1 of them has a failed one in the outbox.')).toBeInTheDocument();
  });

  it('reads the chosen clients again before asking, and counts one a colleague welcomed since it was chosen', async () => {
    const welcomedSince = {
      ...client(1, 'complete'),
      welcome: { state: 'sent' as const, at: '2026-11-20T15:00:00.000Z', ever_sent: true },
    };
    const startedSince = client(3, 'in_progress');
    const { reads, sends } = renderBatch(
      [client(1, 'complete'), client(2, 'complete'), client(3, 'not_started')],
      () =>
        Response.json({
          data: ['client-1', 'client-2', 'client-3'].map((id) => ({
            client_id: id,
            outcome: 'queued',
            message: 'In the outbox',
          })),
        }),
      [welcomedSince, client(2, 'complete'), startedSince],
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 3 clients?' });
    expect(reads()).toEqual(['/api/admin/board?ids=client-1%2Cclient-2%2Cclient-3&page_size=3']);
    expect(within(dialog).getByText('1 of them has been sent one before.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('1 of them has not finished onboarding.');
    expect(within(dialog).queryByText('Not started onboarding, so left out')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 3 clients' }));
    expect(await screen.findByText('Welcome e-mail queued for 3 clients.')).toBeInTheDocument();
    expect(JSON.parse(String(sends()[0]?.[1]?.body))).toEqual({
      client_ids: ['client-1', 'client-2', 'client-3'],
    });
  });

  it('leaves out a client unchosen while the chosen clients were read again', async () => {
    const held = Promise.withResolvers<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => held.promise),
    );
    const chosen = [client(1, 'complete'), client(2, 'complete')];
    const batch = (selected: BoardRow[]) => (
      <WelcomeBatch selected={selected} onSent={() => {}} onClear={() => {}} />
    );
    const { rerender } = renderWithQueries(batch(chosen));
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    // The recruiter unticks Client 2 while the read is on its way.
    rerender(batch([client(1, 'complete')]));
    held.resolve(Response.json({ data: chosen }));
    expect(await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 1 client?' })).toBeVisible();
  });

  it('asks nothing when the chosen clients cannot be read again', async () => {
    const { sends } = renderBatch([client(1, 'complete')], unused);
    vi.mocked(fetch).mockImplementationOnce(async () =>
      Response.json({ error: 'The board is resting' }, { status: 503 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    expect(await screen.findByText('The board is resting')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sends()).toHaveLength(0);
  });

  it('tells two clients of one name apart by their e-mail, in the dialog and in what was not sent', async () => {
    const chris = (index: number, state: BoardRow['onboarding']['state']) => ({
      ...client(index, state),
      name: 'Chris Lee',
    });
    renderBatch(
      [chris(1, 'complete'), chris(2, 'complete'), chris(3, 'not_started'), chris(4, 'not_started')],
      () =>
        Response.json({
          data: [
            { client_id: 'client-1', outcome: 'queued', message: 'In the outbox' },
            { client_id: 'client-2', outcome: 'error', message: 'Something went wrong' },
          ],
        }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email to Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the welcome e-mail to 2 clients?' });
    const listed = (name: string) =>
      within(within(dialog).getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(listed('Sent to')).toEqual(['Chris Lee (client1@example.com)', 'Chris Lee (client2@example.com)']);
    expect(listed('Not started onboarding, so left out')).toEqual([
      'Chris Lee (client3@example.com)',
      'Chris Lee (client4@example.com)',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 2 clients' }));
    const region = await screen.findByRole('region', { name: 'Welcome e-mails not on their way' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Chris Lee (client2@example.com): Something went wrong']);
  });
});
