import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { OutboxCard } from './OutboxCard.tsx';
import { adminQueryKeys } from './query-keys.ts';

function renderCard(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  // The API client reports a failed request on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return renderWithQueries(<OutboxCard clientId="c1" />).queryClient;
}

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
});
