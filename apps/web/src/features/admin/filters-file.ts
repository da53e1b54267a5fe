import type { JobFilterSet } from '@app/domain/job-filters';
import { format } from 'date-fns';

/** The downloaded draft is named by the client's e-mail and the day (spec 2, section 9). */
export function filtersFileName(email: string, day: Date): string {
  return `job-filters-${email.trim().toLowerCase()}-${format(day, 'yyyy-MM-dd')}.json`;
}

/** The draft as staff see it, indented so that it reads well in an editor. */
export function filtersFileContent(filters: JobFilterSet): string {
  return `${JSON.stringify(filters, null, 2)}\n`;
}
