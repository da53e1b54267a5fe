import CFB from 'cfb';
import { fileTypeFromBuffer } from 'file-type';

/**
 * Recognises the three accepted document formats from their bytes (with `file-type`), so a file is
 * accepted only when its content is what its extension claims: a renamed executable is not a PDF.
 */
export type DocumentType = 'pdf' | 'docx' | 'doc';

/** What `file-type` calls each accepted format; an OLE2 compound file is read further (isWordBinary). */
const ACCEPTED: Record<string, DocumentType> = { pdf: 'pdf', docx: 'docx', cfb: 'doc' };

/**
 * A legacy Word document is an OLE2 compound file holding a `WordDocument` stream. Excel and
 * PowerPoint files of that age, and Windows installers, are compound files too, without one; `cfb`
 * reads the container's directory to tell them apart. Unreadable bytes are not a document.
 */
function isWordBinary(bytes: Uint8Array): boolean {
  try {
    return CFB.find(CFB.read(bytes, { type: 'buffer' }), 'WordDocument') !== null;
  } catch {
    return false;
  }
}

export async function detectDocumentType(bytes: Uint8Array): Promise<DocumentType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  const type = (detected && ACCEPTED[detected.ext]) ?? null;
  return type === 'doc' && !isWordBinary(bytes) ? null : type;
}
