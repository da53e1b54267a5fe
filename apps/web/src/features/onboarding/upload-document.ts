/**
 * Sends a resume or cover letter to `POST /api/file-upload`. XMLHttpRequest rather than fetch, because
 * only it reports upload progress.
 */
import { uploadFileName } from '@app/domain/document-upload';

export interface UploadedDocument {
  url: string;
  path: string;
  name: string;
  size: number;
}

export type UploadFolder = 'resumes' | 'cover-letters';

export const NO_TOKEN_MESSAGE = 'No authentication token available';
export const UPLOAD_FAILED_FALLBACK = 'File upload failed';
export const UNEXPECTED_UPLOAD_MESSAGE = 'An unexpected error occurred while uploading.';

export type UploadOutcome =
  | { ok: true; document: UploadedDocument }
  /** `explains`: the message says what went wrong, so the toast shows it rather than a general line. */
  | { ok: false; message: string; explains: boolean };

export interface UploadRequest {
  file: File;
  folder: UploadFolder;
  accessToken: string | null;
  /** Whole percent of the bytes sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

export function uploadDocument({
  file,
  folder,
  accessToken,
  onProgress,
}: UploadRequest): Promise<UploadOutcome> {
  if (!accessToken) return Promise.resolve({ ok: false, message: NO_TOKEN_MESSAGE, explains: true });
  const body = new FormData();
  body.append('folder', folder);
  body.append('file', file, uploadFileName(file.name));

  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/file-upload');
    request.setRequestHeader('authorization', `Bearer ${accessToken}`);
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve(readAnswer(request));
    request.onerror = () => resolve({ ok: false, message: UNEXPECTED_UPLOAD_MESSAGE, explains: false });
    request.onabort = request.onerror;
    request.send(body);
  });
}

function readAnswer(request: XMLHttpRequest): UploadOutcome {
  const body: unknown = request.response;
  if (request.status >= 200 && request.status < 300) {
    const document = (body as { data?: UploadedDocument } | null)?.data;
    if (document && typeof document.url === 'string') return { ok: true, document };
    return { ok: false, message: UPLOAD_FAILED_FALLBACK, explains: false };
  }
  console.error(`HTTP error ${request.status}: ${request.statusText}`);
  const serverError = (body as { error?: unknown } | null)?.error;
  return typeof serverError === 'string' && serverError !== ''
    ? { ok: false, message: serverError, explains: true }
    : { ok: false, message: UPLOAD_FAILED_FALLBACK, explains: false };
}
