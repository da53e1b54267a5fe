import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, SEARCH_FOLDS } from './search-text.ts';

const MARKS = /^[\u0300-\u036f]$/u;

/** What PostgreSQL's translate does with the table: a character past the end of `to` is deleted. */
const TRANSLATED = new Map(
  [...SEARCH_FOLDS.from].map((character, index) => [character, [...SEARCH_FOLDS.to][index] ?? '']),
);
function translate(text: string): string {
  return [...text].map((character) => TRANSLATED.get(character) ?? character).join('');
}

describe('search text', () => {
  it('folds case and marks away, in Latin, Greek and Vietnamese letters and stroked ones', () => {
    expect(foldForSearch('José Álvarez-Núñez')).toBe('jose alvarez-nunez');
    expect(foldForSearch('ZOË Brontë, Müller, Ørsted, Łukasz, Đorđe')).toBe(
      'zoe bronte, muller, orsted, lukasz, dorde',
    );
    expect(foldForSearch('Nguyễn Thị Hương')).toBe('nguyen thi huong');
    expect(foldForSearch('Ελένη')).toBe('ελενη');
  });

  it('deletes combining marks, so text written as letters followed by their marks folds the same', () => {
    expect(foldForSearch('Re\u0301sume\u0301')).toBe('resume');
    expect(foldForSearch('Jose\u0301 Nu\u0303n\u0303ez')).toBe('jose nunez');
    expect(foldForSearch('Nguye\u0302\u0303n')).toBe('nguyen');
  });

  it('folds Cyrillic letters with marks, capitals too', () => {
    expect(foldForSearch('Ёлка, Йошкар-Ола, ЁЖИК, Україна')).toBe('елка, иошкар-ола, ежик, украіна');
  });

  it("gives 'İ' a plain 'i', as PostgreSQL's lower() does, not JavaScript's 'i' with a dot above", () => {
    expect(foldForSearch('İlker')).toBe('ilker');
    expect(foldForSearch('İLKER')).toBe(foldForSearch('ilker'));
  });

  it('folds a final sigma to the other one, however the word was written', () => {
    expect(foldForSearch('ΟΔΥΣΣΕΥΣ')).toBe('οδυσσευσ');
    expect(foldForSearch('Οδυσσεύς')).toBe('οδυσσευσ');
    expect(foldForSearch('ΟΔΥΣΣΕΥΣ')).toBe(foldForSearch('Οδυσσεύς'));
  });

  it('leaves letters without marks, digits and signs as they are, lowered', () => {
    expect(foldForSearch('ada+1@Example.COM')).toBe('ada+1@example.com');
    expect(foldForSearch('ß æ 李')).toBe('ß æ 李');
  });

  it("gives SQL's translate one plain letter for each letter with marks, and deletes marks last", () => {
    const from = [...SEARCH_FOLDS.from];
    const to = [...SEARCH_FOLDS.to];
    expect(new Set(from).size).toBe(from.length);
    expect(to.every((plain) => /^\p{L}$/u.test(plain))).toBe(true);
    // Every letter has its plain letter at the same place; the marks alone are past the end of `to`.
    expect(from.slice(0, to.length).every((letter) => /^\p{L}$/u.test(letter))).toBe(true);
    expect(from.slice(to.length)).toEqual(
      Array.from({ length: 0x70 }, (_, index) => String.fromCodePoint(0x0300 + index)),
    );
    expect(from.slice(to.length).every((mark) => MARKS.test(mark))).toBe(true);
  });

  it('folds capitals with marks through the table alone, for a database that lowers only ASCII', () => {
    expect(translate('ÉÑÜØЁЙİ\u0301')).toBe('enuoеиi');
  });

  it('agrees with translate over the table once text is lowered, as PostgreSQL does it', () => {
    for (const text of ['Re\u0301sume\u0301', 'Ёлка Йод', 'İlker', 'Οδυσσεύς', 'Nguyễn', 'Ørsted'])
      expect(translate(text.toLowerCase())).toBe(foldForSearch(text));
    // Any text at all, lowered the way JavaScript does it ('İ' to two characters, a final 'Σ' to 'ς',
    // the Ångström sign to 'å').
    const texts = fc.oneof(
      fc
        .array(
          fc.oneof(
            fc.integer({ min: 0x20, max: 0x52f }),
            fc.integer({ min: 0x1e00, max: 0x1fff }),
            fc.integer({ min: 1, max: 0x10ffff }).filter((code) => code < 0xd800 || code > 0xdfff),
          ),
        )
        .map((codes) => String.fromCodePoint(...codes)),
      fc.string({ unit: fc.constantFrom(...'İΣσςÉé\u212b\u0301\u0307 ЁЙaZ') }),
    );
    fc.assert(fc.property(texts, (text) => translate(text.toLowerCase()) === foldForSearch(text)));
  });
});
