import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button.tsx';

/** A form whose submit button is busy from its first submission on. */
function SlowForm({ onSubmit }: { onSubmit(): void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        onSubmit();
      }}
    >
      <input aria-label="Query" />
      <Button type="submit" busy={busy}>
        {busy ? 'Searching...' : 'Search'}
      </Button>
    </form>
  );
}

describe('a busy button', () => {
  it('keeps keyboard focus, says it is unavailable, and ignores clicks', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Show older</Button>);
    const button = screen.getByRole('button', { name: 'Show older' });
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button busy onClick={onClick}>
        Show older
      </Button>,
    );
    expect(button).toHaveFocus();
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not send its form again, by a click or by Enter in a field', async () => {
    const onSubmit = vi.fn();
    render(<SlowForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Query' }), 'jane{Enter}');
    const button = screen.getByRole('button', { name: 'Searching...' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await userEvent.type(screen.getByRole('textbox', { name: 'Query' }), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is still disabled outright when it is disabled', () => {
    render(
      <Button disabled busy>
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('a held button (aria-disabled)', () => {
  it('stays in the Tab order and says why it waits, but ignores clicks, Enter and Space', async () => {
    const onClick = vi.fn();
    render(
      <>
        <p id="why">Fix the date first.</p>
        <Button aria-disabled aria-describedby="why" onClick={onClick}>
          Apply Filters
        </Button>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Apply Filters' });
    await userEvent.tab();
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleDescription('Fix the date first.');
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('hands a click to onHeldClick, to show what it waits for, but not while it is busy', async () => {
    const onClick = vi.fn();
    const onHeldClick = vi.fn();
    const { rerender } = render(
      <Button aria-disabled onClick={onClick} onHeldClick={onHeldClick}>
        Next
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onHeldClick).toHaveBeenCalledTimes(2);
    expect(onClick).not.toHaveBeenCalled();
    rerender(
      <Button aria-disabled busy onClick={onClick} onHeldClick={onHeldClick}>
        Next
      </Button>,
    );
    await userEvent.click(button);
    expect(onHeldClick).toHaveBeenCalledTimes(2);
    rerender(
      <Button onClick={onClick} onHeldClick={onHeldClick}>
        Next
      </Button>,
    );
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onHeldClick).toHaveBeenCalledTimes(2);
  });
});
