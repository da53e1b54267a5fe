import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppHeader } from './AppHeader.tsx';

vi.mock('../../features/auth/AuthProvider.tsx', () => ({
  useAuth: () => ({
    user: { role: 'client', email: 'ada@example.com', first_name: 'Ada', last_name: 'Byron' },
    signOut: vi.fn(),
  }),
}));
vi.mock('../../lib/public-config.ts', () => ({
  usePublicConfig: () => ({ brandName: 'Mobius', advancedProductUrl: 'https://advanced.example' }),
}));
// Not under test here: the account menu, with its own pop-up.
vi.mock('./AccountMenu.tsx', () => ({ AccountMenu: () => <button type="button">Your account</button> }));

const renderHeader = () =>
  render(
    <MemoryRouter initialEntries={['/profile']}>
      <AppHeader />
    </MemoryRouter>,
  );

describe('the account menu', () => {
  it("shows the person's initials from the first paint, before the menu's code arrives", async () => {
    renderHeader();
    expect(screen.queryByRole('button', { name: 'Your account' })).toBeNull();
    expect(screen.getByText('AB')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Your account' });
    expect(screen.queryByText('AB')).toBeNull();
  });
});

describe('the folded menu of a phone', () => {
  it('gives focus back to the menu button when Escape closes it from an entry', async () => {
    const user = userEvent.setup();
    renderHeader();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '') as HTMLElement;
    within(menu).getByRole('link', { name: 'Apply for Me' }).focus();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('closes as an entry is chosen, even one whose page does not change (the page it is on)', async () => {
    const user = userEvent.setup();
    renderHeader();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '') as HTMLElement;
    await user.click(within(menu).getByRole('link', { name: 'My Profile' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    // The entry went with the menu: focus is on the menu button, not dropped to the page.
    expect(menuButton).toHaveFocus();
  });
});
