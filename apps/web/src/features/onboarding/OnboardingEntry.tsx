import { checkCompleteness, formatMissingInformation, startStep } from '@app/domain/onboarding-completeness';
import type { WizardForm } from '@app/domain/onboarding-rules';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readProfileCompleteCookie, setProfileCompleteCookie } from '../../lib/cookies.ts';
import {
  clearRememberedOnboardingStep,
  readRememberedOnboardingStep,
  rememberOnboardingStep,
} from '../../lib/storage.ts';
import { useOnboardingAccount } from './account-context.tsx';
import { EditProfile } from './EditProfile.tsx';
import { notify } from './notify.ts';
import { fetchCompleteness } from './onboarding-api.ts';
import { PageLoading } from './PageLoading.tsx';
import { LOAD_PROBLEM_TOASTS, loadSavedSubmission, wizardValues } from './saved-submission.ts';
import { ThankYouScreen } from './ThankYouScreen.tsx';
import { WelcomeScreen } from './WelcomeScreen.tsx';
import { OnboardingWizard } from './wizard/OnboardingWizard.tsx';
import { clampStep, FIRST_STEP } from './wizard/wizard-steps.ts';

interface WizardStart {
  values: WizardForm;
  submissionId: string | null;
  step: number;
}

/** The three states of the entry route (DESIGN.md, "Entry flow"), and the check before them. */
type EntryState =
  | { kind: 'checking' }
  | { kind: 'welcome'; start: WizardStart }
  | { kind: 'wizard'; start: WizardStart }
  | { kind: 'thank-you'; name: string; email: string };

/**
 * `/` for a signed-in user. A complete profile goes on to /profile (or /update-preferences with
 * `mode=update-preferences`); otherwise the saved answers are loaded and the user starts, or resumes
 * at the first section with something missing. `?edit=true` opens the form in edit mode instead.
 */
export function OnboardingEntry() {
  const [params] = useSearchParams();
  if (params.get('edit') === 'true') return <EditProfile />;
  return (
    <CreateFlow
      goToWhenComplete={params.get('mode') === 'update-preferences' ? '/update-preferences' : '/profile'}
    />
  );
}

function CreateFlow({ goToWhenComplete }: { goToWhenComplete: string }) {
  const navigate = useNavigate();
  const account = useOnboardingAccount();
  const [state, setState] = useState<EntryState>({ kind: 'checking' });

  useEffect(() => {
    let cancelled = false;
    const goOn = () => navigate(goToWhenComplete, { replace: true });

    const decide = async () => {
      if (readProfileCompleteCookie()?.isComplete) return goOn();
      const check = await fetchCompleteness();
      if (cancelled) return;
      if (check.data) setProfileCompleteCookie(check.data.isComplete);
      if (check.data?.isComplete) return goOn();

      const load = await loadSavedSubmission();
      if (cancelled) return;
      if (!load.ok) {
        const { title, description } = LOAD_PROBLEM_TOASTS[load.problem];
        notify.error(title, { description });
      }
      const record = load.ok ? load.record : null;
      const completeness = checkCompleteness(record);
      // Without an answer from the check, the saved record itself tells.
      if (!check.data && record && completeness.isComplete) return goOn();

      const resumeAt = startStep(record);
      const remembered = readRememberedOnboardingStep();
      const start = (step: number): WizardStart => ({
        values: load.ok ? load.values : wizardValues(null),
        submissionId: record?.id ?? null,
        step: clampStep(step),
      });
      if (resumeAt > FIRST_STEP) {
        notify.info('Profile Incomplete', {
          description: formatMissingInformation(completeness.missingBySection),
          duration: 8000,
          // One line per section.
          classNames: { description: 'whitespace-pre-line' },
        });
        // A reload keeps the step the user was on, but never past the first section with a gap.
        setState({ kind: 'wizard', start: start(Math.min(remembered ?? resumeAt, resumeAt)) });
      } else if (remembered !== null) {
        setState({ kind: 'wizard', start: start(remembered) });
      } else {
        setState({ kind: 'welcome', start: start(FIRST_STEP) });
      }
    };
    void decide();
    return () => {
      cancelled = true;
    };
  }, [navigate, goToWhenComplete]);

  // Only the wizard's step is remembered; the welcome and thank-you states are not.
  const leaveWizard = useCallback((next: EntryState) => {
    clearRememberedOnboardingStep();
    setState(next);
  }, []);

  switch (state.kind) {
    case 'checking':
      return <PageLoading label="Checking your profile..." />;
    case 'welcome':
      return <WelcomeScreen onStart={() => setState({ kind: 'wizard', start: state.start })} />;
    case 'wizard':
      return (
        <OnboardingWizard
          mode="create"
          initialValues={state.start.values}
          initialStep={state.start.step}
          submissionId={state.start.submissionId}
          onStepChange={rememberOnboardingStep}
          onLeave={(progress) => leaveWizard({ kind: 'welcome', start: { ...progress, step: FIRST_STEP } })}
          onSubmitted={(values) =>
            leaveWizard({
              kind: 'thank-you',
              name: [values.firstName, values.lastName].filter(Boolean).join(' '),
              email: values.emailAddress || account.email,
            })
          }
        />
      );
    case 'thank-you':
      return <ThankYouScreen name={state.name} email={state.email} />;
  }
}
