import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatSalary,
  formatShortDate,
  formatYesNo,
  linkifyNote,
  type NoteSegment,
} from './jobs-format.ts';

describe('formatCount', () => {
  it('groups thousands', () => {
    expect([0, 999, 1000, 10_000, 1_234_567].map(formatCount)).toEqual([
      '0',
      '999',
      '1,000',
      '10,000',
      '1,234,567',
    ]);
  });
});

describe('formatSalary', () => {
  it.each([
    [120000, '$120,000'],
    [85000.4, '$85,000'],
    [1500000, '$1,500,000'],
    [0, '$0'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    [Number.NaN, 'N/A'],
  ])('%s → %s', (amount, text) => {
    expect(formatSalary(amount)).toBe(text);
  });
});

describe('formatShortDate', () => {
  it.each([
    ['2024-11-03', 'Nov 3'],
    ['2024-01-31', 'Jan 31'],
    ['2024-12-09T23:59:00.000Z', 'Dec 9'],
    ['garbage', 'N/A'],
    [null, 'N/A'],
  ])('%s → %s', (value, text) => {
    expect(formatShortDate(value)).toBe(text);
  });
});

describe('formatYesNo', () => {
  it('reads booleans as Yes and No', () => {
    expect([formatYesNo(true), formatYesNo(false), formatYesNo(null)]).toEqual(['Yes', 'No', 'No']);
  });
});

const text = (value: string): NoteSegment => ({ type: 'text', text: value });
const link = (href: string, value = href): NoteSegment => ({ type: 'link', href, text: value });

describe('linkifyNote', () => {
  it.each<[string, NoteSegment[]]>([
    ['', []],
    ['No links here', [text('No links here')]],
    ['https://example.com/jobs/1', [link('https://example.com/jobs/1')]],
    [
      'Referral via https://example.com/r?id=4&x=1, ask Sam.',
      [text('Referral via '), link('https://example.com/r?id=4&x=1'), text(', ask Sam.')],
    ],
    ['See (http://example.org/a).', [text('See ('), link('http://example.org/a'), text(').')]],
    ['HTTPS://Example.COM/Path', [link('https://example.com/Path', 'HTTPS://Example.COM/Path')]],
    [
      'two: https://a.example https://b.example\nend',
      [
        text('two: '),
        link('https://a.example/', 'https://a.example'),
        text(' '),
        link('https://b.example/', 'https://b.example'),
        text('\nend'),
      ],
    ],
    ['javascript:alert(1)', [text('javascript:alert(1)')]],
    ['data:text/html,<script>alert(1)</script>', [text('data:text/html,<script>alert(1)</script>')]],
    ['<img src=x onerror=alert(1)>', [text('<img src=x onerror=alert(1)>')]],
    [
      '<a href="https://evil.example">x</a>',
      [text('<a href="'), link('https://evil.example/', 'https://evil.example'), text('">x</a>')],
    ],
    ['ftp://files.example.com and mailto:a@b.c', [text('ftp://files.example.com and mailto:a@b.c')]],
    ['bare https:// is not a link', [text('bare https:// is not a link')]],
  ])('%j', (note, segments) => {
    expect(linkifyNote(note)).toEqual(segments);
  });

  const noteParts = fc.oneof(
    fc.string(),
    fc.constantFrom(
      'https://',
      'http://',
      'javascript:',
      'data:',
      ' ',
      '\n',
      '"',
      "'",
      '<',
      '>',
      ').',
      ',',
      'www.',
    ),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.webUrl().map((url) => url.replace(/^https?/, 'javascript')),
  );

  it('never links anything but http and https, and keeps the note text exactly', () => {
    fc.assert(
      fc.property(
        fc.array(noteParts, { maxLength: 8 }).map((parts) => parts.join('')),
        (note) => {
          const segments = linkifyNote(note);
          expect(segments.map((segment) => segment.text).join('')).toBe(note);
          for (const segment of segments) {
            if (segment.type === 'link') expect(new URL(segment.href).protocol).toMatch(/^https?:$/);
            else expect(segment.text).not.toBe('');
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
