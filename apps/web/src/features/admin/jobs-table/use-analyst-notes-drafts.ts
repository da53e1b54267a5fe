import { useCallback, useState } from 'react';
import { type NotesDraft, readAnalystNotesDrafts, rememberAnalystNotesDraft } from '../../../lib/storage.ts';

/**
 * The analyst notes a recruiter (`userId`) is writing and has not saved, kept in the tab so that a
 * reload loses none. The table re-renders when a job gains or loses a draft, not as one is typed.
 */
export function useAnalystNotesDrafts(userId: string) {
  const [draftedIds, setDraftedIds] = useState<ReadonlySet<string>>(
    () => new Set(Object.keys(readAnalystNotesDrafts(userId))),
  );
  const keep = useCallback(
    (id: string, draft: NotesDraft | null) => {
      rememberAnalystNotesDraft(userId, id, draft);
      setDraftedIds((current) => {
        if (current.has(id) === (draft !== null)) return current;
        const next = new Set(current);
        if (draft === null) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    [userId],
  );
  const draftOf = useCallback((id: string) => readAnalystNotesDrafts(userId)[id], [userId]);
  return { draftedIds, keep, draftOf };
}
