import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './Dialog.tsx';

describe('Dialog', () => {
  it('wraps a long unbroken description instead of pushing Close off a narrow screen', () => {
    const name = 'curriculum_vitae_senior_content_strategist_final_version_2.pdf';
    render(<Dialog open onOpenChange={() => {}} title="Share link" description={name} />);
    const dialog = screen.getByRole('dialog', { name: 'Share link' });
    // jsdom has no layout: what the browser needs to wrap it is on the header's text box.
    expect(screen.getByText(name).parentElement).toHaveClass('min-w-0', '[overflow-wrap:anywhere]');
    expect(dialog).toHaveAccessibleDescription(name);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveClass('shrink-0');
  });
});

/**
 * An opener with a finalFocus beside it; the dialog's Cancel closes it, Remove takes the opener away
 * and Disable disables it before closing.
 */
function OpenerAndFallback() {
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState<'shown' | 'disabled' | 'gone'>('shown');
  const fallback = useRef<HTMLButtonElement>(null);
  const closeWith = (next: typeof opener) => {
    setOpener(next);
    setOpen(false);
  };
  return (
    <>
      {opener !== 'gone' && (
        <button type="button" disabled={opener === 'disabled'} onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      <button type="button" ref={fallback}>
        Fallback
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Confirm"
        finalFocus={fallback}
        footer={
          <>
            <button type="button" onClick={() => closeWith('shown')}>
              Cancel
            </button>
            <button type="button" onClick={() => closeWith('gone')}>
              Remove
            </button>
            <button type="button" onClick={() => closeWith('disabled')}>
              Disable
            </button>
          </>
        }
      />
    </>
  );
}

describe('focus as a Dialog closes', () => {
  it.each([
    ['Cancel', 'the opener, still there, over finalFocus', 'Open'],
    ['Remove', 'finalFocus once the opener has gone', 'Fallback'],
    ['Disable', 'finalFocus once the opener is disabled', 'Fallback'],
  ])('after %s goes to %s', async (close, _case, focused) => {
    const user = userEvent.setup();
    render(<OpenerAndFallback />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: focused })).toHaveFocus());
  });
});
