import { useState } from 'react';
import { readChosenJobs, rememberChosenJobs } from './storage.ts';
import { useOnChange } from './use-on-change.ts';

/**
 * The jobs `userId` has chosen on `list` for a bulk action, kept in the tab: a reload, or a look at
 * another page and Back, loses none of them. A deliberate sign-out forgets them.
 */
export function useChosenJobs(userId: string, list: string) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(readChosenJobs(userId, list)));
  useOnChange(chosen, (ids) => rememberChosenJobs(userId, list, [...ids]));
  return [chosen, setChosen] as const;
}
