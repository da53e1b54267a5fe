import type { JobListItem } from '@app/domain/jobs';
import { createContext, type RefObject, useContext } from 'react';

/** What the cells of a job table can do and need to know, given by the page that shows it. */
export interface JobTableActions {
  openDetails(job: JobListItem): void;
  openNotes(job: JobListItem): void;
  /** Only on /myjobs: the decision toggle and the checkboxes. */
  toggleDecision?(job: JobListItem, serialNumber: number): void;
  isUpdating?(id: string): boolean;
  selection?: {
    isSelected(id: string): boolean;
    toggle(id: string): void;
    /** Whether all (true), some or none (false) of the jobs shown are selected. */
    shown: boolean | 'some';
    toggleShown(): void;
    /** The box that selects all jobs shown, wherever the table draws it. */
    shownBox: RefObject<HTMLInputElement | null>;
  };
}

export const JobTableContext = createContext<JobTableActions | null>(null);

export function useJobTableActions(): JobTableActions {
  const actions = useContext(JobTableContext);
  if (!actions) throw new Error('A job table cell is rendered outside its table');
  return actions;
}
