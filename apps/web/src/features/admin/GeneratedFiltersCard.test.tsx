import { dataEngineerFilter, generatedFiltersAnswer } from '@app/domain/admin-email-testing';
import { FILTERS_CHANGED_MESSAGE } from '@app/domain/client-page';
import type { SavedFilter } from '@app/domain/job-filters';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { GeneratedFiltersCard, replaceQuestion } from './GeneratedFiltersCard.tsx';

const draftFilter = dataEngineerFilter;
const saved: SavedFilter = {
  ...draftFilter,
  id: 'filter-1',
  client_email: 'jane@example.com',
  name: 'Analyst',
  query: 'Analyst',
  date_saved: '2026-11-03T14:15:00.000Z',
  version: 1,
};

/** The card on a client page whose saved filters are `filters`. */
function card(filters: SavedFilter[], onFiltersChanged: () => void = () => {}) {
  return (
    <GeneratedFiltersCard
      target={{ client_id: 'client-7' }}
      fileEmail="jane@example.com"
      filtersExist={filters.length > 0}
      onFiltersChanged={onFiltersChanged}
      replacing={{ clientId: 'client-7', filters }}
    />
  );
}

describe('the generated filters on the client page', () => {
  it('offers to save a draft once the saved filters it was generated beside are deleted', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          client: { id: 'client-7', kind: 'user', email: 'jane@example.com' },
          matched: 'client_id',
          ...generatedFiltersAnswer([draftFilter]),
        }),
      ),
    );
    const { rerender } = renderWithQueries(card([saved]));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Filters' }));
    const generated = screen.getByRole('region', { name: 'Generated Job Filters' });
    expect(await within(generated).findByRole('button', { name: 'Replace Existing Filters' })).toBeVisible();
    expect(within(generated).queryByRole('button', { name: 'Save to Database' })).not.toBeInTheDocument();

    rerender(card([]));
    expect(within(generated).getByRole('button', { name: 'Save to Database' })).toBeVisible();
    expect(
      within(generated).queryByText('The saved filters already match this draft.'),
    ).not.toBeInTheDocument();
  });
});

describe('replacing the saved filters on the client page', () => {
  it('asks first, saying what goes, and replaces only when confirmed', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).includes('/filters')
        ? Response.json({ data: [] })
        : Response.json({
            client: { id: 'client-7', kind: 'user', email: 'jane@example.com' },
            matched: 'client_id',
            ...generatedFiltersAnswer([draftFilter]),
          }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithQueries(card([saved, { ...saved, id: 'filter-2', name: 'Scientist', query: 'Scientist' }]));
    await user.click(screen.getByRole('button', { name: 'Generate Filters' }));
    const replacements = () => fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');

    await user.click(await screen.findByRole('button', { name: 'Replace Existing Filters' }));
    let dialog = await screen.findByRole('dialog', { name: 'Replace Existing Filters?' });
    expect(dialog).toHaveAccessibleDescription(
      "This deletes the client's 2 filters saved now, with any changes made to them, and saves this draft's 1 filter in their place.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(replacements()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Replace Existing Filters' }));
    dialog = await screen.findByRole('dialog', { name: 'Replace Existing Filters?' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace Existing Filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(replacements()).toHaveLength(1);
    expect(String(replacements()[0]?.[0])).toContain('client-7');
    // It names the filters it was shown, so nothing a colleague saved meanwhile goes unseen.
    expect(JSON.parse(String(replacements()[0]?.[1]?.body)).replacing).toEqual([
      { id: 'filter-1', version: 1 },
      { id: 'filter-2', version: 1 },
    ]);
  });

  it('after a colleague changed the saved filters, says so, reads them and keeps the draft', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'PUT'
          ? Response.json({ error: FILTERS_CHANGED_MESSAGE }, { status: 409 })
          : Response.json({
              client: { id: 'client-7', kind: 'user', email: 'jane@example.com' },
              matched: 'client_id',
              ...generatedFiltersAnswer([draftFilter]),
            }),
      ),
    );
    const onFiltersChanged = vi.fn();
    renderWithQueries(
      <>
        {card([saved], onFiltersChanged)}
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Generate Filters' }));
    await user.click(await screen.findByRole('button', { name: 'Replace Existing Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace Existing Filters?' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace Existing Filters' }));

    expect(await screen.findByText(FILTERS_CHANGED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onFiltersChanged).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Replace Existing Filters' })).toBeVisible();
  });

  it('words the counts', () => {
    expect(replaceQuestion(1, 3)).toBe(
      "This deletes the client's 1 filter saved now, with any changes made to it, and saves this draft's 3 filters in its place.",
    );
  });
});

describe('saving generated filters on /admin', () => {
  /** The card for the client searched by e-mail, whose saved filters the page knows of or not. */
  const searchedCard = (filtersExist: boolean, onFiltersChanged: () => void) => (
    <GeneratedFiltersCard
      target={{ email: 'jane@example.com' }}
      fileEmail="jane@example.com"
      filtersExist={filtersExist}
      onFiltersChanged={onFiltersChanged}
    />
  );

  it('asks the page to read the client again when the draft finds filters the page has not seen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          client: { id: 'client-7', kind: 'user', email: 'jane@example.com' },
          matched: 'sign_in_email',
          ...generatedFiltersAnswer([draftFilter]),
        }),
      ),
    );
    const onFiltersChanged = vi.fn();
    const { rerender } = renderWithQueries(searchedCard(false, onFiltersChanged));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Filters' }));
    await waitFor(() => expect(onFiltersChanged).toHaveBeenCalledTimes(1));
    // The page's new read has the filters: nothing is offered to save.
    rerender(searchedCard(true, onFiltersChanged));
    expect(screen.getByRole('region', { name: 'Generated Job Filters' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save to Database' })).not.toBeInTheDocument();
  });

  it('offers no second save once one succeeded, while the page reads the client again', async () => {
    const client = {
      client: { id: 'client-7', kind: 'user', email: 'jane@example.com' },
      matched: 'sign_in_email',
    };
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const { action } = JSON.parse(String(init?.body)) as { action: string };
      return Response.json(
        action === 'save_filters'
          ? { ...client, document_id: 'doc-1', filter_ids: ['filter-1'] }
          : { ...client, ...generatedFiltersAnswer([draftFilter]), filters_already_exist: false },
      );
    });
    vi.stubGlobal('fetch', fetch);
    const onFiltersChanged = vi.fn();
    const { rerender } = renderWithQueries(searchedCard(false, onFiltersChanged));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Filters' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save to Database' }));

    expect(
      await screen.findByText('This client already has saved filters, listed under Existing Job Filters.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(onFiltersChanged).toHaveBeenCalledTimes(1);
    const saves = fetch.mock.calls.filter(([, init]) => String(init?.body).includes('"save_filters"'));
    expect(saves).toHaveLength(1);

    // The page has read the saved filters back; once they are deleted, the draft can be saved again.
    rerender(searchedCard(true, onFiltersChanged));
    expect(screen.queryByRole('button', { name: 'Save to Database' })).not.toBeInTheDocument();
    rerender(searchedCard(false, onFiltersChanged));
    expect(screen.getByRole('button', { name: 'Save to Database' })).toBeVisible();
  });
});
