/**
 * What the browser remembers: in local storage, the onboarding step a person was on, so a reload
 * resumes there (spec 2, section 4; sign-out clears it); in the tab's session storage, onboarding
 * answers not yet saved and where each job list stood. Storage can be unavailable (private modes,
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

/**
 * Where the tab's job lists stood: per entry of the tab's history (React Router's location key), the
 * job first in view. Only the most recent entries are kept; an entry is a place in a list, so older
 * ones are history the tab is unlikely to return to.
 */
const JOB_LIST_PLACES_KEY = 'job-list:places';
const JOB_LIST_PLACES_KEPT = 20;

function readJobListPlaces(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(JOB_LIST_PLACES_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The job first in view when the list of this history entry was last scrolled, if any. */
export function readJobListPlace(entry: string): string | null {
  const place = readJobListPlaces()[entry];
  return typeof place === 'string' ? place : null;
}

/** Remembers the job first in view for this history entry; `null` when the list is at its top. */
export function rememberJobListPlace(entry: string, jobId: string | null): void {
  const { [entry]: _previous, ...others } = readJobListPlaces();
  // The entry goes last, so the oldest come first when the list is trimmed.
  const places = Object.entries(jobId === null ? others : { ...others, [entry]: jobId });
  try {
    sessionStorage.setItem(
      JOB_LIST_PLACES_KEY,
      JSON.stringify(Object.fromEntries(places.slice(-JOB_LIST_PLACES_KEPT))),
    );
  } catch (error) {
    console.error('Could not remember the place in the job list', error);
  }
}
