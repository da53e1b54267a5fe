import { fileTypeFromBuffer } from 'file-type';

/**
 * Recognises the three accepted document formats from their bytes (with `file-type`), so a file is
 * accepted only when its content is what its extension claims: a renamed executable is not a PDF.
 */
export type DocumentType = 'pdf' | 'docx' | 'doc';

/**
 * What `file-type` calls each accepted format. A legacy Word document is an OLE2 compound file,
 * which is as far as its bytes can be told apart from other Office formats of that age.
 */
const ACCEPTED: Record<string, DocumentType> = { pdf: 'pdf', docx: 'docx', cfb: 'doc' };

export async function detectDocumentType(bytes: Uint8Array): Promise<DocumentType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  return (detected && ACCEPTED[detected.ext]) ?? null;
}
