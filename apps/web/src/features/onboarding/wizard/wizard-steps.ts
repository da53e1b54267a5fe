/** The nine steps of the onboarding wizard (spec 1, section 2), as the stepper and headings name them. */
export const WIZARD_STEPS = [
  { step: 1, title: 'Welcome' },
  { step: 2, title: 'Terms & Conditions' },
  { step: 3, title: 'Personal Information' },
  { step: 4, title: 'Address Information' },
  { step: 5, title: 'Work Authorization' },
  { step: 6, title: 'Employment Information' },
  { step: 7, title: 'Job Preferences' },
  { step: 8, title: 'Additional Information' },
  { step: 9, title: 'Resources' },
] as const;

export const FIRST_STEP = 1;
/** The step that asks to accept the terms; only ticking both of its boxes leads past it. */
export const TERMS_STEP = 2;
export const LAST_STEP = WIZARD_STEPS.length;

/** A step number kept within 1 to 9. */
export function clampStep(step: number): number {
  return Math.min(LAST_STEP, Math.max(FIRST_STEP, Math.trunc(step) || FIRST_STEP));
}

export function stepTitle(step: number): string {
  return WIZARD_STEPS[clampStep(step) - 1]?.title ?? '';
}
