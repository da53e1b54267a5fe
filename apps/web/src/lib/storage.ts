/**
 * What the browser remembers: in local storage, the onboarding step a person was on, so a reload
 * resumes there (spec 2, section 4; sign-out clears it); in the tab's session storage, onboarding
 * answers and job notes not yet saved, where each job list stood and the clients a recruiter chose on
 * the board.
 * Storage can be unavailable (private modes, quotas), so every access tolerates failure.
 */

export const ONBOARDING_STEP_KEY = 'onboarding:last-step';

/** What is stored as JSON under `key` in the tab's session storage; undefined when none or unreadable. */
function readTabJson(key: string): unknown {
  try {
    const stored = sessionStorage.getItem(key);
    return stored === null ? undefined : JSON.parse(stored);
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON under `key`, or removes the key when `value` is undefined. */
function writeTabJson(key: string, value: unknown, failure: string): void {
  try {
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.error(failure, error);
  }
}

/** A stored record of text by id, with anything else in it left out. */
function readTextRecord(key: string): Record<string, string> {
  const stored = readTabJson(key);
  if (!stored || typeof stored !== 'object') return {};
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

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

/** Where the job notes dialog keeps notes typed and not yet saved, per user: job id → text. */
const JOB_NOTES_DRAFT_PREFIX = 'job-notes:draft:';
const jobNotesDraftKey = (userId: string) => `${JOB_NOTES_DRAFT_PREFIX}${userId}`;

/**
 * Forgets what was typed and not saved in this tab (onboarding answers, job notes): everyone's at a
 * deliberate sign-out, so the next person at the device finds none; everyone's but `keepFor`'s when
 * someone signs in. (A session that merely expires keeps them for its owner's return.)
 */
export function forgetUnsavedDrafts(keepFor?: string): void {
  const kept = keepFor === undefined ? [] : [onboardingDraftKey(keepFor), jobNotesDraftKey(keepFor)];
  try {
    for (const key of Object.keys(sessionStorage)) {
      const draft = key.startsWith(ONBOARDING_DRAFT_PREFIX) || key.startsWith(JOB_NOTES_DRAFT_PREFIX);
      if (draft && !kept.includes(key)) sessionStorage.removeItem(key);
    }
  } catch (error) {
    console.error('Could not forget the unsaved drafts', error);
  }
}

/** The notes `userId` typed on each job and has not saved, by job id. */
export function readJobNotesDrafts(userId: string): Record<string, string> {
  return readTextRecord(jobNotesDraftKey(userId));
}

/** Keeps the unsaved notes of one job, or forgets them (`null`: saved, or discarded). */
export function rememberJobNotesDraft(userId: string, jobId: string, text: string | null): void {
  const { [jobId]: _previous, ...others } = readJobNotesDrafts(userId);
  const drafts = text === null ? others : { ...others, [jobId]: text };
  writeTabJson(
    jobNotesDraftKey(userId),
    Object.keys(drafts).length === 0 ? undefined : drafts,
    'Could not keep the unsaved notes',
  );
}

/**
 * Where the tab's job lists stood: per entry of the tab's history (React Router's location key), the
 * job first in view. Only the most recent entries are kept; an entry is a place in a list, so older
 * ones are history the tab is unlikely to return to.
 */
const JOB_LIST_PLACES_KEY = 'job-list:places';
const JOB_LIST_PLACES_KEPT = 20;

/** The job first in view when the list of this history entry was last scrolled, if any. */
export function readJobListPlace(entry: string): string | null {
  return readTextRecord(JOB_LIST_PLACES_KEY)[entry] ?? null;
}

/** Remembers the job first in view for this history entry; `null` when the list is at its top. */
export function rememberJobListPlace(entry: string, jobId: string | null): void {
  const { [entry]: _previous, ...others } = readTextRecord(JOB_LIST_PLACES_KEY);
  // The entry goes last, so the oldest come first when the list is trimmed.
  const places = Object.entries(jobId === null ? others : { ...others, [entry]: jobId });
  writeTabJson(
    JOB_LIST_PLACES_KEY,
    Object.fromEntries(places.slice(-JOB_LIST_PLACES_KEPT)),
    'Could not remember the place in the job list',
  );
}

/**
 * The clients a recruiter has chosen on the board for a batch, as each row read when chosen: kept for
 * the tab, so a look at one of them (or a reload) loses none of the others. A deliberate sign-out
 * forgets them.
 */
const CHOSEN_CLIENTS_KEY = 'clients-board:chosen';

/** What was kept, unchecked: the board reads it as its rows, or as nothing chosen. */
export function readChosenClients(): unknown {
  return readTabJson(CHOSEN_CLIENTS_KEY) ?? [];
}

export function rememberChosenClients(rows: readonly object[]): void {
  writeTabJson(
    CHOSEN_CLIENTS_KEY,
    rows.length === 0 ? undefined : rows,
    'Could not remember the chosen clients',
  );
}
