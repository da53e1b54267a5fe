import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { OutboxCard } from './OutboxCard.tsx';
import { adminQueryKeys } from './query-keys.ts';

function renderCard(answer: (input: RequestInfo | URL) => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  // The API client reports a failed request on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return renderWithQueries(<OutboxCard clientId="c1" />).queryClient;
}

const queuedMessage = {
  id: 'm1',
  kind: 'team_notification',
  client_id: 'c1',
  client_name: 'Jane Doe',
  client_email: 'jane@example.com',
  recipient: 'team@company.test',
  subject: 'New client onboarded: Jane Doe',
  status: 'queued',
  attempts: 0,
  last_error: null,
  attachments: [],
  created_at: '2026-11-20T10:00:00.000Z',
  next_attempt_at: null,
  sent_at: null,
};

afterEach(() => {
  vi.useRealTimers();
});

describe("the client's outbox", () => {
  it("says the console's own message for a bare HTTP failure, not its status line", async () => {
    renderCard(async () => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred$/);
  });

  it("says the server's own words when it gives them", async () => {
    renderCard(async () => Response.json({ error: 'Client not found' }, { status: 404 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Client not found$/);
  });

  it('offers to try again when nothing could be loaded, and shows the e-mails once it can', async () => {
    let answer = async () => Response.json({ error: 'The outbox is resting' }, { status: 503 });
    renderCard(() => answer());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The outbox is resting$/);
    answer = async () => Response.json({ data: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No e-mails yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("lists the client's e-mails without bodies and reads one's body when it is opened", async () => {
    const listed = {
      ...queuedMessage,
    };
    const asked: string[] = [];
    renderCard(async (input) => {
      asked.push(String(input));
      return String(input).endsWith('/outbox/m1')
        ? Response.json({ data: { ...listed, html: '<p>Jane Doe, Staff Engineer</p>' } })
        : Response.json({ data: [listed] });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Read New client onboarded: Jane Doe' }));
    const dialog = screen.getByRole('dialog', { name: 'New client onboarded: Jane Doe' });
    expect(await within(dialog).findByTitle('E-mail: New client onboarded: Jane Doe')).toHaveAttribute(
      'srcdoc',
      '<p>Jane Doe, Staff Engineer</p>',
    );
    expect(asked).toEqual(['/api/admin/outbox?client_id=c1', '/api/admin/outbox/m1']);
  });

  it('says a refresh failed while it shows the e-mails as last loaded', async () => {
    let answer = async () => Response.json({ data: [] });
    const queryClient = renderCard(() => answer());
    expect(await screen.findByText('No e-mails yet.')).toBeInTheDocument();
    answer = async () => Response.json({ error: 'The outbox is resting' }, { status: 503 });
    await act(() => queryClient.refetchQueries({ queryKey: adminQueryKeys.outbox('c1') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Could not refresh the outbox, so it shows the e-mails as last loaded: The outbox is resting$/,
    );
    expect(screen.getByText('No e-mails yet.')).toBeInTheDocument();
  });

  it('reads again every 5 seconds while an e-mail is queued, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 'queued';
    let reads = 0;
    renderCard(async () => {
      reads += 1;
      return Response.json({
        data: [{ ...queuedMessage, status, sent_at: status === 'sent' ? '2026-11-20T10:00:05.000Z' : null }],
      });
    });
    const list = await screen.findByRole('list', { name: 'Outbox messages' });
    expect(list).toHaveTextContent('Queued (not sent yet)');
    expect(within(list).getByRole('button', { name: /^Cancel / })).toBeInTheDocument();
    expect(reads).toBe(1);

    // The sender sends it meanwhile: without a reload, the card says so and offers no cancel.
    status = 'sent';
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await vi.waitFor(() => expect(list).not.toHaveTextContent('Queued (not sent yet)'));
    expect(within(list).getByText('Sent', { exact: true })).toBeVisible();
    expect(within(list).queryByRole('button', { name: /^(Cancel |Retry now:)/ })).not.toBeInTheDocument();
    expect(reads).toBe(2);

    // Nothing is waiting any more: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(reads).toBe(2);
  });
});
