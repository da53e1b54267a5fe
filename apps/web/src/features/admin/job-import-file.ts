import type { ImportFormat } from '@app/domain/import-format';
import { type ImportError, parseJobsFile } from '@app/domain/jobs-import';

/** The import format a file's name implies; null for anything but .csv and .json. */
export function importFormatOf(fileName: string): ImportFormat | null {
  const extension = fileName.toLowerCase().split('.').pop();
  return extension === 'csv' || extension === 'json' ? extension : null;
}

export type FileCheck = { ok: true } | { ok: false; summary: string; problems: string[] };

/** Where a problem is: row 0 is the CSV header or the file as a whole, row 1 the first job. */
function describeImportError(error: ImportError): string {
  const where = error.row === 0 ? 'File' : `Row ${error.row}`;
  return error.field ? `${where}, ${error.field}: ${error.message}` : `${where}: ${error.message}`;
}

/**
 * Checks the file with the same rules as the server before it is sent, so staff see every row and
 * field to fix at once; the server checks again and imports all rows or none.
 */
export function checkImportFile(content: string, format: ImportFormat): FileCheck {
  const parsed = parseJobsFile(content, format);
  if (parsed.ok) return { ok: true };
  const problems = parsed.errorCount === 1 ? '1 problem' : `${parsed.errorCount} problems`;
  return {
    ok: false,
    summary: `Nothing was imported: the file has ${problems}.`,
    problems: parsed.errors.map(describeImportError),
  };
}
