/** The calls behind a document row of the profile: download it, and share it with a signed link. */
import type { SharedLink } from '@app/domain/document-download';
import { normalizeDocumentPath } from '@app/domain/profile-display';
import { type ApiResult, apiFetch, apiFetchData } from '../../lib/api.ts';

/** A stored value may be the path or the URL the upload answered with; the server wants the path. */
function storedPath(pathOrUrl: string): string {
  return normalizeDocumentPath(pathOrUrl) ?? pathOrUrl;
}

export function downloadDocument(pathOrUrl: string): Promise<ApiResult<Blob>> {
  return apiFetch<Blob>(`/documents/download?path=${encodeURIComponent(storedPath(pathOrUrl))}`, {
    responseType: 'blob',
  });
}

export async function createSharedLink(pathOrUrl: string): Promise<ApiResult<SharedLink>> {
  return apiFetchData<SharedLink>('/document-links', {
    method: 'POST',
    json: { path: storedPath(pathOrUrl) },
  });
}
