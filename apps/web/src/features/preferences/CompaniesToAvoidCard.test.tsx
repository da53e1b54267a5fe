import { AVOIDED_COMPANIES_MAX } from '@app/domain/companies-to-avoid';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompaniesToAvoidCard } from './CompaniesToAvoidCard.tsx';
import { fetchCompaniesToAvoid, removeCompanyToAvoid } from './companies-api.ts';

vi.mock('./companies-api.ts', async (original) => ({
  ...(await original<typeof import('./companies-api.ts')>()),
  fetchCompaniesToAvoid: vi.fn(),
  removeCompanyToAvoid: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/** A server holding `names`, which a removal takes out of. */
function companiesServer(names: string[]) {
  let held = names;
  vi.mocked(fetchCompaniesToAvoid).mockImplementation(async () => ({
    data: held.map((name) => ({ name, created_at: '2026-01-05T10:00:00.000Z' })),
    suggestion: null,
  }));
  vi.mocked(removeCompanyToAvoid).mockImplementation(async (removed) => {
    held = held.filter((name) => name !== removed);
  });
}

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CompaniesToAvoidCard />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(fetchCompaniesToAvoid).mockReset();
  vi.mocked(removeCompanyToAvoid).mockReset();
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
});
