import { describe, expect, it } from 'vitest';
import { downloadContentType } from './document-download.ts';

describe('downloadContentType', () => {
  it.each([
    ['cv.pdf', 'application/pdf'],
    ['cv.DOC', 'application/msword'],
    ['cover.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['notes.txt', 'text/plain'],
    ['photo.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['archive.zip', 'application/pdf'],
    ['no-extension', 'application/pdf'],
    ['.pdf', 'application/pdf'],
    ['', 'application/pdf'],
  ])('saves %j as %j', (name, type) => {
    expect(downloadContentType(name)).toBe(type);
  });
});
