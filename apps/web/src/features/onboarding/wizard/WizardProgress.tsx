import { Check } from 'lucide-react';
import { focusRing } from '../../../components/ui/Button.tsx';
import { LAST_STEP, stepTitle, WIZARD_STEPS } from './wizard-steps.ts';

export interface WizardProgressProps {
  step: number;
  /** Jumps to a step without saving. */
  onJump(step: number): void;
  disabled?: boolean;
  /** Edit mode: every step can be opened, not only the completed ones. */
  openAll?: boolean;
}

/**
 * A progress bar and a numbered stepper: completed steps show a check and can be clicked, the current
 * step is highlighted, future steps are not clickable (in edit mode they are).
 */
export function WizardProgress({ step, onJump, disabled, openAll }: WizardProgressProps) {
  const percent = Math.round(((step - 1) / (LAST_STEP - 1)) * 100);
  return (
    <div className="space-y-4">
      <div>
        <div className="mb-1 flex items-baseline justify-between gap-3 text-sm">
          <span className="min-w-0 font-medium text-neutral-900">
            Step {step} of {LAST_STEP}: {stepTitle(step)}
          </span>
          <span className="whitespace-nowrap text-neutral-600">{percent}% complete</span>
        </div>
        <div
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={1}
          aria-valuemax={LAST_STEP}
          aria-valuenow={step}
          aria-valuetext={`Step ${step} of ${LAST_STEP}`}
          className="h-2 w-full overflow-hidden rounded-full bg-neutral-200"
        >
          <div
            className="h-full rounded-full bg-brand transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <nav aria-label="Onboarding steps">
        <ol className="flex items-start justify-between gap-1">
          {WIZARD_STEPS.map(({ step: n, title }) => {
            const completed = n < step;
            const current = n === step;
            const circle = `flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold ${
              current
                ? 'border-brand bg-brand text-white'
                : completed
                  ? 'border-brand bg-white text-brand'
                  : 'border-neutral-300 bg-white text-neutral-500'
            }`;
            const label = (
              <span
                className={`hidden text-center text-xs leading-tight lg:block ${current ? 'font-semibold text-neutral-900' : 'text-neutral-600'}`}
              >
                {title}
              </span>
            );
            return (
              <li
                key={n}
                className="flex min-w-0 flex-1 flex-col items-center"
                aria-current={current ? 'step' : undefined}
              >
                {completed || (openAll && !current) ? (
                  <button
                    type="button"
                    onClick={() => onJump(n)}
                    disabled={disabled}
                    className={`group flex flex-col items-center gap-1 rounded-md p-0.5 disabled:cursor-not-allowed ${focusRing}`}
                  >
                    <span className={`${circle} group-hover:bg-brand/10`} aria-hidden="true">
                      {completed ? <Check className="size-4" aria-hidden="true" /> : n}
                    </span>
                    <span className="sr-only">
                      Step {n}: {title}
                      {completed ? ', completed. Go back to this step' : '. Go to this step'}
                    </span>
                    <span aria-hidden="true" className="contents">
                      {label}
                    </span>
                  </button>
                ) : (
                  <div className="flex flex-col items-center gap-1 p-0.5">
                    <span className={circle} aria-hidden="true">
                      {n}
                    </span>
                    <span className="sr-only">
                      Step {n}: {title}
                      {current ? ', current step' : ''}
                    </span>
                    <span aria-hidden="true" className="contents">
                      {label}
                    </span>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}
