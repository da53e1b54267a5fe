/**
 * What the browser remembers in local storage: the onboarding step a person was on, so a reload
 * resumes there (spec 2, section 4). Sign-out clears it. Storage can be unavailable (private modes,
 * quotas), so every access tolerates failure.
 */

export const ONBOARDING_STEP_KEY = 'onboarding:last-step';

export function readRememberedOnboardingStep(): number | null {
  try {
    const stored = localStorage.getItem(ONBOARDING_STEP_KEY);
    const step = stored === null ? Number.NaN : Number(stored);
    return Number.isInteger(step) ? step : null;
  } catch {
    return null;
  }
}

export function rememberOnboardingStep(step: number): void {
  try {
    localStorage.setItem(ONBOARDING_STEP_KEY, String(step));
  } catch (error) {
    console.error('Could not remember the onboarding step', error);
  }
}

export function clearRememberedOnboardingStep(): void {
  try {
    localStorage.removeItem(ONBOARDING_STEP_KEY);
  } catch (error) {
    console.error('Could not forget the onboarding step', error);
  }
}

/** Where the onboarding form keeps answers typed and not yet saved, per user, in the tab. */
const ONBOARDING_DRAFT_PREFIX = 'onboarding:draft:';
export const onboardingDraftKey = (userId: string) => `${ONBOARDING_DRAFT_PREFIX}${userId}`;

/**
 * Forgets the unsaved onboarding answers in this tab: everyone's at a deliberate sign-out, so the
 * next person at the device finds none; everyone's but `keepFor`'s when someone signs in. (A session
 * that merely expires keeps them for its owner's return.)
 */
export function forgetOnboardingDrafts(keepFor?: string): void {
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (
        key.startsWith(ONBOARDING_DRAFT_PREFIX) &&
        (keepFor === undefined || key !== onboardingDraftKey(keepFor))
      ) {
        sessionStorage.removeItem(key);
      }
    }
  } catch (error) {
    console.error('Could not forget the unsaved onboarding answers', error);
  }
}
