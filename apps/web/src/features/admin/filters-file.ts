import type { JobFilterSet } from '@app/domain/job-filters';
import { datedFileName } from '../../lib/save-file.ts';

/** The downloaded draft is named by the client's e-mail and the day (spec 2, section 9). */
export function filtersFileName(email: string, day: Date): string {
  return datedFileName(`job-filters-${email.trim().toLowerCase()}`, 'json', day);
}

/** The draft as staff see it, indented so that it reads well in an editor. */
export function filtersFileContent(filters: JobFilterSet): string {
  return `${JSON.stringify(filters, null, 2)}\n`;
}
