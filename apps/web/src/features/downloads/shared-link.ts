/**
 * Downloading a shared document link on /downloaddoc (spec 2, sections 2 and 8). Only links made by
 * this product are followed: anything else is not a document of ours and is never fetched.
 */
export const EMPTY_URL_MESSAGE = 'Please enter a URL';
export const LINK_FAILED_MESSAGE = 'Could not download the file from the provided URL.';
export const DOWNLOAD_FAILED_MESSAGE = 'Failed to download document';
const SHARED_LINK_PATH = '/api/document-links/download';

/** The link as a URL of this site's shared-download endpoint, or null for anything else. */
export function parseSharedLink(text: string, origin: string): URL | null {
  let url: URL;
  try {
    url = new URL(text.trim(), origin);
  } catch {
    return null;
  }
  return url.origin === origin && url.pathname === SHARED_LINK_PATH && url.searchParams.has('token')
    ? url
    : null;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export type DownloadOutcome = { ok: true; file: DownloadedFile } | { ok: false; message: string };

/**
 * Fetches the file without the session: the link is its own permission, and a visitor need not be
 * signed in. The server's answer names the file.
 */
export async function downloadSharedLink(
  text: string,
  origin: string,
  fetchFile: typeof fetch = fetch,
): Promise<DownloadOutcome> {
  if (text.trim() === '') return { ok: false, message: EMPTY_URL_MESSAGE };
  const url = parseSharedLink(text, origin);
  if (!url) return { ok: false, message: LINK_FAILED_MESSAGE };
  try {
    const response = await fetchFile(url.href, { credentials: 'omit' });
    if (response.status === 403 || response.status === 404)
      return { ok: false, message: LINK_FAILED_MESSAGE };
    if (!response.ok) return { ok: false, message: DOWNLOAD_FAILED_MESSAGE };
    const fileName = attachmentFileName(response.headers.get('content-disposition')) ?? 'document.pdf';
    return { ok: true, file: { blob: await response.blob(), fileName } };
  } catch {
    return { ok: false, message: DOWNLOAD_FAILED_MESSAGE };
  }
}

/** The file name of `Content-Disposition: attachment`, preferring the exact UTF-8 form. */
export function attachmentFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return baseName(decodeURIComponent(extended.trim()));
    } catch {
      // Fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1];
  return plain?.trim() ? baseName(plain.trim()) : null;
}

/** A header cannot make the browser save outside its download folder, but keep the name plain anyway. */
function baseName(name: string): string | null {
  const last = name.split(/[/\\]/).pop()?.trim();
  return last ? last : null;
}
