import {
  changedOnboardingFields,
  type OnboardingFields,
  type OnboardingRecord,
  readOnboardingFields,
} from '@app/domain/onboarding-fields';
import { savableChanges, type WizardForm } from '@app/domain/onboarding-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { dataOrThrow } from '../../../lib/api.ts';
import { fetchProfileRecord, profileRecordQueryKey } from '../../../lib/profile-record.ts';
import { useOnboardingAccount } from '../account-context.tsx';
import { createSubmission, updateSubmission } from '../onboarding-api.ts';
import type { WizardAnswers } from '../saved-submission.ts';

/** A save that landed: the record the server answered, and what the form expected it to hold. */
export interface LandedSave {
  record: OnboardingRecord;
  expected: OnboardingFields;
}

/**
 * Saves the user's one submission (spec 1, section 4): an update of the record they have, otherwise
 * a new one. A save carries only the answers that differ from what the server is known to hold, so
 * it never blanks an answer the person did not clear, even after the saved answers failed to load.
 * Failures are logged here and explained by the caller's toast: a failed save throws (an `ApiError`
 * with the server's message when it answered), the other calls resolve to false or null.
 */
export function useSubmissionSaver(start: Pick<WizardAnswers, 'saved' | 'submissionId'>) {
  const { id: userId } = useOnboardingAccount();
  const queryClient = useQueryClient();
  const known = useRef(start);
  /** What the server is known to hold, for rendering (the ref serves the calls in flight). */
  const [saved, setSaved] = useState(start.saved);

  const remember = useCallback(
    (record: OnboardingRecord) => {
      known.current = { saved: readOnboardingFields(record), submissionId: record.id };
      setSaved(known.current.saved);
      // The profile screens read the same record through their own cache.
      void queryClient.invalidateQueries({ queryKey: profileRecordQueryKey });
    },
    [queryClient],
  );

  const save = useCallback(
    async (values: WizardForm): Promise<LandedSave> => {
      if (!userId) {
        console.error('No authenticated user found');
        throw new Error('No authenticated user found');
      }
      const { saved: before, submissionId } = known.current;
      const changes = savableChanges(changedOnboardingFields(before, readOnboardingFields(values)));
      const result = submissionId
        ? await updateSubmission(submissionId, { ...changes, userId })
        : await createSubmission({ ...changes, user_id: userId });
      if (result.error !== null) console.error(`Saving the onboarding submission failed: ${result.error}`);
      const record = dataOrThrow(result);
      remember(record);
      return { record, expected: { ...before, ...changes } };
    },
    [userId, remember],
  );

  /** The create call of the final submit: user id, every answer that passes its rule, completion. */
  const create = useCallback(
    async (values: WizardForm): Promise<boolean> => {
      if (!userId) {
        console.error('User not authenticated');
        return false;
      }
      const result = await createSubmission({
        ...savableChanges(readOnboardingFields(values)),
        user_id: userId,
        onboarding_completed: true,
      });
      if (!result.data) {
        console.error(`Submitting the onboarding submission failed: ${result.error}`);
        return false;
      }
      remember(result.data);
      return true;
    },
    [userId, remember],
  );

  /** Asks the server what it holds now; null when it cannot say. */
  const reload = useCallback(async (): Promise<LandedSave | null> => {
    const expected = known.current.saved;
    const { data } = await fetchProfileRecord();
    if (!data) return null;
    remember(data);
    return { record: data, expected };
  }, [remember]);

  /** What the server is known to hold, and the stored submission's id once one exists. */
  const current = useCallback(() => known.current, []);

  return { save, create, reload, current, saved };
}
