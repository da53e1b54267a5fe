import { readOnboardingFields } from '@app/domain/onboarding-fields';
import type { WizardForm } from '@app/domain/onboarding-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { profileRecordQueryKey } from '../../../lib/profile-record.ts';
import { useOnboardingAccount } from '../account-context.tsx';
import { createSubmission, updateSubmission } from '../onboarding-api.ts';

/**
 * Saves the whole form as the user's one submission: an update of the record they have, otherwise a
 * new one (spec 1, section 4). Resolves to whether the save landed; failures are logged here and
 * explained by the caller's toast.
 */
export function useSubmissionSaver(existingId: string | null) {
  const { id: userId } = useOnboardingAccount();
  const queryClient = useQueryClient();
  const submissionId = useRef(existingId);

  const onSaved = useCallback(
    (id: string) => {
      submissionId.current = id;
      // The profile screens read the same record through their own cache.
      void queryClient.invalidateQueries({ queryKey: profileRecordQueryKey });
    },
    [queryClient],
  );

  const save = useCallback(
    async (values: WizardForm): Promise<boolean> => {
      if (!userId) {
        console.error('No authenticated user found');
        return false;
      }
      const fields = readOnboardingFields(values);
      const result = submissionId.current
        ? await updateSubmission(submissionId.current, { ...fields, userId })
        : await createSubmission({ ...fields, user_id: userId });
      if (!result.data) {
        console.error(`Saving the onboarding submission failed: ${result.error}`);
        return false;
      }
      onSaved(result.data.id);
      return true;
    },
    [userId, onSaved],
  );

  /** The create call of the final submit: user id, every field and the completion flag. */
  const create = useCallback(
    async (values: WizardForm): Promise<boolean> => {
      if (!userId) {
        console.error('User not authenticated');
        return false;
      }
      const result = await createSubmission({
        ...readOnboardingFields(values),
        user_id: userId,
        onboarding_completed: true,
      });
      if (!result.data) {
        console.error(`Submitting the onboarding submission failed: ${result.error}`);
        return false;
      }
      onSaved(result.data.id);
      return true;
    },
    [userId, onSaved],
  );

  /** The stored submission's id, once one exists. */
  const savedId = useCallback(() => submissionId.current, []);

  return { save, create, savedId };
}
