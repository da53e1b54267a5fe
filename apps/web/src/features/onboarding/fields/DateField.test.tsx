import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormHarness, renderOnboarding } from '../testing.tsx';
import { DateField } from './DateField.tsx';

function renderDate() {
  const onValues = vi.fn();
  renderOnboarding(
    <FormHarness onValues={onValues}>
      <DateField name="birthdate" label="Birthdate" />
    </FormHarness>,
  );
  return {
    box: screen.getByRole('textbox', { name: 'Birthdate' }),
    stored: () => onValues.mock.lastCall?.[0].birthdate,
  };
}

describe('a typed date', () => {
  it('takes digits alone, as a phone keypad types them, putting in the slashes', async () => {
    const user = userEvent.setup();
    const { box, stored } = renderDate();
    expect(box).toHaveAttribute('inputmode', 'numeric');
    await user.type(box, '0102');
    expect(box).toHaveValue('01/02');
    await user.type(box, '1990');
    expect(box).toHaveValue('01/02/1990');
    expect(stored()).toBe('1990-01-02');
  });

  it('lets backspace take a slash away, and keeps what is typed with slashes as typed', async () => {
    const user = userEvent.setup();
    const { box, stored } = renderDate();
    await user.type(box, '010');
    expect(box).toHaveValue('01/0');
    await user.type(box, '{Backspace}{Backspace}');
    expect(box).toHaveValue('01');
    await user.clear(box);
    await user.type(box, '7/4/1990');
    expect(box).toHaveValue('7/4/1990');
    expect(stored()).toBe('1990-07-04');
    await user.tab();
    expect(box).toHaveValue('07/04/1990');
  });

  it('keeps a digit typed into the middle of a whole date where it was typed', async () => {
    const user = userEvent.setup();
    const { box, stored } = renderDate();
    await user.type(box, '01021990');
    expect(box).toHaveValue('01/02/1990');
    // After the day's '02': the year is not rewritten to 3199 and taken for a date.
    await user.type(box, '3', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(box).toHaveValue('01/023/1990');
    expect(stored()).toBe('01/023/1990');
  });

  it('leaves a pasted date of another shape alone, for the rule to judge', async () => {
    const user = userEvent.setup();
    const { box, stored } = renderDate();
    await user.click(box);
    await user.paste('1990-01-02');
    expect(box).toHaveValue('1990-01-02');
    expect(stored()).toBe('1990-01-02');
  });
});
