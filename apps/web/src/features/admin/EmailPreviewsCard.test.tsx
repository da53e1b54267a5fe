import type { ClientPage } from '@app/domain/client-page';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailPreviewsCard } from './EmailPreviewsCard.tsx';

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
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EmailPreviewsCard
        target={{ client_id: 'client-7' }}
        onSent={() => {}}
        confirm={{ lastEmails: { welcome: last, team_notification: null }, onboardingComplete: true }}
      />
    </QueryClientProvider>,
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

afterEach(() => vi.unstubAllGlobals());

describe('the confirmation before sending from the client page', () => {
  it.each([
    ['none', null, 'It has not been sent to this client before.'],
    ['sent', last('sent', SENT), 'It was last sent November 20, 2026 at 10:05 AM.'],
    [
      'queued',
      last('queued'),
      'The last one, created November 20, 2026 at 10:00 AM, is still waiting in the outbox; sending now adds another.',
    ],
    [
      'being sent',
      last('sending'),
      'The last one, created November 20, 2026 at 10:00 AM, is still waiting in the outbox; sending now adds another.',
    ],
    [
      'failed',
      last('failed'),
      'The last one, created November 20, 2026 at 10:00 AM, failed and was not sent.',
    ],
    [
      'cancelled',
      last('cancelled'),
      'The last one, created November 20, 2026 at 10:00 AM, was cancelled and not sent.',
    ],
  ])('says where the newest one stands: %s', async (_state, newest, said) => {
    expect(await confirmWelcome(newest)).toHaveAccessibleDescription(said);
  });
});
