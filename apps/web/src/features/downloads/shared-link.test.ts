import { describe, expect, it, vi } from 'vitest';
import {
  attachmentFileName,
  DOWNLOAD_FAILED_MESSAGE,
  downloadSharedLink,
  EMPTY_URL_MESSAGE,
  LINK_FAILED_MESSAGE,
  parseSharedLink,
} from './shared-link.ts';

const ORIGIN = 'https://app.example.com';
const LINK = `${ORIGIN}/api/document-links/download?token=abc.def`;

function answer(status: number, body = 'file', headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(status === 204 ? null : body, { status, headers }));
}

describe('parseSharedLink', () => {
  it.each([
    [LINK, true],
    [`  ${LINK}  `, true],
    ['/api/document-links/download?token=abc', true],
    [`${ORIGIN}/api/document-links/download`, false],
    ['https://evil.example.com/api/document-links/download?token=abc', false],
    [`${ORIGIN}/api/documents/download?path=resumes/x.pdf`, false],
    [`${ORIGIN}/api/document-links/download/../../auth/v1/user?token=a`, false],
    ['javascript:alert(1)', false],
    ['not a url at all', false],
  ])('%j is a shared link of this site: %j', (text, accepted) => {
    expect(parseSharedLink(text, ORIGIN) !== null).toBe(accepted);
  });
});

describe('downloadSharedLink', () => {
  it('asks for a URL when the field is empty, without fetching', async () => {
    const fetchFile = answer(200);
    expect(await downloadSharedLink('   ', ORIGIN, fetchFile)).toEqual({
      ok: false,
      message: EMPTY_URL_MESSAGE,
    });
    expect(fetchFile).not.toHaveBeenCalled();
  });

  it('never fetches a link of another site', async () => {
    const fetchFile = answer(200);
    const outcome = await downloadSharedLink('https://elsewhere.test/file.pdf', ORIGIN, fetchFile);
    expect(outcome).toEqual({ ok: false, message: LINK_FAILED_MESSAGE });
    expect(fetchFile).not.toHaveBeenCalled();
  });

  it.each([403, 404])('explains a refused link (%i)', async (status) => {
    expect(await downloadSharedLink(LINK, ORIGIN, answer(status))).toEqual({
      ok: false,
      message: LINK_FAILED_MESSAGE,
    });
  });

  it.each([500, 503, 429])('reports any other failure (%i) as a failed download', async (status) => {
    expect(await downloadSharedLink(LINK, ORIGIN, answer(status))).toEqual({
      ok: false,
      message: DOWNLOAD_FAILED_MESSAGE,
    });
  });

  it('reports a network failure as a failed download', async () => {
    const fetchFile = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await downloadSharedLink(LINK, ORIGIN, fetchFile)).toEqual({
      ok: false,
      message: DOWNLOAD_FAILED_MESSAGE,
    });
  });

  it('downloads without credentials and names the file as the server does', async () => {
    const fetchFile = answer(200, '%PDF-1.4', {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="CV_.pdf"; filename*=UTF-8''CV_%C3%A9.pdf`,
    });
    const outcome = await downloadSharedLink(LINK, ORIGIN, fetchFile);
    expect(fetchFile).toHaveBeenCalledWith(LINK, { credentials: 'omit' });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.file.fileName).toBe('CV_é.pdf');
    expect(outcome.file.blob.type).toBe('application/pdf');
    expect(await outcome.file.blob.text()).toBe('%PDF-1.4');
  });
});

describe('attachmentFileName', () => {
  it.each([
    ['attachment; filename="a.pdf"', 'a.pdf'],
    ['attachment; filename="x"; filename*=UTF-8\'\'b%20c.docx', 'b c.docx'],
    ['attachment; filename=plain.txt', 'plain.txt'],
    ["attachment; filename*=UTF-8''..%2F..%2Fevil.pdf", 'evil.pdf'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A; filename="ok.pdf"', 'ok.pdf'],
    ['attachment', null],
    [null, null],
  ])('%j names %j', (header, name) => {
    expect(attachmentFileName(header)).toBe(name);
  });
});
