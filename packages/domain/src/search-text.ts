/**
 * How searches compare text: case aside and letters' marks aside, so 'jose' finds 'José' and
 * 'resume' finds 'Résumé'. The same rule runs in the browser (the recruiter's job table) and in SQL
 * (the clients board): a table of characters, which PostgreSQL applies with
 * `translate(lower(text), from, to)` and SQLite through this very function, rather than a Unicode
 * normalisation only JavaScript has.
 */

/** Letters that are a plain letter plus marks once decomposed (Latin, Greek, Vietnamese). */
function decomposingLetters(): [string, string][] {
  const pairs: [string, string][] = [];
  const ranges = [
    [0x00c0, 0x024f],
    [0x0370, 0x03ff],
    [0x1e00, 0x1eff],
  ] as const;
  for (const [first, last] of ranges) {
    for (let codePoint = first; codePoint <= last; codePoint += 1) {
      const letter = String.fromCodePoint(codePoint);
      // Capitals too, lowered: a PostgreSQL whose collation lowers ASCII alone leaves 'É' to the table.
      const bare = letter.normalize('NFD').replace(/\p{M}/gu, '');
      if (bare !== letter && bare.length === 1 && /\p{L}/u.test(bare))
        pairs.push([letter, bare.toLowerCase()]);
    }
  }
  return pairs;
}

/** Letters written with a stroke, which no decomposition takes apart. */
const STROKED: [string, string][] = [
  ['ø', 'o'],
  ['Ø', 'o'],
  ['ł', 'l'],
  ['Ł', 'l'],
  ['đ', 'd'],
  ['Đ', 'd'],
  ['ħ', 'h'],
  ['Ħ', 'h'],
  ['ŧ', 't'],
  ['Ŧ', 't'],
  ['ı', 'i'],
];

const FOLDS = [...decomposingLetters(), ...STROKED];

/** `translate`'s arguments: each character of `from` becomes the one at its place in `to`. */
export const SEARCH_FOLDS = {
  from: FOLDS.map(([letter]) => letter).join(''),
  to: FOLDS.map(([, plain]) => plain).join(''),
} as const;

const FOLDED = new Map(FOLDS);

/** `text` as searches compare it: lower case, marks folded away. */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const character of text.toLowerCase()) folded += FOLDED.get(character) ?? character;
  return folded;
}
