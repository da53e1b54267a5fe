import { downloadContentType } from '@app/domain/document-download';
import { format } from 'date-fns';

/**
 * Hands a downloaded blob to the browser as a file with the given name. A blob without a type gets
 * the one its name implies (spec 2, section 9), so the saved file opens with the right program.
 */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const typed = blob.type ? blob : new Blob([blob], { type: downloadContentType(fileName) });
  const url = URL.createObjectURL(typed);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the blob by now; keep it a moment for slow starts.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A download's name with the person's own date: `my-jobs` and `csv` on 24 November are
 * `my-jobs-2026-11-24.csv`, also late in the evening west of Greenwich, when it is already the 25th
 * in UTC.
 */
export function datedFileName(stem: string, extension: string, day: Date = new Date()): string {
  return `${stem}-${format(day, 'yyyy-MM-dd')}.${extension}`;
}
