import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateInput } from './date-text.ts';

describe('formatDateInput', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['01', '01'],
    // The slash goes in with the digit after it, never on its own.
    ['010', '01/0'],
    ['0102', '01/02'],
    ['01021', '01/02/1'],
    ['01021990', '01/02/1990'],
    // The year stops at four digits.
    ['010219901', '01/02/1990'],
    // Slashes typed where they belong are kept, stray ones dropped.
    ['01/', '01/'],
    ['01/02/', '01/02/'],
    ['1/2/1990', '1/2/1990'],
    ['1/021990', '1/02/1990'],
    ['/', ''],
    ['01//02', '01/02'],
    ['01/02/19/90', '01/02/1990'],
    // Anything but digits and slashes is left for the rule to judge.
    ['1990-01-02', '1990-01-02'],
    ['Jan 2, 1990', 'Jan 2, 1990'],
    [' 01/02/1990', ' 01/02/1990'],
  ])('%j → %j', (typed, shown) => {
    expect(formatDateInput(typed)).toBe(shown);
  });

  it('lets backspace take the digits and slashes away one by one, down to nothing', () => {
    let text = formatDateInput('01021990');
    const seen = [text];
    while (text !== '') {
      text = formatDateInput(text.slice(0, -1));
      seen.push(text);
    }
    expect(seen).toEqual([
      '01/02/1990',
      '01/02/199',
      '01/02/19',
      '01/02/1',
      '01/02/',
      '01/02',
      '01/0',
      '01/',
      '01',
      '0',
      '',
    ]);
  });

  it('keeps a digit deleted in the middle deleted, without moving the others', () => {
    expect(formatDateInput('01/0/1990')).toBe('01/0/1990');
    expect(formatDateInput('1/02/1990')).toBe('1/02/1990');
  });

  it('keeps a digit typed in the middle where it was typed, without moving digits across the slashes', () => {
    // Not '01/02/3199': a year changed behind the person's back would look like a date to keep.
    expect(formatDateInput('01/023/1990')).toBe('01/023/1990');
    expect(formatDateInput('012/02/1990')).toBe('012/02/1990');
    // Nor '01/02/1959', dropping the year's last digit.
    expect(formatDateInput('01/02/19590')).toBe('01/02/19590');
  });

  it('keeps the digits typed, in order, up to the end of the year, and is stable when applied again', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\d/]{0,14}$/), (typed) => {
        const shown = formatDateInput(typed);
        expect(typed.replace(/\D/g, '').startsWith(shown.replace(/\D/g, ''))).toBe(true);
        expect(formatDateInput(shown)).toBe(shown);
      }),
    );
  });
});
