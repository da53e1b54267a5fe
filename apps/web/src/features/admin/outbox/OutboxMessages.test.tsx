import type { OutboxMessage } from '@app/domain/admin-email';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries, testQueryClient } from '../../../lib/testing/render-with-queries.tsx';
import { adminQueryKeys } from '../query-keys.ts';
import { OutboxMessages } from './OutboxMessages.tsx';

function message(id: string, subject: string, overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id,
    kind: 'welcome',
    client_id: 'client-7',
    client_name: 'Jane Doe',
    client_email: 'jane@example.com',
    recipient: 'jane@example.com',
    subject,
    status: 'failed',
    attempts: 3,
    last_error: 'SMTP timeout',
    attachments: [],
    created_at: '2026-11-20T10:00:00.000Z',
    next_attempt_at: null,
    sent_at: null,
    ...overrides,
  };
}

/**
 * The list over a server whose retries answer only when the test says so, each on its own; a page
 * of the clients board is cached.
 */
function renderList(messages: OutboxMessage[]) {
  const answers = new Map<string, () => void>();
  const fetch = vi.fn(
    (input: RequestInfo | URL) =>
      new Promise<Response>((resolve) => {
        const id = /\/admin\/outbox\/([^/]+)\/retry$/.exec(String(input))?.[1] ?? '';
        const retried = messages.find((item) => item.id === id);
        answers.set(id, () =>
          resolve(
            Response.json({ data: { ...retried, status: 'sent', sent_at: '2026-11-20T10:05:00.000Z' } }),
          ),
        );
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const queryClient = testQueryClient();
  queryClient.setQueryData(adminQueryKeys.board('page=1'), { data: [], total: 0, page: 1, page_size: 50 });
  renderWithQueries(
    <>
      <OutboxMessages messages={messages} withClient={false} />
      <Toaster />
    </>,
    { queryClient },
  );
  const retriesAsked = () => fetch.mock.calls.map(([input]) => String(input));
  return { retriesAsked, answer: (id: string) => answers.get(id)?.(), queryClient };
}

afterEach(() => vi.unstubAllGlobals());

describe('retrying outbox messages', () => {
  it("retries a second message while the first one's retry is under way, each button busy for its own", async () => {
    const { retriesAsked, answer } = renderList([
      message('m1', 'Welcome, Jane'),
      message('m2', 'Your filters'),
    ]);
    const first = screen.getByRole('button', { name: 'Retry now: Welcome, Jane' });
    const second = screen.getByRole('button', { name: 'Retry now: Your filters' });

    await userEvent.click(first);
    expect(first).toHaveTextContent('Retrying...');
    expect(first).toHaveAttribute('aria-disabled', 'true');
    expect(second).toHaveTextContent(/^Retry Now$/);
    expect(second).not.toHaveAttribute('aria-disabled');

    await userEvent.click(second);
    expect(second).toHaveTextContent('Retrying...');
    // A second click on a message being retried sends nothing more.
    await userEvent.click(first);
    expect(retriesAsked()).toEqual(['/api/admin/outbox/m1/retry', '/api/admin/outbox/m2/retry']);

    answer('m2');
    expect(await screen.findByText('Sent: Your filters')).toBeInTheDocument();
    expect(first).toHaveTextContent('Retrying...');
    expect(second).toHaveTextContent(/^Retry Now$/);
    answer('m1');
    expect(await screen.findByText('Sent: Welcome, Jane')).toBeInTheDocument();
    expect(first).toHaveTextContent(/^Retry Now$/);
  });

  /** What shows where e-mails stand elsewhere: a board page, the client's page, the activity log. */
  const elsewhere = [
    adminQueryKeys.board('page=1'),
    adminQueryKeys.client('client-7'),
    adminQueryKeys.activity('client_id=client-7'),
  ];

  it('has the board, the client page and the activity read again after a retry', async () => {
    const { answer, queryClient } = renderList([message('m1', 'Welcome, Jane')]);
    for (const key of elsewhere) queryClient.setQueryData(key, {});
    await userEvent.click(screen.getByRole('button', { name: 'Retry now: Welcome, Jane' }));
    answer('m1');
    expect(await screen.findByText('Sent: Welcome, Jane')).toBeInTheDocument();
    for (const key of elsewhere) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('reads everything again after a refused retry, since the message has most likely moved on', async () => {
    const { queryClient } = renderList([message('m1', 'Welcome, Jane')]);
    vi.mocked(fetch).mockImplementationOnce(async () =>
      Response.json({ error: 'This message was already sent' }, { status: 409 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const key of [...elsewhere, adminQueryKeys.outbox('client-7')]) queryClient.setQueryData(key, {});
    await userEvent.click(screen.getByRole('button', { name: 'Retry now: Welcome, Jane' }));
    expect(await screen.findByText('This message was already sent')).toBeInTheDocument();
    for (const key of [...elsewhere, adminQueryKeys.outbox('client-7')])
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('lets a long attachment name wrap inside its row', () => {
    const name = 'Jane_Doe_Resume_Senior_Product_Manager_2026_final_version_for_recruiters.pdf';
    renderList([message('m1', 'Welcome, Jane', { attachments: [{ filename: name }] })]);
    // jsdom lays nothing out: the classes that let the line shrink and break anywhere stand in for
    // the 390 px layout.
    expect(screen.getByText(`Attachments: ${name}`)).toHaveClass('min-w-0', '[overflow-wrap:anywhere]');
  });
});

describe('reading an outbox message', () => {
  /** The list over a server that answers a message's body only when the test says so. */
  function renderReading(answer: () => Response) {
    let release = () => {};
    const fetch = vi.fn(
      (_input: RequestInfo | URL) =>
        new Promise<Response>((resolve) => {
          release = () => resolve(answer());
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const { queryClient } = renderWithQueries(
      <OutboxMessages messages={[message('m1', 'Welcome, Jane')]} withClient={false} />,
    );
    return {
      asked: () => fetch.mock.calls.map(([input]) => String(input)),
      answer: () => release(),
      queryClient,
    };
  }

  it('asks for the body as the dialog opens, with a spinner meanwhile, and shows it', async () => {
    const { asked, answer, queryClient } = renderReading(() =>
      Response.json({ data: { ...message('m1', 'Welcome, Jane'), html: '<p>Hello Jane, your profile</p>' } }),
    );
    // The list carries no bodies: nothing is asked for until a message is opened.
    expect(asked()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Read Welcome, Jane' }));
    const dialog = screen.getByRole('dialog', { name: 'Welcome, Jane' });
    expect(dialog).toHaveTextContent('To jane@example.com');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the e-mail...');
    expect(asked()).toEqual(['/api/admin/outbox/m1']);

    answer();
    const frame = await within(dialog).findByTitle('E-mail: Welcome, Jane');
    expect(frame).toHaveAttribute('srcdoc', '<p>Hello Jane, your profile</p>');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();

    // A change that reads the whole console again (a welcome batch) does not read the open body
    // again: every read of it is logged.
    await queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    expect(asked()).toEqual(['/api/admin/outbox/m1']);
  });

  it("says the server's words when the body cannot be read", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { answer } = renderReading(() =>
      Response.json({ error: 'No e-mail has that id' }, { status: 404 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Read Welcome, Jane' }));
    answer();
    const dialog = screen.getByRole('dialog', { name: 'Welcome, Jane' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^No e-mail has that id$/);
    expect(within(dialog).queryByTitle('E-mail: Welcome, Jane')).not.toBeInTheDocument();
  });
});
