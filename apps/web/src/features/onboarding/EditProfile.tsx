import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useOnboardingAccount } from './account-context.tsx';
import { PageLoading } from './PageLoading.tsx';
import { loadSavedSubmission, type SavedSubmissionLoad, startingAnswers } from './saved-submission.ts';
import { OnboardingWizard } from './wizard/OnboardingWizard.tsx';
import { clampStep, FIRST_STEP } from './wizard/wizard-steps.ts';

/** The step the address asks for (`?step=7`), if any. */
function askedStep(params: URLSearchParams): number | null {
  const asked = Number(params.get('step'));
  return Number.isInteger(asked) && asked > 0 ? clampStep(asked) : null;
}

/**
 * The onboarding form in edit mode (`/edit-profile`, and `/` with `?edit=true`): the saved answers are
 * reloaded every time, the form opens at the step the address names (`?step=7`) and keeps the step
 * there, and a finished edit returns to the profile.
 */
export function EditProfile() {
  const navigate = useNavigate();
  const account = useOnboardingAccount();
  const [params, setParams] = useSearchParams();
  // Nothing is kept once the form closes, so every opening loads the answers afresh; where the form
  // starts is decided once, with them.
  const opened = useQuery({
    queryKey: ['onboarding', 'edit', account.id],
    queryFn: async () => {
      const load: SavedSubmissionLoad = await loadSavedSubmission();
      return { load, start: load.ok && load.record ? startingAnswers(load, account) : null };
    },
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
  const load = opened?.load;
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

  // The address keeps the step, so a reload or a sign-in that returns here reopens it.
  const showStep = useCallback(
    (step: number) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('step', String(step));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const start = opened?.start;
  if (!start) return <PageLoading label="Loading your profile..." />;
  return (
    <OnboardingWizard
      mode="edit"
      answers={start.answers}
      initialStep={askedStep(params) ?? start.draftStep ?? FIRST_STEP}
      restored={start.restored}
      onStepChange={showStep}
      onLeave={() => navigate('/profile')}
      // The wizard announces the update; the profile page only shows it.
      onSubmitted={() => navigate('/profile')}
    />
  );
}
