/**
 * Sends a resume or cover letter to `POST /api/file-upload` through the API client, so the session is
 * refreshed and the upload sent again when the server says it has expired, with upload progress.
 */
import { type UploadedDocument, uploadFileName } from '@app/domain/document-upload';
import { apiFetch, isBareHttpError } from '../../lib/api.ts';

export type UploadFolder = 'resumes' | 'cover-letters';

/**
 * What every document upload's mutation is keyed under: the wizard holds its navigation while one
 * runs, since a file stored after the step was left or saved would be lost.
 */
export const DOCUMENT_UPLOAD_KEY = ['onboarding', 'document-upload'] as const;

export const NO_TOKEN_MESSAGE = 'No authentication token available';
export const UPLOAD_FAILED_FALLBACK = 'File upload failed';
export const UNEXPECTED_UPLOAD_MESSAGE = 'An unexpected error occurred while uploading.';

/** A failed upload. `explains`: the message says what went wrong, so the toast shows it. */
export class UploadError extends Error {
  readonly explains: boolean;
  constructor(message: string, explains: boolean) {
    super(message);
    this.explains = explains;
  }
}

/** An upload the person cancelled: nothing went wrong, so nothing is reported as a failure. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
  }
}

export interface UploadRequest {
  file: File;
  folder: UploadFolder;
  /** The signed-in person's token: an upload requires one (spec 1, section 5). */
  accessToken: string | null;
  /** Whole percent of the bytes sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** Cancels the upload when aborted. */
  signal?: AbortSignal;
}

export async function uploadDocument({
  file,
  folder,
  accessToken,
  onProgress,
  signal,
}: UploadRequest): Promise<UploadedDocument> {
  if (!accessToken) throw new UploadError(NO_TOKEN_MESSAGE, true);
  const body = new FormData();
  body.append('folder', folder);
  body.append('file', file, uploadFileName(file.name));
  const { data, error, status } = await apiFetch<{ data?: UploadedDocument }>('/file-upload', {
    method: 'POST',
    body,
    onUploadProgress: onProgress,
    signal,
  });
  if (signal?.aborted) throw new UploadCancelled();
  if (error === null) {
    if (data?.data && typeof data.data.url === 'string') return data.data;
    throw new UploadError(UPLOAD_FAILED_FALLBACK, false);
  }
  // Status 0: the request itself failed, or got no answer in time.
  if (status === 0) throw new UploadError(UNEXPECTED_UPLOAD_MESSAGE, false);
  if (error === '' || isBareHttpError(error)) throw new UploadError(UPLOAD_FAILED_FALLBACK, false);
  throw new UploadError(error, true);
}
