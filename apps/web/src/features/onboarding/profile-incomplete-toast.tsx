import type { MissingSection } from '@app/domain/onboarding-completeness';
import { toast } from 'sonner';
import { stepTitle } from './wizard/wizard-steps.ts';

const TITLE = 'Profile Incomplete';
/** The id keeps one toast when an effect runs twice, and lets opening the list keep it on screen. */
const TOAST_ID = 'onboarding-profile-incomplete';
/** Spec 1, section 4: the profile-incomplete toast shows for 8 seconds. */
const DURATION_MS = 8000;

export interface MissingStep {
  /** The step's name as the wizard's stepper and heading show it. */
  step: string;
  fields: readonly string[];
}

/** What is missing, under the names of the wizard steps that ask for it, in step order. */
export function missingByStep(sections: readonly MissingSection[]): MissingStep[] {
  return sections.map((section) => ({ step: stepTitle(section.step), fields: section.fields }));
}

/**
 * The neutral 'Profile Incomplete' toast: one short line naming the steps with something missing,
 * and the full list behind 'Show what is missing', which keeps the toast open once opened.
 */
export function showProfileIncompleteToast(sections: readonly MissingSection[]): void {
  const steps = missingByStep(sections);
  const show = (duration: number) =>
    toast(TITLE, {
      id: TOAST_ID,
      duration,
      description: <MissingSummary steps={steps} onOpen={() => show(Number.POSITIVE_INFINITY)} />,
    });
  show(DURATION_MS);
}

function MissingSummary({ steps, onOpen }: { steps: readonly MissingStep[]; onOpen(): void }) {
  return (
    <div className="space-y-1">
      <p>Missing answers in {steps.map((item) => item.step).join(', ')}.</p>
      <details
        onToggle={(event) => {
          if (event.currentTarget.open) onOpen();
        }}
      >
        <summary className="cursor-pointer font-medium underline underline-offset-2">
          Show what is missing
        </summary>
        {/* Scrolls when long; focusable so that the keyboard can scroll it too (WCAG 2.1.1). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
        <ul aria-label="What is missing" tabIndex={0} className="mt-1 max-h-48 space-y-1 overflow-y-auto">
          {steps.map((item) => (
            <li key={item.step}>
              <span className="font-medium">{item.step}:</span> {item.fields.join(', ')}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
