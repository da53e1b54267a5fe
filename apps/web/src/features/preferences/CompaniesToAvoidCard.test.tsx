import { AVOIDED_COMPANIES_MAX } from '@app/domain/companies-to-avoid';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { CompaniesToAvoidCard } from './CompaniesToAvoidCard.tsx';
import { addCompanyToAvoid, fetchCompaniesToAvoid, removeCompanyToAvoid } from './companies-api.ts';

vi.mock('./companies-api.ts', async (original) => ({
  ...(await original<typeof import('./companies-api.ts')>()),
  addCompanyToAvoid: vi.fn(),
  fetchCompaniesToAvoid: vi.fn(),
  removeCompanyToAvoid: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/**
 * A server holding `names`, which a removal takes out of and an addition adds to, and offering
 * `suggestion` until it is added.
 */
function companiesServer(names: string[], suggestion: string | null = null) {
  let held = names;
  vi.mocked(fetchCompaniesToAvoid).mockImplementation(async () => ({
    data: held.map((name) => ({ name, created_at: '2026-01-05T10:00:00.000Z' })),
    suggestion: suggestion !== null && held.includes(suggestion) ? null : suggestion,
  }));
  vi.mocked(removeCompanyToAvoid).mockImplementation(async (removed) => {
    held = held.filter((name) => name !== removed);
  });
  vi.mocked(addCompanyToAvoid).mockImplementation(async (added) => {
    held = [...held, added];
    return { name: added, created_at: '2026-01-06T10:00:00.000Z' };
  });
}

function renderCard() {
  renderWithQueries(<CompaniesToAvoidCard />);
}

beforeEach(() => {
  vi.mocked(fetchCompaniesToAvoid).mockReset();
  vi.mocked(removeCompanyToAvoid).mockReset();
  vi.mocked(addCompanyToAvoid).mockReset();
  vi.mocked(toast.error).mockReset();
});

describe('Companies to Avoid', () => {
  it.each([
    ['a list with room', ['Globex', 'Initech']],
    [
      'a full list, whose name box comes back',
      ['Globex', ...Array.from({ length: AVOIDED_COMPANIES_MAX - 1 }, (_, i) => `Company ${i}`)],
    ],
  ])('gives focus to the name box once a removed company leaves %s', async (_list, names) => {
    companiesServer(names);
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Remove Globex' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Globex' })).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveFocus();
  });

  it('keeps focus on a Remove button while its removal runs, and leaves the others working', async () => {
    companiesServer(['Globex', 'Initech', 'Umbrella']);
    // No removal is answered while the test runs.
    vi.mocked(removeCompanyToAvoid).mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    renderCard();
    const globex = await screen.findByRole('button', { name: 'Remove Globex' });
    await user.click(globex);
    expect(globex).toHaveFocus();
    expect(globex).not.toBeDisabled();
    expect(globex).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    expect(removeCompanyToAvoid).toHaveBeenCalledTimes(1);
    const initech = screen.getByRole('button', { name: 'Remove Initech' });
    expect(initech).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(initech);
    await waitFor(() => expect(vi.mocked(removeCompanyToAvoid).mock.lastCall?.[0]).toBe('Initech'));
  });

  it('says why adding the current employer failed when the list is full and the name box is gone', async () => {
    const full = Array.from({ length: AVOIDED_COMPANIES_MAX }, (_, i) => `Company ${i}`);
    companiesServer(full, 'Contoso');
    vi.mocked(addCompanyToAvoid).mockRejectedValue(
      new ApiError('You can list at most 200 companies to avoid.', 400),
    );
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Contoso' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update Failed', {
        description: 'You can list at most 200 companies to avoid.',
      }),
    );
    expect(screen.queryByRole('textbox', { name: 'Company name' })).toBeNull();
  });

  it('adds the current employer without losing a name being typed, and focus goes on to the name box', async () => {
    companiesServer(['Globex'], 'Contoso');
    const user = userEvent.setup();
    renderCard();
    await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'Initech');
    await user.click(screen.getByRole('button', { name: 'Add Contoso' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add Contoso' })).toBeNull());
    expect(screen.getByText('Contoso')).toBeInTheDocument();
    const nameBox = screen.getByRole('textbox', { name: 'Company name' });
    expect(nameBox).toHaveValue('Initech');
    expect(nameBox).toHaveFocus();

    // A typed name added is emptied from the box.
    await user.type(nameBox, '{Enter}');
    await waitFor(() => expect(screen.getByText('Initech')).toBeInTheDocument());
    expect(nameBox).toHaveValue('');
  });

  it('says a refresh after an addition failed, showing the companies as last loaded', async () => {
    companiesServer(['Globex']);
    renderCard();
    expect(await screen.findByRole('list', { name: 'Companies to avoid' })).toHaveTextContent('Globex');
    vi.mocked(fetchCompaniesToAvoid).mockRejectedValue(new ApiError('The list is resting', 503));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Company name'), 'Initech');
    await user.click(screen.getByRole('button', { name: 'Add Company' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Could not refresh your list, so it shows the companies as last loaded: The list is resting$/,
    );
    expect(screen.getByRole('list', { name: 'Companies to avoid' })).toHaveTextContent('Globex');
  });

  it('shows a failure to add a typed name under the name box', async () => {
    companiesServer([]);
    vi.mocked(addCompanyToAvoid).mockRejectedValue(new ApiError('Contoso is already on your list.', 409));
    const user = userEvent.setup();
    renderCard();
    await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'Contoso{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveAccessibleDescription(
        'Contoso is already on your list.',
      ),
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it.each([
    [
      'refused as already there (added in another tab)',
      new ApiError('That company is already on your list.', 409),
      'That company is already on your list.',
    ],
    ['not answered (saved all the same)', new ApiError('Failed to fetch', 0), 'Please try again later.'],
  ])('reads the list again when an addition is %s, and shows the company', async (_, failure, message) => {
    // The server has Acme; the list shown does not.
    companiesServer(['Globex']);
    renderCard();
    expect(await screen.findByRole('list', { name: 'Companies to avoid' })).toHaveTextContent(/^Globex$/);
    companiesServer(['Globex', 'Acme']);
    vi.mocked(addCompanyToAvoid).mockRejectedValue(failure);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Acme{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Companies to avoid' })).toHaveTextContent('Acme'),
    );
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveAccessibleDescription(message);
  });

  it('reads the list again when a removal is refused as not there, and the row goes', async () => {
    // Removed in another tab: the list shown still has it.
    companiesServer(['Globex', 'Acme']);
    renderCard();
    const acme = await screen.findByRole('button', { name: 'Remove Acme' });
    companiesServer(['Globex']);
    vi.mocked(removeCompanyToAvoid).mockRejectedValue(new ApiError('That company is not on your list.', 404));
    await userEvent.click(acme);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Acme' })).toBeNull());
    expect(screen.getByRole('list', { name: 'Companies to avoid' })).toHaveTextContent(/^Globex$/);
    expect(toast.error).toHaveBeenCalledWith('Update Failed', {
      description: 'That company is not on your list.',
    });
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveFocus();
  });
});
