import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { DevicesCard } from './DevicesCard.tsx';
import { devicesQueryKey, fetchDevices, type SignedInDevice, signOutOtherDevices } from './devices.ts';

vi.mock('./devices.ts', async (original) => ({
  ...(await original<typeof import('./devices.ts')>()),
  fetchDevices: vi.fn(),
  signOutOtherDevices: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const device = (id: string, current: boolean): SignedInDevice => ({
  id,
  user_agent: '',
  created_at: '2026-01-05T10:00:00.000Z',
  last_seen_at: '2026-01-05T10:00:00.000Z',
  current,
});

describe('Signed-in devices', () => {
  it('gives focus to the card once the last other device is signed out and its button is disabled', async () => {
    let held = [device('this', true), device('other', false)];
    vi.mocked(fetchDevices).mockImplementation(async () => held);
    vi.mocked(signOutOtherDevices).mockImplementation(async () => {
      held = held.filter((kept) => kept.current);
      return 1;
    });
    const user = userEvent.setup();
    renderWithQueries(<DevicesCard />);
    const card = screen.getByRole('region', { name: 'Signed-in devices' });
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(2));
    const signOutOthers = within(card).getByRole('button', { name: 'Sign out everywhere else' });
    await user.click(signOutOthers);
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(1));
    expect(signOutOthers).toBeDisabled();
    await waitFor(() => expect(card).toHaveFocus());
  });

  it('says a refresh of the list failed while it shows the devices as last loaded', async () => {
    vi.mocked(fetchDevices)
      .mockResolvedValueOnce([device('this', true), device('other', false)])
      .mockRejectedValueOnce(new Error('Network down'));
    const { queryClient } = renderWithQueries(<DevicesCard />);
    const card = screen.getByRole('region', { name: 'Signed-in devices' });
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(2));
    await act(() => queryClient.refetchQueries({ queryKey: devicesQueryKey }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      /^Could not refresh the list, so it shows your devices as last loaded\.$/,
    );
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says the devices could not be loaded, and shows them once Try Again brings them', async () => {
    vi.mocked(fetchDevices)
      .mockRejectedValueOnce(new Error('Network down'))
      .mockResolvedValueOnce([device('this', true)]);
    renderWithQueries(<DevicesCard />);
    const card = screen.getByRole('region', { name: 'Signed-in devices' });
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      /^Failed to load your signed-in devices\. Please try again\.$/,
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(1));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });
});
