import type { ActivityEntry } from '@app/domain/activity';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { ActivityTimeline } from './ActivityTimeline.tsx';
import { adminQueryKeys } from './query-keys.ts';

const entry: ActivityEntry = {
  id: 'entry-1',
  at: '2026-11-20T10:00:00.000Z',
  actor_kind: 'client',
  actor_id: 'client-7',
  actor_email: 'jane@example.com',
  client_id: 'client-7',
  client_email: 'jane@example.com',
  action: 'job.notes',
  detail: {},
};

/** client-7's timeline; `answer` answers each request for a page of it, by its cursor. */
function renderTimeline(answer: (cursor: string | null) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      answer(new URL(String(input), 'http://localhost').searchParams.get('cursor')),
    ),
  );
  // The API client reports a failed request on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return renderWithQueries(<ActivityTimeline filter={{ client_id: 'client-7' }} />).queryClient;
}

const failure = () => Response.json({ error: 'The log is resting' }, { status: 503 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the activity timeline', () => {
  it('keeps the entries shown when older ones fail to load, and says so', async () => {
    renderTimeline((cursor) =>
      cursor === null ? Response.json({ data: [entry], next_cursor: 'older' }) : failure(),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Show older' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Could not load older entries: The log is resting$/,
    );
    expect(
      within(screen.getByRole('list', { name: 'Activity entries' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('keeps the entries shown when a refresh fails, and says so', async () => {
    let answer = () => Response.json({ data: [entry], next_cursor: null });
    const queryClient = renderTimeline(() => answer());
    expect(await screen.findByRole('list', { name: 'Activity entries' })).toBeInTheDocument();
    // What the client page does after each change: read the timeline again.
    answer = failure;
    await queryClient.invalidateQueries({ queryKey: adminQueryKeys.allActivity });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Could not refresh the activity, so it shows the entries as last loaded: The log is resting$/,
    );
    expect(screen.getByRole('list', { name: 'Activity entries' })).toHaveTextContent('jane@example.com');
  });

  it('says what went wrong when nothing could be loaded', async () => {
    renderTimeline(failure);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The log is resting$/);
    expect(screen.queryByRole('list', { name: 'Activity entries' })).not.toBeInTheDocument();
  });
});
