import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageLoading } from './PageLoading.tsx';
import { loadSavedSubmission, type SavedSubmission } from './saved-submission.ts';
import { OnboardingWizard } from './wizard/OnboardingWizard.tsx';

/**
 * The onboarding form in edit mode, from step 1 (`/edit-profile`, and `/` with `?edit=true`): the
 * saved answers are reloaded every time, and a finished edit returns to the profile.
 */
export function EditProfile() {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<
    (SavedSubmission & { record: NonNullable<SavedSubmission['record']> }) | null
  >(null);

  useEffect(() => {
    let cancelled = false;
    void loadSavedSubmission().then((load) => {
      if (cancelled) return;
      if (!load.ok) {
        // Editing an empty form would overwrite the saved profile: go back to it instead.
        toast.error('Data Error', { description: 'Failed to load profile data. Please try again.' });
        navigate('/profile', { replace: true });
      } else if (!load.record) {
        toast.error('No Profile Data', { description: "We couldn't find your profile data to edit." });
        navigate('/profile', { replace: true });
      } else {
        setSaved({ record: load.record, values: load.values });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  if (!saved) return <PageLoading label="Loading your profile..." />;
  return (
    <OnboardingWizard
      mode="edit"
      initialValues={saved.values}
      initialStep={1}
      submissionId={saved.record.id}
      onLeave={() => navigate('/profile')}
      onSubmitted={() => {
        toast.success('Profile Updated', { description: 'Your profile has been successfully updated.' });
        navigate('/profile');
      }}
    />
  );
}
