import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageLoading } from './PageLoading.tsx';
import { loadSavedSubmission } from './saved-submission.ts';
import { OnboardingWizard } from './wizard/OnboardingWizard.tsx';

/**
 * The onboarding form in edit mode, from step 1 (`/edit-profile`, and `/` with `?edit=true`): the
 * saved answers are reloaded every time, and a finished edit returns to the profile.
 */
export function EditProfile() {
  const navigate = useNavigate();
  // Nothing is kept once the form closes, so every opening loads the answers afresh.
  const load = useQuery({ queryKey: ['onboarding', 'edit'], queryFn: loadSavedSubmission, gcTime: 0 }).data;
  const record = load?.ok ? load.record : null;

  useEffect(() => {
    if (!load || record) return;
    // Editing an empty form would overwrite the saved profile: go back to it instead. The ids keep
    // one toast when the effect runs twice.
    if (!load.ok) {
      toast.error('Data Error', {
        id: 'edit-profile-load',
        description: 'Failed to load profile data. Please try again.',
      });
    } else {
      toast.error('No Profile Data', {
        id: 'edit-profile-none',
        description: "We couldn't find your profile data to edit.",
      });
    }
    navigate('/profile', { replace: true });
  }, [load, record, navigate]);

  if (!load?.ok || !record) return <PageLoading label="Loading your profile..." />;
  return (
    <OnboardingWizard
      mode="edit"
      initialValues={load.values}
      initialStep={1}
      submissionId={record.id}
      onLeave={() => navigate('/profile')}
      onSubmitted={() => {
        toast.success('Profile Updated', { description: 'Your profile has been successfully updated.' });
        navigate('/profile');
      }}
    />
  );
}
