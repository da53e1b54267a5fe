import { dataEngineerFilter } from '@app/domain/admin-email-testing';
import type { SavedFilter } from '@app/domain/job-filters';
import { FILTER_CHANGED_MESSAGE } from '@app/domain/job-filters-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { readFilterEditDraft } from '../../lib/storage.ts';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { EditableFiltersCard, FILTER_GONE_MESSAGE } from './EditableFiltersCard.tsx';

const filter: SavedFilter = {
  ...dataEngineerFilter,
  id: 'filter-1',
  client_email: 'jane@example.com',
  date_saved: '2026-11-03T14:15:00.000Z',
  version: 3,
};

describe('editing a saved filter', () => {
  it('names the version it was made on, and after a colleague saved first keeps the form and reads theirs', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => Response.json({ error: FILTER_CHANGED_MESSAGE }, { status: 409 }));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onChanged = vi.fn();
    renderWithQueries(
      <>
        <EditableFiltersCard filters={[filter]} userId="staff-1" onChanged={onChanged} />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: /^Edit\s*Data Engineer$/ }));
    const form = screen.getByRole('form', { name: `Edit filter ${filter.name}` });
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Senior Data Engineer');
    await user.click(within(form).getByRole('button', { name: 'Save filter' }));

    expect(await screen.findByText(FILTER_CHANGED_MESSAGE)).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/job-search-filters/filter-1');
    expect(JSON.parse(String(init.body))).toMatchObject({ version: 3, name: 'Senior Data Engineer' });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(within(form).getByLabelText('Name')).toHaveValue('Senior Data Engineer');
  });

  it('names the version opened even when the page reads a newer one meanwhile, until told of it', async () => {
    const user = userEvent.setup();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ error: FILTER_CHANGED_MESSAGE }, { status: 409 }))
      .mockResolvedValueOnce(
        Response.json({ data: { ...filter, name: 'Senior Data Engineer', version: 6 } }),
      );
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const card = (version: number) => (
      <>
        <EditableFiltersCard filters={[{ ...filter, version }]} userId="staff-1" onChanged={() => {}} />
        <Toaster />
      </>
    );
    const { rerender } = renderWithQueries(card(3));
    await user.click(screen.getByRole('button', { name: /^Edit\s*Data Engineer$/ }));
    const form = screen.getByRole('form', { name: `Edit filter ${filter.name}` });
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Senior Data Engineer');
    // Another change on the page reads the client again: a colleague saved this filter meanwhile.
    rerender(card(4));
    const sentVersion = (call: number) =>
      JSON.parse(String((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].body)).version;

    await user.click(within(form).getByRole('button', { name: 'Save filter' }));
    expect(await screen.findByText(FILTER_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(sentVersion(0)).toBe(3);

    // Told, the recruiter saves again over the version the page now shows.
    rerender(card(5));
    await user.click(within(form).getByRole('button', { name: 'Save filter' }));
    expect(await screen.findByText('Filter "Senior Data Engineer" saved')).toBeInTheDocument();
    expect(sentVersion(1)).toBe(5);
  });
});

describe('a filter edit left open', () => {
  const card = (userId: string, filters: readonly SavedFilter[] = [filter], onChanged = () => {}) => (
    <>
      <EditableFiltersCard filters={filters} userId={userId} onChanged={onChanged} />
      <Toaster />
    </>
  );
  const formOf = () => screen.getByRole('form', { name: `Edit filter ${filter.name}` });
  const typeEdit = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: /^Edit\s*Data Engineer$/ }));
    await user.clear(within(formOf()).getByLabelText('Name'));
    await user.type(within(formOf()).getByLabelText('Name'), 'Senior Data Engineer');
    await user.type(within(formOf()).getByLabelText('Minimum salary'), '0');
  };

  it('comes back after a reload as typed, for its recruiter only, and is forgotten once saved', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () =>
      Response.json({ data: { ...filter, name: 'Senior Data Engineer', version: 4 } }),
    );
    vi.stubGlobal('fetch', fetch);
    const first = renderWithQueries(card('staff-1'));
    await typeEdit(user);
    const salary = within(formOf()).getByLabelText('Minimum salary');
    const typedSalary = (salary as HTMLInputElement).value;
    first.unmount();

    // Someone else signed in on this tab sees no edit of theirs.
    const other = renderWithQueries(card('staff-2'));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    other.unmount();

    renderWithQueries(card('staff-1'));
    expect(within(formOf()).getByLabelText('Name')).toHaveValue('Senior Data Engineer');
    expect(within(formOf()).getByLabelText('Minimum salary')).toHaveValue(typedSalary);
    await user.click(within(formOf()).getByRole('button', { name: 'Save filter' }));
    expect(await screen.findByText('Filter "Senior Data Engineer" saved')).toBeInTheDocument();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ version: 3, name: 'Senior Data Engineer' });
    expect(readFilterEditDraft('staff-1', filter.id)).toBeUndefined();
  });

  it('is forgotten on Cancel', async () => {
    const user = userEvent.setup();
    renderWithQueries(card('staff-1'));
    await typeEdit(user);
    expect(readFilterEditDraft('staff-1', filter.id)?.fields.name).toBe('Senior Data Engineer');
    await user.click(within(formOf()).getByRole('button', { name: 'Cancel' }));
    expect(readFilterEditDraft('staff-1', filter.id)).toBeUndefined();
  });

  it('keeps its text when a colleague deleted the filter meanwhile, says what to do and reads the filters again', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Job search filter not found' }, { status: 404 })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onChanged = vi.fn();
    const { rerender } = renderWithQueries(card('staff-1', [filter], onChanged));
    await typeEdit(user);
    await user.click(within(formOf()).getByRole('button', { name: 'Save filter' }));

    expect(await within(formOf()).findByRole('alert')).toHaveTextContent(FILTER_GONE_MESSAGE);
    expect(onChanged).toHaveBeenCalledTimes(1);
    // The filters read again no longer hold it: the form stays until Cancel.
    rerender(card('staff-1', [], onChanged));
    expect(within(formOf()).getByLabelText('Name')).toHaveValue('Senior Data Engineer');
    expect(within(formOf()).queryByRole('button', { name: 'Save filter' })).not.toBeInTheDocument();
    await user.click(within(formOf()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText('No job filters saved for this client yet.')).toBeInTheDocument();
    expect(readFilterEditDraft('staff-1', filter.id)).toBeUndefined();
  });
});
