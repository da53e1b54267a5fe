/**
 * Recognises the three accepted document formats from their bytes, so a file is accepted only when
 * its content is what its extension claims (a renamed executable is not a PDF).
 */
export type DocumentType = 'pdf' | 'docx' | 'doc';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function detectDocumentType(bytes: Buffer): DocumentType | null {
  if (startsWith(bytes, PDF_MAGIC)) return 'pdf';
  if (startsWith(bytes, OLE2_MAGIC)) return 'doc';
  if (startsWith(bytes, ZIP_LOCAL_HEADER) && zipEntryNames(bytes)?.some((name) => name.startsWith('word/'))) {
    return 'docx';
  }
  return null;
}

function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  return bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix);
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_SIZE = 22;
const CENTRAL_ENTRY_SIZE = 46;
const MAX_COMMENT_SIZE = 0xffff;

/**
 * The entry names listed in a ZIP archive's central directory (what unzip tools trust), or null
 * when the archive is malformed. Every offset is bounds-checked: the input is hostile.
 */
export function zipEntryNames(bytes: Buffer): string[] | null {
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) return null;
  const entryCount = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < entryCount; index++) {
    if (offset + CENTRAL_ENTRY_SIZE > end || bytes.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY)
      return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const nameStart = offset + CENTRAL_ENTRY_SIZE;
    if (nameStart + nameLength > end) return null;
    names.push(bytes.toString('utf8', nameStart, nameStart + nameLength));
    offset = nameStart + nameLength + extraLength + commentLength;
  }
  return names;
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  const last = bytes.length - END_RECORD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT_SIZE);
  for (let offset = last; offset >= first; offset--) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return -1;
}
