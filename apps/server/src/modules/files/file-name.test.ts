import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extensionOf, safeFileName } from './file-name.ts';

describe('safeFileName', () => {
  it.each([
    ['My Resume 2024.pdf', 'My_Resume_2024.pdf'],
    ['../../x.pdf', 'x.pdf'],
    ['..\\..\\windows\\x.pdf', 'x.pdf'],
    ['/etc/passwd', 'passwd'],
    ['cv\u0000\u0007\n.pdf', 'cv.pdf'],
    ['evil\u202Efdp.exe', 'evilfdp.exe'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['...', 'document'],
    ['', 'document'],
    ['CV.PDF', 'CV.pdf'],
    ['Jöhn "quoted"; name.docx', 'Jöhn_quoted_name.docx'],
    ['a   b\u00a0c.doc', 'a_b_c.doc'],
    // Only symbols before the extension: the extension stays, the name falls back to 'document'.
    ['★.pdf', 'document.pdf'],
    ['$$.pdf', 'document.pdf'],
    ['—.docx', 'document.docx'],
    ['..pdf', 'document.pdf'],
    ['_.DOC', 'document.doc'],
    ['★ CV ★.pdf', 'CV_.pdf'],
    // A leading dot is a hidden file's, as the browser's check reads it: no extension.
    ['.pdf', 'pdf'],
  ])('%j becomes %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('keeps long names short and their extension intact', () => {
    const name = safeFileName(`${'a'.repeat(500)}.docx`);
    expect(name).toHaveLength(100);
    expect(name.endsWith('.docx')).toBe(true);
    expect(safeFileName(`cv.${'x'.repeat(300)}`)).toHaveLength(100);
  });

  it('keeps names in other scripts within the bytes a file system allows', () => {
    const name = safeFileName(`${'Резюме_'.repeat(14)}.pdf`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(120);
    expect(name).toMatch(/^Резюме_Резюме_.*\.pdf$/);
    expect(Buffer.byteLength(safeFileName(`${'履歷'.repeat(60)}.docx`))).toBeLessThanOrEqual(120);
  });

  it('always yields one short, harmless path segment', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (input) => {
        const name = safeFileName(input);
        expect(name.length).toBeGreaterThan(0);
        expect(Array.from(name).length).toBeLessThanOrEqual(100);
        expect(Buffer.byteLength(name)).toBeLessThanOrEqual(120);
        expect(name).toMatch(/^[\p{L}\p{N}(-][\p{L}\p{N}._()-]*$/u);
      }),
    );
  });
});

describe('extensionOf', () => {
  it.each([
    ['a.PDF', 'pdf'],
    ['a.tar.docx', 'docx'],
    ['noext', ''],
  ])('%j has extension %j', (name, expected) => {
    expect(extensionOf(name)).toBe(expected);
  });
});
