import type { ActivityEntry } from '@app/domain/activity';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { ActivityPage } from './ActivityPage.tsx';

/** A board answer: `shown` clients of `total` that match. */
const boardAnswer = (shown: number, total: number) => ({
  data: Array.from({ length: shown }, (_, index) => ({
    id: `client-${index}`,
    kind: 'user',
    name: `Ann ${index}`,
    email: `ann${index}@example.com`,
    onboarding: { state: 'complete', step: null, at: null },
    welcome: { state: 'sent', at: null },
    filters: 0,
    jobs: 0,
    applied_recent: 0,
    last_active: null,
  })),
  total,
  page: 1,
  page_size: 8,
});

const lookedUp = () =>
  Response.json({
    data: { client: { id: 'client-3', kind: 'user', email: 'ann3@example.com' }, matched: 'client_id' },
  });

/**
 * The page at `entry`, over a board of `total` matches and a log of `log`; `lookUp` answers the
 * client lookup by id.
 */
function renderActivity(
  total: number,
  { entry = '/admin/activity', lookUp = lookedUp, log = [] as ActivityEntry[] } = {},
) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (url === '/api/public-config') return Response.json({ staffEmailDomain: 'company.test' });
      if (url.startsWith('/api/admin/board')) return Response.json(boardAnswer(Math.min(total, 8), total));
      if (url.startsWith('/api/admin/clients?')) return lookUp();
      if (url.startsWith('/api/admin/activity?')) return Response.json({ data: log, next_cursor: null });
      return Response.json({ data: [] });
    }),
  );
  renderWithQueries(
    <Suspense fallback={null}>
      <MemoryRouter initialEntries={[entry]}>
        <ActivityPage account={{ email: 'lead@company.test' }} />
      </MemoryRouter>
    </Suspense>,
  );
  return asked;
}

describe('the activity page client filter', () => {
  it('finds clients by name, says when there are more than it lists, and asks the log by id', async () => {
    const asked = renderActivity(23);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Client' }), 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    const matches = await screen.findByRole('list', { name: 'Matching clients' });
    expect(within(matches).getAllByRole('button')).toHaveLength(8);
    expect(
      screen.getByText('The first 8 of 23 matches: add more of the name or e-mail to narrow them.'),
    ).toBeInTheDocument();
    expect(asked).toContain('/api/admin/board?q=ann&sort=client&dir=asc&page_size=8');

    await userEvent.click(within(matches).getByRole('button', { name: 'Ann 3 (ann3@example.com)' }));
    expect(await screen.findByText('ann3@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Every Client' })).toHaveFocus();
    expect(asked).toContain('/api/admin/clients?client_id=client-3');
    expect(
      asked.some((url) => url.startsWith('/api/admin/activity?') && url.includes('client_id=client-3')),
    ).toBe(true);
  });

  it('lists every match without a note when they all fit', async () => {
    renderActivity(2);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Client' }), 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    const matches = await screen.findByRole('list', { name: 'Matching clients' });
    expect(within(matches).getAllByRole('button')).toHaveLength(2);
    expect(screen.queryByText(/^The first /)).not.toBeInTheDocument();
  });

  it('says so when the client in the address cannot be looked up, and offers every client', async () => {
    // The API client reports the failed request on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderActivity(0, {
      entry: '/admin/activity?client_id=gone',
      lookUp: () => Response.json({ error: 'No client has that id' }, { status: 404 }),
    });
    const said = await screen.findByText('No client has that id');
    expect(said.closest('[role="status"]')).toHaveTextContent('Client: No client has that id');
    expect(screen.getByRole('button', { name: 'Every Client' })).toBeInTheDocument();
  });
});

describe('the team-wide activity log', () => {
  it("links an entry to its client's page, and names a deleted account's client without a link", async () => {
    const line = {
      at: '2026-11-20T10:00:00.000Z',
      actor_kind: 'client',
      actor_id: null,
      detail: {},
    } as const;
    renderActivity(0, {
      log: [
        {
          ...line,
          id: 'entry-2',
          actor_email: '',
          client_id: '',
          client_email: null,
          action: 'account.deleted',
        },
        {
          ...line,
          id: 'entry-1',
          actor_id: 'client-3',
          actor_email: 'ann3@example.com',
          client_id: 'client-3',
          client_email: 'ann3@example.com',
          action: 'job.notes',
        },
      ],
    });
    const entries = within(await screen.findByRole('list', { name: 'Activity entries' })).getAllByRole(
      'listitem',
    );
    expect(entries[0]).toHaveTextContent('A client deleted their account');
    expect(within(entries[0]!).getByText('Client no longer here')).toBeInTheDocument();
    expect(within(entries[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(entries[1]!).getByRole('link', { name: 'ann3@example.com' })).toHaveAttribute(
      'href',
      '/admin/clients/client-3',
    );
  });
});
