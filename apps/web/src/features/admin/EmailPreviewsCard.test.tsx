import type { ClientPage } from '@app/domain/client-page';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries, testQueryClient } from '../../lib/testing/render-with-queries.tsx';
import { EmailPreviewsCard } from './EmailPreviewsCard.tsx';
import { adminQueryKeys } from './query-keys.ts';

type LastEmail = ClientPage['last_emails']['welcome'];

// Made from local time, so it reads the same in every time zone the tests run in.
const CREATED = new Date(2026, 10, 20, 10, 0).toISOString();
const SENT = new Date(2026, 10, 20, 10, 5).toISOString();

/** The client page's previews, whose newest welcome e-mail is `last`; opens the send confirmation. */
async function confirmWelcome(last: LastEmail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        welcome: { subject: 'Welcome', html: '<p>Hi</p>' },
        team: { subject: 'Team', html: '' },
      }),
    ),
  );
  const context = { lastEmails: { welcome: last, team_notification: null }, onboardingComplete: true };
  renderWithQueries(
    <EmailPreviewsCard
      target={{ client_id: 'client-7' }}
      afterSend={() => {}}
      confirm={{ ...context, readAgain: async () => context }}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email' }));
  return screen.findByRole('dialog', { name: 'Send Welcome Email?' });
}

const last = (status: NonNullable<LastEmail>['status'], sentAt: string | null = null): LastEmail => ({
  id: 'message-1',
  status,
  created_at: CREATED,
  sent_at: sentAt,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('where the newest e-mail stands, on the tab and in the confirmation before sending', () => {
  const waiting = 'Last one queued November 20, 2026 at 10:00 AM, still waiting in the outbox.';
  it.each([
    ['none', null, 'Never sent to this client.', 'It has not been sent to this client before.'],
    [
      'sent',
      last('sent', SENT),
      'Last one sent November 20, 2026 at 10:05 AM.',
      'Last one sent November 20, 2026 at 10:05 AM.',
    ],
    ['queued', last('queued'), waiting, `${waiting} Sending now adds another.`],
    ['being sent', last('sending'), waiting, `${waiting} Sending now adds another.`],
    [
      'failed',
      last('failed'),
      'Last one queued November 20, 2026 at 10:00 AM, failed and was not sent.',
      'Last one queued November 20, 2026 at 10:00 AM, failed and was not sent.',
    ],
  ])('says where the newest one stands: %s', async (_state, newest, onTab, inConfirmation) => {
    const dialog = await confirmWelcome(newest);
    expect(dialog).toHaveAccessibleDescription(inConfirmation);
    const tab = screen.getByRole('tabpanel', { name: 'Welcome Email (Client)', hidden: true });
    expect(within(tab).getByText(onTab)).toBeInTheDocument();
  });
});

describe('a send that fails', () => {
  it('reads the outboxes again and has the page read what it shows: the server may have failed after the outbox took it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        JSON.parse(String(init?.body)).action === 'preview'
          ? Response.json({
              welcome: { subject: 'Welcome', html: '<p>Hi</p>' },
              team: { subject: 'Team', html: '' },
            })
          : Response.json({ error: 'Internal Server Error' }, { status: 500 }),
      ),
    );
    // The API client reports the failed request on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const queryClient = testQueryClient();
    const shown = [adminQueryKeys.outbox('client-7'), adminQueryKeys.teamOutbox(null)];
    for (const key of shown) queryClient.setQueryData(key, { data: [] });
    const afterSend = vi.fn();
    renderWithQueries(<EmailPreviewsCard target={{ client_id: 'client-7' }} afterSend={afterSend} />, {
      queryClient,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send Welcome Email' }));
    await waitFor(() => {
      for (const key of shown) expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    });
    expect(afterSend).toHaveBeenCalledTimes(1);
  });
});
