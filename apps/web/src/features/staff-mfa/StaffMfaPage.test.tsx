import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { type SecondFactorAccount, StaffMfaPage } from './StaffMfaPage.tsx';

describe('the second-factor page', () => {
  it('sets up again after a recovery code that the server took while it could not read the secret', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/auth/v1/mfa/verify')
        return Response.json({ access_token: 't', user: { mfa: 'enrol' }, enrol_again: true });
      if (url === '/auth/v1/mfa/enrol')
        return Response.json({
          otpauth_url: 'otpauth://x',
          qr_code: 'data:image/png;base64,',
          secret: 'ABCDEFGH',
        });
      return Response.json({});
    });
    vi.stubGlobal('fetch', fetch);
    const account: SecondFactorAccount = {
      state: 'verify',
      refreshSession: vi.fn(async () => {
        account.state = 'enrol';
      }),
      signOut: vi.fn(async () => {}),
    };
    const view = () => (
      <>
        <MemoryRouter initialEntries={['/mfa']}>
          <StaffMfaPage account={{ ...account }} />
        </MemoryRouter>
        <Toaster />
      </>
    );
    const { rerender } = renderWithQueries(view());
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-jkmn-pqrs');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Recovery code accepted. Set up two-step verification again with your app.'),
    ).toBeInTheDocument();
    expect(account.refreshSession).toHaveBeenCalledOnce();
    // The app passes the refreshed session's state down again.
    rerender(view());
    expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toHaveFocus();
    expect(await screen.findByText('ABCD EFGH')).toBeInTheDocument();
  });
});
