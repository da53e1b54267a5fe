import { checkCompleteness, type MissingSection } from '@app/domain/onboarding-completeness';
import { resumeStep } from '@app/domain/onboarding-rules';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { readProfileCompleteCookie, setProfileCompleteCookie } from '../../lib/cookies.ts';
import {
  clearRememberedOnboardingStep,
  readRememberedOnboardingStep,
  rememberOnboardingStep,
} from '../../lib/storage.ts';
import { type OnboardingAccount, useOnboardingAccount } from './account-context.tsx';
import { EditProfile } from './EditProfile.tsx';
import { fetchCompleteness } from './onboarding-api.ts';
import { PageLoading } from './PageLoading.tsx';
import { showProfileIncompleteToast } from './profile-incomplete-toast.tsx';
import {
  LOAD_PROBLEM_TOASTS,
  loadSavedSubmission,
  openingAt,
  startingAnswers,
  type WizardAnswers,
} from './saved-submission.ts';
import { ThankYouScreen } from './ThankYouScreen.tsx';
import { WelcomeScreen } from './WelcomeScreen.tsx';
import { OnboardingWizard } from './wizard/OnboardingWizard.tsx';
import { clampStep, FIRST_STEP } from './wizard/wizard-steps.ts';

interface WizardStart {
  answers: WizardAnswers;
  step: number;
  /** The answers include some typed earlier and not saved. */
  restored: boolean;
}

/** The three states of the entry route (DESIGN.md, "Entry flow"), and the check before them. */
type EntryState =
  | { kind: 'checking' }
  | { kind: 'welcome'; start: WizardStart }
  | { kind: 'wizard'; start: WizardStart }
  | { kind: 'thank-you'; name: string; email: string };

/** What the check and the saved answers decide, with what the person is told about them. */
type EntryDecision =
  | { kind: 'complete' }
  | {
      kind: 'welcome' | 'wizard';
      start: WizardStart;
      loadProblem: keyof typeof LOAD_PROBLEM_TOASTS | null;
      /** What is missing, by section, for a returning user resumed past the first step. */
      missing: MissingSection[] | null;
    };

async function decideEntry(account: OnboardingAccount): Promise<EntryDecision> {
  if (readProfileCompleteCookie()?.isComplete) return { kind: 'complete' };
  const check = await fetchCompleteness();
  if (check.data) setProfileCompleteCookie(check.data.isComplete);
  if (check.data?.isComplete) return { kind: 'complete' };

  const load = await loadSavedSubmission();
  const record = load.ok ? load.record : null;
  const completeness = checkCompleteness(record);
  // Without an answer from the check, the saved record itself tells.
  if (!check.data && record && completeness.isComplete) return { kind: 'complete' };

  const resumeAt = resumeStep(record);
  const { answers, draftStep, restored } = startingAnswers(load, account);
  // An expired session forgets the remembered step; the unsaved answers kept their own.
  const remembered = readRememberedOnboardingStep() ?? draftStep;
  const start = (step: number): WizardStart => {
    const at = clampStep(step);
    return { answers: openingAt(answers, at), step: at, restored };
  };
  const loadProblem = load.ok ? null : load.problem;
  if (resumeAt > FIRST_STEP) {
    return {
      kind: 'wizard',
      // A reload keeps the step the user was on, but never past the first step with a gap.
      start: start(Math.min(remembered ?? resumeAt, resumeAt)),
      loadProblem,
      missing: completeness.missingBySection,
    };
  }
  if (remembered !== null) return { kind: 'wizard', start: start(remembered), loadProblem, missing: null };
  return { kind: 'welcome', start: start(FIRST_STEP), loadProblem, missing: null };
}

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
  // Decided afresh on every visit, and only once per visit: nothing is kept, nothing refetched.
  const decision = useQuery({
    queryKey: ['onboarding', 'entry', account.id],
    queryFn: () => decideEntry(account),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
  /** Where the person went from the decided start: the wizard, back to the welcome, the thank-you. */
  const [moved, setMoved] = useState<EntryState | null>(null);

  useEffect(() => {
    if (!decision) return;
    if (decision.kind === 'complete') {
      navigate(goToWhenComplete, { replace: true });
      return;
    }
    // The ids keep one toast when the effect runs twice.
    if (decision.loadProblem) {
      const { title, description } = LOAD_PROBLEM_TOASTS[decision.loadProblem];
      toast.error(title, { id: 'onboarding-load-problem', description });
    }
    if (decision.missing) showProfileIncompleteToast(decision.missing);
  }, [decision, navigate, goToWhenComplete]);

  const state: EntryState =
    moved ??
    (decision && decision.kind !== 'complete'
      ? { kind: decision.kind, start: decision.start }
      : { kind: 'checking' });

  // Only the wizard's step is remembered; the welcome and thank-you states are not.
  const leaveWizard = useCallback((next: EntryState) => {
    clearRememberedOnboardingStep();
    setMoved(next);
  }, []);

  switch (state.kind) {
    case 'checking':
      return <PageLoading label="Checking your profile..." />;
    case 'welcome':
      return (
        <WelcomeScreen
          onStart={() => setMoved({ kind: 'wizard', start: state.start })}
          // Back on step 1 brought it: the wizard's focused button has gone.
          focusOnOpen={moved !== null}
        />
      );
    case 'wizard':
      return (
        <OnboardingWizard
          mode="create"
          answers={state.start.answers}
          initialStep={state.start.step}
          restored={state.start.restored}
          // Opened from the welcome screen rather than by loading the page.
          focusOnOpen={moved !== null}
          onStepChange={rememberOnboardingStep}
          onLeave={(answers) =>
            leaveWizard({ kind: 'welcome', start: { answers, step: FIRST_STEP, restored: false } })
          }
          onSubmitted={(values) =>
            leaveWizard({
              kind: 'thank-you',
              name: [values.first_name, values.last_name].filter(Boolean).join(' '),
              email: values.email_address || account.email,
            })
          }
        />
      );
    case 'thank-you':
      return <ThankYouScreen name={state.name} email={state.email} focusOnOpen={moved !== null} />;
  }
}
