import { changedOnboardingFields, readOnboardingFields } from '@app/domain/onboarding-fields';
import { STEP_SCHEMAS, validateStep, type WizardForm, type WizardStep } from '@app/domain/onboarding-rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { useIsMutating, useMutation } from '@tanstack/react-query';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { FormProvider, type Resolver, type UseFormTrigger, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError, failureMessage } from '../../../lib/api.ts';
import { setProfileCompleteCookie } from '../../../lib/cookies.ts';
import { SAVE_FAILED_TITLE } from '../../../lib/toast-titles.ts';
import { useOnboardingAccount } from '../account-context.tsx';
import { clearOnboardingDraft, writeOnboardingDraft } from '../onboarding-draft.ts';
import { answersToAdopt, type WizardAnswers } from '../saved-submission.ts';
import { AdditionalStep } from '../steps/AdditionalStep.tsx';
import { AddressStep } from '../steps/AddressStep.tsx';
import { EmploymentStep } from '../steps/EmploymentStep.tsx';
import { JobPreferencesStep } from '../steps/JobPreferencesStep.tsx';
import { PersonalStep } from '../steps/PersonalStep.tsx';
import { ResourcesStep } from '../steps/ResourcesStep.tsx';
import { TermsStep } from '../steps/TermsStep.tsx';
import { WelcomeStep } from '../steps/WelcomeStep.tsx';
import { WorkAuthorizationStep } from '../steps/WorkAuthorizationStep.tsx';
import { DOCUMENT_UPLOAD_KEY } from '../upload-document.ts';
import { LeaveWhileBusy } from './LeaveWhileBusy.tsx';
import { StepNavigation } from './StepNavigation.tsx';
import { type LandedSave, useSubmissionSaver } from './use-submission-saver.ts';
import { WizardProgress } from './WizardProgress.tsx';
import { clampStep, FIRST_STEP, LAST_STEP, stepTitle, WIZARD_STEPS } from './wizard-steps.ts';

/** What a step's content is told: the words on the button that finishes the wizard. */
export interface StepContentProps {
  finishLabel: string;
}

interface StepView {
  Content: ComponentType<StepContentProps>;
  next: string;
  nextBusy: string;
}

const STEP_VIEWS: Record<WizardStep, StepView> = {
  1: { Content: WelcomeStep, next: 'Get Started', nextBusy: 'Loading...' },
  2: { Content: TermsStep, next: 'Accept & Continue', nextBusy: 'Saving...' },
  3: { Content: PersonalStep, next: 'Next', nextBusy: 'Saving...' },
  4: { Content: AddressStep, next: 'Next', nextBusy: 'Saving...' },
  5: { Content: WorkAuthorizationStep, next: 'Next', nextBusy: 'Saving...' },
  6: { Content: EmploymentStep, next: 'Next', nextBusy: 'Saving...' },
  7: { Content: JobPreferencesStep, next: 'Next', nextBusy: 'Saving...' },
  8: { Content: AdditionalStep, next: 'Next', nextBusy: 'Saving...' },
  9: { Content: ResourcesStep, next: 'Complete Onboarding', nextBusy: 'Submitting...' },
};

/** Edit mode's button that saves every change and finishes, from any step. */
const SAVE_CHANGES = 'Save Changes';

const SAVE_FAILED = {
  description: 'There was an issue saving your progress. Please try again.',
  duration: 5000,
};

export type WizardMode = 'create' | 'edit';

export interface OnboardingWizardProps {
  mode: WizardMode;
  /** What the server holds and what the form starts with; saves send only the difference. */
  answers: WizardAnswers;
  initialStep: number;
  /** The form opens with answers typed earlier and not saved: say so once. */
  restored?: boolean;
  /** The wizard opens because the person asked for it (not on page load): focus its step heading. */
  focusOnOpen?: boolean;
  /** Back on step 1: there is nothing before it inside the wizard. Hands over what was entered. */
  onLeave(progress: WizardAnswers): void;
  onStepChange?(step: number): void;
  /** After the final submit has landed, with the values that were submitted. */
  onSubmitted(values: WizardForm): void;
}

/**
 * A failure's description: a refusal (4xx) in the server's own words, since it says what to change;
 * otherwise the spec's general text, which asks to try again.
 */
function failureDescription(error: unknown, fallback: string): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return refused ? failureMessage(error, fallback) : fallback;
}

/** Validates only the current step, with the domain's schema for it, so field messages match the box. */
function currentStepResolver(step: { current: number }): Resolver<WizardForm> {
  return (values, context, options) => {
    const schema = STEP_SCHEMAS[step.current as WizardStep];
    if (!schema) return { values, errors: {} };
    return (zodResolver(schema) as unknown as Resolver<WizardForm>)(values, context, options);
  };
}

/**
 * Every step's problems, those of other steps named by their step: edit mode saves from any step,
 * and the final submit finishes the record, so both need the whole form right.
 */
function allProblems(current: number, values: unknown): string[] {
  return WIZARD_STEPS.flatMap(({ step, title }) =>
    validateStep(step, values).map((problem) => (step === current ? problem : `${title}: ${problem}`)),
  );
}

/**
 * Validates the current step's fields (the resolver knows no other), so each shows its message and
 * `aria-invalid`, and focuses the first that fails. Fields say their message only once validated,
 * and the form validates a field first when it is left ('onTouched'): one never visited would stay
 * quiet. Marking them touched makes each check again as it is corrected.
 */
function markProblems(trigger: UseFormTrigger<WizardForm>): void {
  void trigger(undefined, { shouldFocus: true, shouldTouch: true });
}

/**
 * The nine-step onboarding form. Every step saves before it moves on, sending the answers that
 * differ from what the server holds; in edit mode any step can be opened and 'Save Changes' saves
 * and finishes from wherever the person is.
 */
export function OnboardingWizard({
  mode,
  answers,
  initialStep,
  restored,
  focusOnOpen,
  onLeave,
  onStepChange,
  onSubmitted,
}: OnboardingWizardProps) {
  const { id: userId } = useOnboardingAccount();
  const [step, setStep] = useState(() => clampStep(initialStep));
  const stepRef = useRef(step);
  stepRef.current = step;
  const [resolver] = useState(() => currentStepResolver(stepRef));
  const form = useForm<WizardForm>({ defaultValues: answers.values, resolver, mode: 'onTouched' });
  const { clearErrors, trigger } = form;
  const values = useWatch({ control: form.control });
  const { save, create, reload, current, saved } = useSubmissionSaver(answers);
  const heading = useRef<HTMLHeadingElement>(null);
  // Null until the first step is shown: an opening the person asked for focuses it too.
  const shownStep = useRef<number | null>(focusOnOpen ? null : step);
  /** The step was opened to show its problems (a held button was pressed on another step). */
  const openedForProblems = useRef(false);
  const edit = mode === 'edit';

  // Told once per step change, however often the caller hands over a new function.
  const tellStepChange = useRef(onStepChange);
  tellStepChange.current = onStepChange;

  useEffect(() => {
    tellStepChange.current?.(step);
    clearErrors();
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    // Keyboard and screen-reader users start the new step at its title.
    heading.current?.focus({ preventScroll: true });
    if (openedForProblems.current) {
      openedForProblems.current = false;
      markProblems(trigger);
    }
  }, [step, clearErrors, trigger]);

  useEffect(() => {
    if (restored) {
      toast('Unsaved Answers Restored', {
        id: 'onboarding-draft-restored',
        description: 'The answers you had not saved yet are back in the form.',
      });
    }
  }, [restored]);

  // Whatever is not saved yet outlives this page in the tab: an expired session, a reload.
  useEffect(() => {
    writeOnboardingDraft(userId, {
      step,
      changes: changedOnboardingFields(saved, readOnboardingFields(values)),
    });
  }, [userId, step, saved, values]);

  /** Shows what the server answered in every field the person has not changed since. */
  const adopt = ({ record, expected }: LandedSave) => {
    const fields = answersToAdopt(
      readOnboardingFields(form.getValues()),
      expected,
      readOnboardingFields(record),
    );
    for (const [field, value] of Object.entries(fields)) {
      form.setValue(field as keyof WizardForm, value as WizardForm[keyof WizardForm]);
    }
  };

  /** Saves the answers, then moves one step from where the person was. */
  const move = useMutation({
    mutationFn: async ({ from, direction }: { from: number; direction: 'next' | 'back' }) => {
      adopt(await save(form.getValues()));
      return { from, direction };
    },
    onSuccess: ({ from, direction }) => {
      if (direction === 'next') {
        toast.success('Progress Saved Successfully', {
          description: `Step ${from} information saved`,
          duration: 3000,
        });
        setStep(clampStep(from + 1));
      } else {
        toast.success('Progress Saved', { duration: 2000 });
        setStep(clampStep(from - 1));
      }
    },
    onError: (error) =>
      toast.error(SAVE_FAILED_TITLE, {
        ...SAVE_FAILED,
        description: failureDescription(error, SAVE_FAILED.description),
      }),
  });

  const submit = useMutation({
    mutationFn: async (): Promise<WizardForm> => {
      let landed: LandedSave;
      try {
        landed = await save({ ...form.getValues(), onboarding_completed: true });
      } catch (failure) {
        // An answer lost on its way back can hide a save that landed: the server says what it holds,
        // and the screen shows that.
        const held = await reload();
        if (held) adopt(held);
        if (held?.record.onboarding_completed) return { ...form.getValues(), onboarding_completed: true };
        throw failure;
      }
      adopt(landed);
      // Create mode also sends the create call with the completion flag (spec 1, section 4). The
      // save above already stored the finished answers, so its failure is only logged.
      if (!edit) await create(form.getValues());
      return { ...form.getValues(), onboarding_completed: true };
    },
    onSuccess: (submitted) => {
      form.setValue('onboarding_completed', true);
      clearOnboardingDraft(userId);
      // The one announcement of a finished edit or onboarding.
      toast.success(edit ? 'Profile Updated Successfully!' : 'Application Submitted Successfully!', {
        duration: 5000,
      });
      setProfileCompleteCookie(true);
      onSubmitted(submitted);
    },
    onError: (error) =>
      toast.error(edit ? 'Update Failed' : 'Submission Failed', {
        description: failureDescription(
          error,
          edit
            ? 'There was an issue updating your profile. Please try again.'
            : 'There was an issue submitting your application. Please try again.',
        ),
      }),
  });
  const busy = move.isPending || submit.isPending;
  // A file still uploading is stored in the form only when it lands: every way on waits for it.
  const uploading = useIsMutating({ mutationKey: DOCUMENT_UPLOAD_KEY }) > 0;

  /**
   * A held Back, Next, Save Changes or Complete was pressed: the problems that hold it are shown
   * where they are, on this step if it has any, or else on the first step that has.
   */
  const showProblems = () => {
    const all = form.getValues();
    if (validateStep(step, all).length > 0) {
      markProblems(trigger);
      return;
    }
    const first = WIZARD_STEPS.find((each) => validateStep(each.step, all).length > 0);
    if (!first) return;
    openedForProblems.current = true;
    setStep(first.step);
  };

  const goBack = () => {
    if (step === FIRST_STEP) onLeave({ ...current(), values: form.getValues() });
    else move.mutate({ from: step, direction: 'back' });
  };

  const view = STEP_VIEWS[step as WizardStep];
  const finishLabel = edit ? SAVE_CHANGES : STEP_VIEWS[LAST_STEP as WizardStep].next;
  const last = step === LAST_STEP;
  // Edit mode works on a finished record, which the server keeps whole: every save, Back and Next
  // included, waits until no step has a problem, and the box lists every step's problems. Complete
  // Onboarding waits for the same, since the steps' rules ask for more than completeness does.
  const problems = edit || last ? allProblems(step, values) : validateStep(step, values);
  return (
    <FormProvider {...form}>
      <div className="mx-auto max-w-3xl space-y-6">
        <h1 className="text-2xl font-semibold text-neutral-900">
          {edit ? 'Edit Your Profile' : 'Professional Information'}
        </h1>
        <WizardProgress step={step} onJump={setStep} disabled={busy || uploading} openAll={edit} />
        <form
          noValidate
          aria-labelledby="wizard-step-title"
          className="rounded-lg border border-neutral-200 bg-white p-4 shadow-xs sm:p-8"
          onSubmit={(event) => event.preventDefault()}
        >
          <h2
            id="wizard-step-title"
            ref={heading}
            tabIndex={-1}
            className="mb-6 text-xl font-semibold text-neutral-900 focus:outline-none"
          >
            {stepTitle(step)}
          </h2>
          <view.Content finishLabel={finishLabel} />
          <StepNavigation
            nextLabel={last ? finishLabel : view.next}
            nextBusyLabel={last && edit ? 'Saving...' : view.nextBusy}
            problems={problems}
            // Back from the first step leaves without saving.
            backWaitsForFixes={edit && step !== FIRST_STEP}
            busy={busy}
            uploading={uploading}
            onBack={goBack}
            onNext={() => (last ? submit.mutate() : move.mutate({ from: step, direction: 'next' }))}
            onShowProblems={showProblems}
            saveChanges={edit && !last ? { label: SAVE_CHANGES, onSave: () => submit.mutate() } : undefined}
          />
        </form>
      </div>
      <LeaveWhileBusy uploading={uploading} saving={busy} />
    </FormProvider>
  );
}
