/**
 * What the browser remembers: in local storage, the onboarding step a person was on, so a reload
 * resumes there (spec 2, section 4; sign-out clears it), and a sign-out the server has not confirmed
 * (decision 010); in the tab's session storage, onboarding
 * answers, job notes, analyst notes and filter edits not yet saved, the jobs chosen on each list, where
 * each job list stood, and each recruiter's clients board: where it was last left and the clients
 * chosen on it.
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

/** A stored record by id, with any entry that is not an `isEntry` left out. */
function readRecord<T>(key: string, isEntry: (value: unknown) => value is T): Record<string, T> {
  const stored = readTabJson(key);
  if (!stored || typeof stored !== 'object') return {};
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, T] => isEntry(entry[1])),
  );
}

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * Sets the entry `id` of the record under `key` (last, so the oldest entries come first), or removes it
 * (`null`); the record keeps its `limit` most recent entries, and goes when none are left.
 */
function writeRecordEntry<T>(
  key: string,
  record: Record<string, T>,
  id: string,
  entry: T | null,
  failure: string,
  limit = Number.POSITIVE_INFINITY,
): void {
  const { [id]: _previous, ...others } = record;
  const entries = Object.entries(entry === null ? others : { ...others, [id]: entry }).slice(-limit);
  writeTabJson(key, entries.length === 0 ? undefined : Object.fromEntries(entries), failure);
}

/** Sets (or removes, `null`) the entry `id` of the record of `isEntry`s under `key`, as read now. */
function rememberRecordEntry<T>(
  key: string,
  isEntry: (value: unknown) => value is T,
  id: string,
  entry: T | null,
  failure: string,
): void {
  writeRecordEntry(key, readRecord(key, isEntry), id, entry, failure);
}

/** Stores `value` under `key` in local storage, or removes the key when `value` is undefined. */
function writeLocal(key: string, value: string | undefined, failure: string): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (error) {
    console.error(failure, error);
  }
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
  writeLocal(ONBOARDING_STEP_KEY, String(step), 'Could not remember the onboarding step');
}

export function clearRememberedOnboardingStep(): void {
  writeLocal(ONBOARDING_STEP_KEY, undefined, 'Could not forget the onboarding step');
}

/**
 * Set while a sign-out waits for the server to end its session: every tab and every later page load
 * sees it, and none restores the session it was meant to end. Without storage a failed sign-out is
 * forgotten with the page.
 */
export const SIGN_OUT_PENDING_KEY = 'auth:sign-out-pending';

export function isSignOutPending(): boolean {
  try {
    return localStorage.getItem(SIGN_OUT_PENDING_KEY) !== null;
  } catch {
    return false;
  }
}

export function rememberSignOutPending(): void {
  writeLocal(SIGN_OUT_PENDING_KEY, '1', 'Could not remember the pending sign-out');
}

export function forgetSignOutPending(): void {
  writeLocal(SIGN_OUT_PENDING_KEY, undefined, 'Could not forget the pending sign-out');
}

/** Where the onboarding form keeps answers typed and not yet saved, per user, in the tab. */
const ONBOARDING_DRAFT_PREFIX = 'onboarding:draft:';
export const onboardingDraftKey = (userId: string) => `${ONBOARDING_DRAFT_PREFIX}${userId}`;

/** Where the job notes dialog keeps notes typed and not yet saved, per user: job id → draft. */
const JOB_NOTES_DRAFT_PREFIX = 'job-notes:draft:';
const jobNotesDraftKey = (userId: string) => `${JOB_NOTES_DRAFT_PREFIX}${userId}`;

/** Where the recruiter's table keeps analyst notes being written, per recruiter: job id → draft. */
const ANALYST_NOTES_DRAFT_PREFIX = 'analyst-notes:draft:';
const analystNotesDraftKey = (userId: string) => `${ANALYST_NOTES_DRAFT_PREFIX}${userId}`;

/** Where the client page keeps saved filters being edited, per recruiter: filter id → draft. */
const FILTER_EDIT_DRAFT_PREFIX = 'filter-edit:draft:';
const filterEditDraftKey = (userId: string) => `${FILTER_EDIT_DRAFT_PREFIX}${userId}`;

/** Where the job lists keep the jobs chosen for a bulk action, per user: list → job ids. */
const CHOSEN_JOBS_PREFIX = 'chosen-jobs:';
const chosenJobsKey = (userId: string) => `${CHOSEN_JOBS_PREFIX}${userId}`;

/** Where the clients board was last left, per recruiter: its address's parameters. */
const BOARD_ADDRESS_PREFIX = 'clients-board:address:';
const boardAddressKey = (userId: string) => `${BOARD_ADDRESS_PREFIX}${userId}`;

/** Where the clients board keeps the clients chosen for a batch, per recruiter: the rows. */
const CHOSEN_CLIENTS_PREFIX = 'clients-board:chosen:';
const chosenClientsKey = (userId: string) => `${CHOSEN_CLIENTS_PREFIX}${userId}`;

/** Each person's work under way in the tab, stored under the prefix and their id. */
const WORK_PREFIXES = [
  ONBOARDING_DRAFT_PREFIX,
  JOB_NOTES_DRAFT_PREFIX,
  ANALYST_NOTES_DRAFT_PREFIX,
  FILTER_EDIT_DRAFT_PREFIX,
  CHOSEN_JOBS_PREFIX,
  BOARD_ADDRESS_PREFIX,
  CHOSEN_CLIENTS_PREFIX,
];

/**
 * Forgets the work under way in this tab (answers, notes and filter edits not saved, jobs and clients
 * chosen, where the clients board was left, whose search names a client): everyone's at a deliberate
 * sign-out, so the next person at the device finds none; everyone's but `keepFor`'s when someone signs
 * in. (A session that merely expires keeps it for its owner's return.)
 */
export function forgetWorkInProgress(keepFor?: string): void {
  const kept = keepFor === undefined ? [] : WORK_PREFIXES.map((prefix) => `${prefix}${keepFor}`);
  try {
    for (const key of Object.keys(sessionStorage)) {
      const work = WORK_PREFIXES.some((prefix) => key.startsWith(prefix));
      if (work && !kept.includes(key)) sessionStorage.removeItem(key);
    }
  } catch (error) {
    console.error('Could not forget the work in progress', error);
  }
}

/**
 * Notes typed and not saved (a client's on their job, or an analyst's), with the saved notes as they
 * were when the writing began: opening the notes again can tell whether they changed elsewhere since
 * (another tab, a colleague), so a draft never goes back over newer notes unseen. `before` is null
 * when not known: a client's draft kept by an earlier version of the app, which stored only the text,
 * or an analyst's begun on no notes.
 */
export interface NotesDraft {
  text: string;
  before: string | null;
}

const isNotesDraft = (value: unknown): value is NotesDraft =>
  typeof value === 'object' &&
  value !== null &&
  isText((value as NotesDraft).text) &&
  ((value as NotesDraft).before === null || isText((value as NotesDraft).before));

const isStoredJobNotesDraft = (value: unknown): value is NotesDraft | string =>
  isText(value) || isNotesDraft(value);

/** The notes `userId` typed on each job and has not saved, by job id. */
export function readJobNotesDrafts(userId: string): Record<string, NotesDraft> {
  const stored = readRecord(jobNotesDraftKey(userId), isStoredJobNotesDraft);
  return Object.fromEntries(
    Object.entries(stored).map(([jobId, draft]) => [
      jobId,
      // A bare text is an earlier version's draft: what it began from is not known, and the dialog
      // reads that as changed since.
      typeof draft === 'string' ? { text: draft, before: null } : draft,
    ]),
  );
}

/** Keeps one job's unsaved notes, or forgets them (`null`: saved, or discarded). */
export function rememberJobNotesDraft(userId: string, jobId: string, draft: NotesDraft | null): void {
  writeRecordEntry(
    jobNotesDraftKey(userId),
    readJobNotesDrafts(userId),
    jobId,
    draft,
    'Could not keep the unsaved notes',
  );
}

/** The analyst notes `userId` is writing and has not saved, by job id. */
export function readAnalystNotesDrafts(userId: string): Record<string, NotesDraft> {
  return readRecord(analystNotesDraftKey(userId), isNotesDraft);
}

/** Keeps one job's analyst notes being written, or forgets them (`null`: saved, or discarded). */
export function rememberAnalystNotesDraft(userId: string, jobId: string, draft: NotesDraft | null): void {
  rememberRecordEntry(
    analystNotesDraftKey(userId),
    isNotesDraft,
    jobId,
    draft,
    'Could not keep the unsaved analyst notes',
  );
}

/**
 * A saved filter's edit not yet saved: the form's fields as typed (lists as comma-separated text, the
 * salary as typed), and the filter's version the edit was opened on, which its save names; null once a
 * save was refused for that version (409), so the next save replaces the version the page shows.
 */
export interface FilterEditDraft {
  fields: {
    name: string;
    query: string;
    include: string;
    exclude: string;
    minSalary: string;
    isRemote: boolean;
  };
  openedOn: number | null;
}

const isFilterEditDraft = (value: unknown): value is FilterEditDraft => {
  if (typeof value !== 'object' || value === null) return false;
  const { fields, openedOn } = value as FilterEditDraft;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    [fields.name, fields.query, fields.include, fields.exclude, fields.minSalary].every(isText) &&
    typeof fields.isRemote === 'boolean' &&
    (openedOn === null || Number.isInteger(openedOn))
  );
};

/** The edit of the filter `filterId` that `userId` has open and not saved, if any. */
export function readFilterEditDraft(userId: string, filterId: string): FilterEditDraft | undefined {
  return readRecord(filterEditDraftKey(userId), isFilterEditDraft)[filterId];
}

/** Keeps one filter's open edit, or forgets it (`null`: saved, or cancelled). */
export function rememberFilterEditDraft(
  userId: string,
  filterId: string,
  draft: FilterEditDraft | null,
): void {
  rememberRecordEntry(
    filterEditDraftKey(userId),
    isFilterEditDraft,
    filterId,
    draft,
    'Could not keep the unsaved filter edit',
  );
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

/** The jobs `userId` has chosen on `list` (a name for one job list) for a bulk action. */
export function readChosenJobs(userId: string, list: string): string[] {
  return readRecord(chosenJobsKey(userId), isIdList)[list] ?? [];
}

/** Keeps the jobs chosen on `list`; none chosen forgets the list. */
export function rememberChosenJobs(userId: string, list: string, ids: readonly string[]): void {
  rememberRecordEntry(
    chosenJobsKey(userId),
    isIdList,
    list,
    ids.length === 0 ? null : [...ids],
    'Could not remember the chosen jobs',
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
  return readRecord(JOB_LIST_PLACES_KEY, isText)[entry] ?? null;
}

/** Remembers the job first in view for this history entry; `null` when the list is at its top. */
export function rememberJobListPlace(entry: string, jobId: string | null): void {
  writeRecordEntry(
    JOB_LIST_PLACES_KEY,
    readRecord(JOB_LIST_PLACES_KEY, isText),
    entry,
    jobId,
    'Could not remember the place in the job list',
    JOB_LIST_PLACES_KEPT,
  );
}

/**
 * Where `userId` last left the clients board, as its address's parameters ('' when never, or when
 * unreadable): the client page's "All clients" leads back there. Kept in the tab's session storage
 * rather than in the history entry's state, which a jump to one of the client page's sections (a
 * plain anchor) leaves behind, and so it also survives a reload of the client page. Unchecked: the
 * client page parses it as the board parses its own address.
 */
export function readRememberedBoardAddress(userId: string): string {
  const stored = readTabJson(boardAddressKey(userId));
  return isText(stored) ? stored : '';
}

/** Keeps `search`, the board's parameters as the board writes them; none (the plain board) forgets it. */
export function rememberBoardAddress(userId: string, search: string): void {
  writeTabJson(
    boardAddressKey(userId),
    search === '' ? undefined : search,
    'Could not remember where the board was left',
  );
}

/**
 * The clients `userId` has chosen on the board for a batch, as each row read when chosen: kept for the
 * tab, so a look at one of them (or a reload) loses none of the others. Unchecked: the board reads it
 * as its rows, or as nothing chosen.
 */
export function readChosenClients(userId: string): unknown {
  return readTabJson(chosenClientsKey(userId)) ?? [];
}

export function rememberChosenClients(userId: string, rows: readonly object[]): void {
  writeTabJson(
    chosenClientsKey(userId),
    rows.length === 0 ? undefined : rows,
    'Could not remember the chosen clients',
  );
}
