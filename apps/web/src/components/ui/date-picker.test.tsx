import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Popover } from 'radix-ui';
import { describe, expect, it, vi } from 'vitest';
import { DatePickerPopover } from './date-picker.tsx';

describe('DatePickerPopover', () => {
  it('says the calendar is loading until its code is there, then picks a day', async () => {
    const onSelect = vi.fn();
    render(
      <Popover.Root open>
        <Popover.Trigger>Pick a date</Popover.Trigger>
        <DatePickerPopover
          align="start"
          aria-label="From date"
          selected={new Date(2030, 0, 15)}
          onSelect={onSelect}
        />
      </Popover.Root>,
    );
    const popover = screen.getByRole('dialog', { name: 'From date' });
    expect(popover).toHaveTextContent('Loading the calendar...');

    // The calendar's module is loaded now, for the first time in this run: it may take a while.
    const day = await screen.findByRole('button', { name: /January 20th, 2030/ }, { timeout: 10_000 });
    await userEvent.click(day);
    expect(onSelect).toHaveBeenCalledWith(
      new Date(2030, 0, 20),
      expect.anything(),
      expect.anything(),
      expect.anything(),
    );
    expect(popover).not.toHaveTextContent('Loading the calendar...');
  });
});
