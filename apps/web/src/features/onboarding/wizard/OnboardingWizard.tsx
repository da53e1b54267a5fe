import { STEP_SCHEMAS, validateStep, type WizardForm, type WizardStep } from '@app/domain/onboarding-rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { setProfileCompleteCookie } from '../../../lib/cookies.ts';
import { notify } from '../notify.ts';
import { AdditionalStep } from '../steps/AdditionalStep.tsx';
import { AddressStep } from '../steps/AddressStep.tsx';
import { EmploymentStep } from '../steps/EmploymentStep.tsx';
import { JobPreferencesStep } from '../steps/JobPreferencesStep.tsx';
import { PersonalStep } from '../steps/PersonalStep.tsx';
import { ResourcesStep } from '../steps/ResourcesStep.tsx';
import { TermsStep } from '../steps/TermsStep.tsx';
import { WelcomeStep } from '../steps/WelcomeStep.tsx';
import { WorkAuthorizationStep } from '../steps/WorkAuthorizationStep.tsx';
import { StepNavigation } from './StepNavigation.tsx';
import { useSubmissionSaver } from './use-submission-saver.ts';
import { WizardProgress } from './WizardProgress.tsx';
import { clampStep, FIRST_STEP, LAST_STEP, stepTitle } from './wizard-steps.ts';

interface StepView {
  Content: ComponentType;
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

const SAVE_FAILED = {
  description: 'There was an issue saving your progress. Please try again.',
  duration: 5000,
};

export type WizardMode = 'create' | 'edit';

export interface WizardProgressSnapshot {
  values: WizardForm;
  submissionId: string | null;
}

export interface OnboardingWizardProps {
  mode: WizardMode;
  initialValues: WizardForm;
  initialStep: number;
  /** The user's stored submission, updated on every save; null until the first save creates it. */
  submissionId: string | null;
  /** Back on step 1: there is nothing before it inside the wizard. Hands over what was entered. */
  onLeave(progress: WizardProgressSnapshot): void;
  onStepChange?(step: number): void;
  /** After the final submit has landed, with the values that were submitted. */
  onSubmitted(values: WizardForm): void;
}

/** Validates only the current step, with the domain's schema for it, so field messages match the box. */
function currentStepResolver(step: { current: number }): Resolver<WizardForm> {
  return (values, context, options) => {
    const schema = STEP_SCHEMAS[step.current as WizardStep];
    if (!schema) return { values, errors: {} };
    return (zodResolver(schema) as unknown as Resolver<WizardForm>)(values, context, options);
  };
}

/** The nine-step onboarding form: every step saves the whole form before it moves on. */
export function OnboardingWizard({
  mode,
  initialValues,
  initialStep,
  submissionId,
  onLeave,
  onStepChange,
  onSubmitted,
}: OnboardingWizardProps) {
  const [step, setStep] = useState(() => clampStep(initialStep));
  const stepRef = useRef(step);
  stepRef.current = step;
  const [resolver] = useState(() => currentStepResolver(stepRef));
  const form = useForm<WizardForm>({ defaultValues: initialValues, resolver, mode: 'onTouched' });
  const { clearErrors } = form;
  const values = useWatch({ control: form.control });
  const problems = validateStep(step, values);
  const { save, create, savedId } = useSubmissionSaver(submissionId);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    onStepChange?.(step);
    clearErrors();
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    // Keyboard and screen-reader users start the new step at its title.
    heading.current?.focus({ preventScroll: true });
  }, [step, onStepChange, clearErrors]);

  const edit = mode === 'edit';

  /** Saves the answers, then moves one step from where the person was. */
  const move = useMutation({
    mutationFn: async ({ from, direction }: { from: number; direction: 'next' | 'back' }) => {
      if (!(await save(form.getValues()))) throw new Error('The answers were not saved');
      return { from, direction };
    },
    onSuccess: ({ from, direction }) => {
      if (direction === 'next') {
        notify.success('Progress Saved Successfully', {
          description: `Step ${from} information saved`,
          duration: 3000,
        });
        setStep(clampStep(from + 1));
      } else {
        notify.success('Progress Saved', { duration: 2000 });
        setStep(clampStep(from - 1));
      }
    },
    onError: () => notify.error('Save Failed', SAVE_FAILED),
  });

  const submit = useMutation({
    mutationFn: async () => {
      const submitted: WizardForm = { ...form.getValues(), onboarding_completed: true };
      // Create mode also sends the create call with the completion flag (spec 1, section 4); the
      // server keeps one submission per user, so it lands on the record just saved.
      const landed = (await save(submitted)) && (edit || (await create(submitted)));
      if (!landed) throw new Error('The answers were not submitted');
      return submitted;
    },
    onSuccess: (submitted) => {
      form.setValue('onboarding_completed', true);
      notify.success(edit ? 'Profile Updated Successfully!' : 'Application Submitted Successfully!', {
        duration: 5000,
      });
      setProfileCompleteCookie(true);
      onSubmitted(submitted);
    },
    onError: () =>
      notify.error(edit ? 'Update Failed' : 'Submission Failed', {
        description: edit
          ? 'There was an issue updating your profile. Please try again.'
          : 'There was an issue submitting your application. Please try again.',
      }),
  });
  const busy = move.isPending || submit.isPending;

  const goBack = () => {
    if (step === FIRST_STEP) onLeave({ values: form.getValues(), submissionId: savedId() });
    else move.mutate({ from: step, direction: 'back' });
  };

  const { Content, next, nextBusy } = STEP_VIEWS[step as WizardStep];
  return (
    <FormProvider {...form}>
      <div className="mx-auto max-w-3xl space-y-6">
        <h1 className="text-2xl font-semibold text-neutral-900">
          {mode === 'edit' ? 'Edit Your Profile' : 'Professional Information'}
        </h1>
        <WizardProgress step={step} onJump={setStep} disabled={busy} />
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
          <Content />
          <StepNavigation
            nextLabel={next}
            nextBusyLabel={nextBusy}
            problems={problems}
            busy={busy}
            onBack={goBack}
            onNext={() =>
              step === LAST_STEP ? submit.mutate() : move.mutate({ from: step, direction: 'next' })
            }
          />
        </form>
      </div>
    </FormProvider>
  );
}
