import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDocumentFile, MAX_UPLOAD_BYTES, splitExtension, uploadFileName } from './document-upload.ts';

describe('checkDocumentFile', () => {
  it.each([
    ['resume.pdf', 1000, null],
    ['Resume.PDF', 1000, null],
    ['letter.docx', MAX_UPLOAD_BYTES, null],
    ['old.doc', 10, null],
    ['notes.txt', 10, 'File type not supported. Please upload: .pdf,.docx,.doc'],
    ['pdf', 10, 'File type not supported. Please upload: .pdf,.docx,.doc'],
    ['.pdf', 10, 'File type not supported. Please upload: .pdf,.docx,.doc'],
    ['resume.pdf.exe', 10, 'File type not supported. Please upload: .pdf,.docx,.doc'],
    ['big.pdf', MAX_UPLOAD_BYTES + 1, 'File size must be less than 5MB'],
    ['big.txt', 6 * 1024 * 1024, 'File size must be less than 5MB'],
  ])('%s of %i bytes → %s', (name, size, expected) => {
    expect(checkDocumentFile({ name, size })).toBe(expected);
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.string(), fc.nat(), (name, size) => void checkDocumentFile({ name, size })));
  });
});

describe('splitExtension', () => {
  it.each([
    ['My_CV.PDF', 'My_CV', '.PDF'],
    ['a.tar.docx', 'a.tar', '.docx'],
    ['noext', 'noext', ''],
    // A leading dot is a hidden file's name and a trailing one starts nothing: no extension.
    ['.pdf', '.pdf', ''],
    ['cv.', 'cv.', ''],
  ])('%j is %j and %j', (name, stem, extension) => {
    expect(splitExtension(name)).toEqual({ stem, extension });
  });

  it('keeps every character of the name', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const { stem, extension } = splitExtension(name);
        expect(stem + extension).toBe(name);
      }),
    );
  });
});

describe('uploadFileName', () => {
  it('replaces every space with an underscore', () => {
    expect(uploadFileName('My Cover  Letter.docx')).toBe('My_Cover__Letter.docx');
  });
});
