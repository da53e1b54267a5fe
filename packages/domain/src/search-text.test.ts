import { describe, expect, it } from 'vitest';
import { foldForSearch, SEARCH_FOLDS } from './search-text.ts';

describe('search text', () => {
  it('folds case and marks away, in Latin, Greek and Vietnamese letters and stroked ones', () => {
    expect(foldForSearch('José Álvarez-Núñez')).toBe('jose alvarez-nunez');
    expect(foldForSearch('ZOË Brontë, Müller, Ørsted, Łukasz, Đorđe')).toBe(
      'zoe bronte, muller, orsted, lukasz, dorde',
    );
    expect(foldForSearch('Nguyễn Thị Hương')).toBe('nguyen thi huong');
    expect(foldForSearch('Ελένη')).toBe('ελενη');
  });

  it('leaves letters without marks, digits and signs as they are, lowered', () => {
    expect(foldForSearch('ada+1@Example.COM')).toBe('ada+1@example.com');
    expect(foldForSearch('ß æ 李')).toBe('ß æ 李');
  });

  it("gives SQL's translate one plain letter for each letter with marks", () => {
    expect([...SEARCH_FOLDS.from]).toHaveLength([...SEARCH_FOLDS.to].length);
    expect(new Set(SEARCH_FOLDS.from).size).toBe([...SEARCH_FOLDS.from].length);
    expect([...SEARCH_FOLDS.to].every((plain) => /\p{L}/u.test(plain))).toBe(true);
  });

  it('folds capitals with marks through the table alone, for a database that lowers only ASCII', () => {
    const table = new Map(
      [...SEARCH_FOLDS.from].map((letter, index) => [letter, [...SEARCH_FOLDS.to][index]]),
    );
    expect([...'ÉÑÜØ'].map((letter) => table.get(letter))).toEqual(['e', 'n', 'u', 'o']);
  });
});
