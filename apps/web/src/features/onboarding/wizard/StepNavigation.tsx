import { ArrowLeft, ArrowRight, CircleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/Button.tsx';

export interface StepNavigationProps {
  /** What the forward button says on this step: 'Next', 'Get Started', 'Accept & Continue'... */
  nextLabel: string;
  /** What it says while busy: 'Saving...', 'Loading...' or 'Submitting...'. */
  nextBusyLabel: string;
  /** The step's validation messages; Next is enabled only when there are none. */
  problems: readonly string[];
  busy: boolean;
  onBack(): void;
  onNext(): void;
}

/** Back and Next, and under them the red 'Please fix the following:' box while the step is invalid. */
export function StepNavigation({
  nextLabel,
  nextBusyLabel,
  problems,
  busy,
  onBack,
  onNext,
}: StepNavigationProps) {
  const invalid = problems.length > 0;
  return (
    <div className="mt-8 space-y-4 border-t border-neutral-200 pt-6">
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" size="lg" onClick={onBack} disabled={busy}>
          {busy ? (
            'Saving...'
          ) : (
            <>
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back
            </>
          )}
        </Button>
        <Button
          size="lg"
          onClick={onNext}
          disabled={invalid}
          busy={busy}
          aria-describedby={invalid ? 'fix-list' : undefined}
        >
          {busy ? (
            nextBusyLabel
          ) : (
            <>
              {nextLabel}
              <ArrowRight className="size-4" aria-hidden="true" />
            </>
          )}
        </Button>
      </div>
      {invalid && (
        <div id="fix-list" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="flex items-center gap-2 font-semibold">
            <CircleAlert className="size-4" aria-hidden="true" />
            Please fix the following:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
