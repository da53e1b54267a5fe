import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { YourDataCard } from './YourDataCard.tsx';

describe('deleting the account', () => {
  it('says the account is deleted after the session has ended, which clears the toasts on screen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    // As the session's end does once the sign-out request is back: every toast shown until then goes.
    const onDeleted = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      toast.dismiss();
    });
    renderWithQueries(
      <>
        <YourDataCard onDeleted={onDeleted} />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Type the e-mail address you sign in with'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));

    await vi.waitFor(() => expect(onDeleted).toHaveResolved());
    // Longer than a dismissed toast takes to fade out and leave.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByText('Account Deleted').closest('[data-sonner-toast]')).toHaveAttribute(
      'data-removed',
      'false',
    );
  });
});
