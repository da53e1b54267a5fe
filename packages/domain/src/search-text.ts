/**
 * How searches compare text: case aside and letters' marks aside, so 'jose' finds 'José' and
 * 'resume' finds 'Résumé'. The same rule runs in the browser (the recruiter's job table) and in SQL
 * (the clients board): a table of characters, which PostgreSQL applies with
 * `translate(lower(text), from, to)` and SQLite through this very function, rather than a Unicode
 * normalisation only JavaScript has.
 *
 * The table holds every letter it folds in capitals as well, so the answer does not hang on how the
 * database lowers them. Capitals without marks outside ASCII ('Д', 'Σ', 'Æ') are another matter:
 * the table has nothing to fold them to, so they rest on PostgreSQL's lower(). The usual UTF-8
 * collations (C.UTF-8, en_US.UTF-8 and the like) lower them as JavaScript does; the plain "C"
 * collation lowers ASCII alone, and there a client named 'Даша' keeps her capital while the search,
 * folded here, is lowered: neither 'даша' nor 'Даша' finds her (though 'аша' does).
 */

/** Letters that are a plain letter plus marks once decomposed (Latin, Greek, Cyrillic, Vietnamese). */
function decomposingLetters(): [string, string][] {
  const pairs: [string, string][] = [];
  const ranges = [
    [0x00c0, 0x024f],
    [0x0370, 0x03ff],
    [0x0400, 0x04ff],
    [0x1e00, 0x1eff],
  ] as const;
  for (const [first, last] of ranges) {
    for (let codePoint = first; codePoint <= last; codePoint += 1) {
      const letter = String.fromCodePoint(codePoint);
      // Capitals too, lowered: a PostgreSQL whose collation lowers ASCII alone leaves 'É' to the table,
      // and 'İ' must give 'i' here as PostgreSQL's lower() gives it, not JavaScript's 'i' + dot above.
      const bare = letter.normalize('NFD').replace(/\p{M}/gu, '');
      if (bare !== letter && bare.length === 1 && /\p{L}/u.test(bare))
        pairs.push([letter, bare.toLowerCase()]);
    }
  }
  return pairs;
}

/** Letters no decomposition takes apart: written with a stroke, or a form of another letter. */
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
  // JavaScript lowers a word's last 'Σ' to 'ς', PostgreSQL to 'σ'; and people type 'ς' themselves.
  ['ς', 'σ'],
];

/**
 * The combining marks, deleted: text written as a letter followed by its marks ('Re\u0301sume\u0301')
 * rather than as letters with marks. They go last in `from`, with nothing at their place in `to`,
 * because PostgreSQL's translate deletes the characters of `from` that `to` is too short to match.
 */
function combiningMarks(): [string, string][] {
  const pairs: [string, string][] = [];
  for (let codePoint = 0x0300; codePoint <= 0x036f; codePoint += 1)
    pairs.push([String.fromCodePoint(codePoint), '']);
  return pairs;
}

const FOLDS = [...decomposingLetters(), ...STROKED, ...combiningMarks()];

/**
 * `translate`'s arguments: each character of `from` becomes the one at its place in `to`, and the
 * marks at the end of `from`, past the end of `to`, are deleted.
 */
export const SEARCH_FOLDS = {
  from: FOLDS.map(([character]) => character).join(''),
  to: FOLDS.map(([, plain]) => plain).join(''),
} as const;

const FOLDED = new Map(FOLDS);

/** `text` as searches compare it: lower case, marks folded away. */
export function foldForSearch(text: string): string {
  let folded = '';
  // Character by character, the table first: it decides the letters it holds whatever the case, so
  // JavaScript's own ways of lowering them ('İ' to two characters, a final 'Σ' to 'ς') never show.
  // What the table does not hold is lowered, then looked up again, as PostgreSQL translates what
  // lower() gives (the Ångström sign 'Å' lowers to 'å', which the table folds).
  for (const character of text) {
    const inTable = FOLDED.get(character);
    if (inTable !== undefined) {
      folded += inTable;
      continue;
    }
    for (const lowered of character.toLowerCase()) folded += FOLDED.get(lowered) ?? lowered;
  }
  return folded;
}
