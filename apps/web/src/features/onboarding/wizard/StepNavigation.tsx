import { ArrowLeft, ArrowRight, CircleAlert, Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';

export interface StepNavigationProps {
  /** What the forward button says on this step: 'Next', 'Get Started', 'Accept & Continue'... */
  nextLabel: string;
  /** What it says while busy: 'Saving...', 'Loading...' or 'Submitting...'. */
  nextBusyLabel: string;
  /** The validation messages listed under the buttons; Next and Save Changes wait until there are none. */
  problems: readonly string[];
  /** Back waits for them too: in edit mode, whose saves the server refuses while any remain. */
  backWaitsForFixes: boolean;
  busy: boolean;
  /** A file is still uploading: every button waits until it lands or fails. */
  uploading: boolean;
  onBack(): void;
  onNext(): void;
  /**
   * A press on a button the problems hold: shows them where they are (held buttons ignore clicks,
   * decision 012, and a press that does nothing tells nothing).
   */
  onShowProblems(): void;
  /** Edit mode: a button that saves every change and finishes from this step. */
  saveChanges?: { label: string; onSave(): void };
}

interface StepAction {
  content: ReactNode;
  busyLabel: string;
  onClick(): void;
  variant?: 'primary' | 'secondary';
}

/**
 * Back and Next (and edit mode's Save Changes), and under them the red 'Please fix the following:'
 * box while anything is invalid.
 */
export function StepNavigation({
  nextLabel,
  nextBusyLabel,
  problems,
  backWaitsForFixes,
  busy,
  uploading,
  onBack,
  onNext,
  onShowProblems,
  saveChanges,
}: StepNavigationProps) {
  const invalid = problems.length > 0;
  const fixesHoldBack = backWaitsForFixes && invalid;
  /** One of the step's buttons: held while `heldByFixes` or a file uploads, and saying why. */
  const stepButton = (
    heldByFixes: boolean,
    { content, busyLabel, onClick, variant = 'secondary' }: StepAction,
  ) => (
    <Button
      variant={variant}
      size="lg"
      aria-disabled={heldByFixes || uploading || undefined}
      onClick={onClick}
      // Not while a file uploads: that wait is said under the buttons, and a document still on its
      // way would be marked missing.
      onHeldClick={uploading ? undefined : onShowProblems}
      busy={busy}
      aria-describedby={
        [heldByFixes && 'fix-list', uploading && 'upload-wait'].filter(Boolean).join(' ') || undefined
      }
    >
      {busy ? busyLabel : content}
    </Button>
  );
  return (
    <div className="mt-8 space-y-4 border-t border-neutral-200 pt-6">
      {/* The DOM, and so the Tab order, follows a phone's column top to bottom: the way on first, Back
          last. On a wider screen the rows run right to left to show Back at the left and Next at the
          right as before; there the Tab order runs from Next, the step's main action, towards Back. */}
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:flex-wrap sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          {stepButton(invalid, {
            variant: 'primary',
            busyLabel: nextBusyLabel,
            content: (
              <>
                {nextLabel}
                <ArrowRight className="size-4" aria-hidden="true" />
              </>
            ),
            onClick: onNext,
          })}
          {saveChanges &&
            stepButton(invalid, {
              busyLabel: 'Saving...',
              content: (
                <>
                  <Save className="size-4" aria-hidden="true" />
                  {saveChanges.label}
                </>
              ),
              onClick: saveChanges.onSave,
            })}
        </div>
        {stepButton(fixesHoldBack, {
          busyLabel: 'Saving...',
          content: (
            <>
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back
            </>
          ),
          onClick: onBack,
        })}
      </div>
      {uploading && (
        <p id="upload-wait" className="text-sm text-neutral-700">
          A file is still uploading. You can go on once it has finished.
        </p>
      )}
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
