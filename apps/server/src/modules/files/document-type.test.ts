import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compoundHeaderBytes,
  docBytes,
  docxBytes,
  linuxExecutableBytes,
  pdfBytes,
  windowsExecutableBytes,
  xlsBytes,
  zipArchive,
} from '../../testing/documents.ts';
import { detectDocumentType } from './document-type.ts';

describe('detectDocumentType', () => {
  it.each([
    ['a PDF', pdfBytes(), 'pdf'],
    ['a Word document (DOCX)', docxBytes(), 'docx'],
    ['a legacy Word document (DOC)', docBytes(), 'doc'],
    ['an Excel 97 workbook (a compound file without a Word stream)', xlsBytes(), null],
    ['a compound-file signature with nothing behind it', compoundHeaderBytes(), null],
    ['a ZIP without a word/ part', zipArchive({ 'xl/workbook.xml': '<x/>' }), null],
    [
      'a ZIP header with no central directory',
      Buffer.from('PK\u0003\u0004word/document.xml', 'latin1'),
      null,
    ],
    ['a Windows executable', windowsExecutableBytes(), null],
    ['a Linux executable', linuxExecutableBytes(), null],
    ['plain text', Buffer.from('hello'), null],
    ['nothing', Buffer.alloc(0), null],
  ])('recognises %s', async (_label, bytes, expected) => {
    expect(await detectDocumentType(bytes)).toBe(expected);
  });

  it('never throws on arbitrary bytes, even behind a ZIP header', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.boolean(), async (random, asZip) => {
        const bytes = Buffer.concat([
          asZip ? Buffer.from('PK\u0003\u0004', 'latin1') : Buffer.alloc(0),
          random,
        ]);
        expect(['pdf', 'docx', 'doc', null]).toContain(await detectDocumentType(bytes));
      }),
    );
  });

  it.each([
    ['archive', docxBytes()],
    ['compound file', docBytes()],
  ])('never throws on a real %s with corrupted bytes', async (_label, original) => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(original.length - 1),
        fc.integer({ min: 0, max: 255 }),
        async (position, value) => {
          const bytes = Buffer.from(original);
          bytes[position] = value;
          expect(['pdf', 'docx', 'doc', null]).toContain(await detectDocumentType(bytes));
        },
      ),
    );
  });
});
