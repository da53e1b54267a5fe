import { z } from 'zod';
import { clientIdSchema } from './clients-api.ts';
import { formatCount } from './jobs-format.ts';

/**
 * The staff clients board (`GET /api/admin/board`): one row per client and pending client, searched,
 * narrowed to a saved view, sorted by any column and paged on the server. See decision 031.
 */

export const BOARD_VIEWS = {
  incomplete_onboarding: 'Incomplete onboarding',
  waiting_for_welcome: 'Waiting for welcome e-mail',
  no_recent_applications: 'No applications in 7 days',
} as const;
export type BoardView = keyof typeof BOARD_VIEWS;

/** Column keys, in the board's order, with their headers. */
export const BOARD_COLUMNS = {
  client: 'Client',
  onboarding: 'Onboarding',
  welcome: 'Welcome e-mail',
  filters: 'Filters',
  jobs: 'Jobs',
  applied_recent: 'Applied (7 days)',
  last_active: 'Last active',
} as const;
export type BoardColumn = keyof typeof BOARD_COLUMNS;

export const BOARD_PAGE_SIZE = 50;
/** Applications count on the board when they are at most this many days old. */
export const RECENT_APPLICATION_DAYS = 7;
/** The onboarding wizard's number of steps (spec 1: nine field groups). */
export const ONBOARDING_STEPS = 9;

export const boardQuerySchema = z.object({
  /** Part of a name or e-mail; case does not matter. */
  q: z.string().trim().max(200).optional(),
  view: z.enum(Object.keys(BOARD_VIEWS) as [BoardView, ...BoardView[]]).optional(),
  sort: z.enum(Object.keys(BOARD_COLUMNS) as [BoardColumn, ...BoardColumn[]]).default('last_active'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(BOARD_PAGE_SIZE),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

export const WELCOME_STATES = ['not_sent', 'queued', 'sent', 'failed'] as const;
export type WelcomeState = (typeof WELCOME_STATES)[number];

export const boardRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['user', 'pending']),
  /** First and last name as the client signed in or onboarded; empty when none is known. */
  name: z.string(),
  email: z.string(),
  onboarding: z.object({
    state: z.enum(['not_started', 'in_progress', 'complete']),
    /** The wizard step the client would resume at, while in progress. */
    step: z.number().int().nullable(),
    /** When the record was last saved (completed, for a complete one); null when not started. */
    at: z.string().nullable(),
  }),
  /**
   * Where the newest welcome e-mail stands (a cancelled one is passed over: it never hides an
   * earlier one), and whether one was ever sent, whatever came after it.
   */
  welcome: z.object({
    state: z.enum(WELCOME_STATES),
    at: z.string().nullable(),
    // A row kept from before the flag existed (a batch's chosen clients) reads as its state says.
    ever_sent: z.boolean().default(false),
  }),
  filters: z.number().int(),
  jobs: z.number().int(),
  applied_recent: z.number().int(),
  last_active: z.string().nullable(),
});
export type BoardRow = z.infer<typeof boardRowSchema>;

export const boardResponseSchema = z.object({
  data: z.array(boardRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type BoardResponse = z.infer<typeof boardResponseSchema>;

/** What staff call a client: their name, or their e-mail when no name is known. */
export function clientName(row: Pick<BoardRow, 'name' | 'email'>): string {
  return row.name || row.email;
}

/** A client named so that two of one name can be told apart: 'Ada Lovelace (ada@example.com)'. */
export function clientLabel(row: Pick<BoardRow, 'name' | 'email'>): string {
  return row.name ? `${row.name} (${row.email})` : row.email;
}

/**
 * Whether the client has had a welcome e-mail: the newest one was sent, or an earlier one was even if
 * a newer one waits or failed. Such a client is not waiting for one, and a batch says they were sent
 * one before.
 */
export function welcomeSentBefore(welcome: BoardRow['welcome']): boolean {
  return welcome.state === 'sent' || welcome.ever_sent;
}

/** Which outbox statuses the board shows as which welcome state (a message being sent is queued). */
export function welcomeStateOf(status: string | null | undefined): WelcomeState {
  if (status === 'sent') return 'sent';
  if (status === 'failed') return 'failed';
  if (status === 'queued' || status === 'sending') return 'queued';
  return 'not_sent';
}

// ---- The welcome e-mail to several clients at once (`POST /api/admin/welcome-emails`) ----------

/** The most clients one batch may name: two pages of the board. */
export const WELCOME_BATCH_LIMIT = 2 * BOARD_PAGE_SIZE;
export const CHOOSE_CLIENTS_MESSAGE = 'Choose at least one client.';
export const TOO_MANY_CLIENTS_MESSAGE = `Choose at most ${WELCOME_BATCH_LIMIT} clients at once.`;

export const welcomeBatchBodySchema = z.object({
  /** User or pending-client ids, as the board lists them; a repeated id is sent to once. */
  client_ids: z
    .array(clientIdSchema.min(1))
    .min(1, CHOOSE_CLIENTS_MESSAGE)
    .max(WELCOME_BATCH_LIMIT, TOO_MANY_CLIENTS_MESSAGE),
});

/**
 * What came of one client's e-mail. A batch only queues: the outbox's sender takes it from there.
 * - `queued`: in the outbox, to be sent within seconds;
 * - `kept`: in the outbox, but SMTP is not configured, so it waits there;
 * - `not_sent`: nothing was written, and `message` says why (unknown id, onboarding not started);
 * - `error`: something failed on the server's side midway; the client's outbox tells what was kept.
 */
export const WELCOME_OUTCOMES = ['queued', 'kept', 'not_sent', 'error'] as const;
export type WelcomeOutcome = (typeof WELCOME_OUTCOMES)[number];

/** The answer for a client whose e-mail the server could not finish writing. */
export const WELCOME_ERROR_MESSAGE =
  "Something went wrong on our side while writing this e-mail. Check the client's outbox before sending it again.";

export const welcomeBatchResultSchema = z.object({
  client_id: z.string(),
  outcome: z.enum(WELCOME_OUTCOMES),
  /** Where the e-mail stands, or why there is none. */
  message: z.string(),
});
export type WelcomeBatchResult = z.infer<typeof welcomeBatchResultSchema>;

export const welcomeBatchResponseSchema = z.object({ data: z.array(welcomeBatchResultSchema) });

/**
 * What the confirmation says before a batch goes. Clients who have not started onboarding get
 * nothing (there is nothing to welcome them to yet); those who started but have not finished get
 * the version that asks them to finish. Recipients who have a welcome e-mail already are counted:
 * those ever sent one, and by where their newest one stands, still waiting in the outbox (another
 * would follow it) or failed. A client sent one before whose newest failed is counted in both.
 */
export function planWelcomeBatch(rows: readonly BoardRow[]) {
  const recipients = rows.filter((row) => row.onboarding.state !== 'not_started');
  const withWelcome = (state: WelcomeState) => recipients.filter((row) => row.welcome.state === state).length;
  return {
    recipients,
    notStarted: rows.filter((row) => row.onboarding.state === 'not_started'),
    unfinished: recipients.filter((row) => row.onboarding.state === 'in_progress').length,
    sentBefore: recipients.filter((row) => welcomeSentBefore(row.welcome)).length,
    waiting: withWelcome('queued'),
    failedBefore: withWelcome('failed'),
  };
}

export type WelcomeBatchPlan = ReturnType<typeof planWelcomeBatch>;

/**
 * The confirmation's lines on recipients who have a welcome e-mail already, one per state:
 * '1 of them has been sent one before.', '2 of them already have one waiting in the outbox.'
 */
export function welcomeBeforeNotes(plan: Pick<WelcomeBatchPlan, 'sentBefore' | 'waiting' | 'failedBefore'>) {
  const lines: [count: number, one: string, many: string][] = [
    [plan.sentBefore, 'has been sent one before', 'have been sent one before'],
    [plan.waiting, 'already has one waiting in the outbox', 'already have one waiting in the outbox'],
    [plan.failedBefore, 'has a failed one in the outbox', 'have a failed one in the outbox'],
  ];
  return lines
    .filter(([count]) => count > 0)
    .map(([count, one, many]) =>
      count === 1 ? `1 of them ${one}.` : `${formatCount(count)} of them ${many}.`,
    );
}

/** '1 client', '2,500 clients'. */
export function clientCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'client' : 'clients'}`;
}

/** The batch in one line: 'Welcome e-mail queued for 2 clients, not sent to 1 client.' */
export function summariseWelcomeBatch(results: readonly Pick<WelcomeBatchResult, 'outcome'>[]): string {
  const count = (outcome: WelcomeOutcome) => results.filter((result) => result.outcome === outcome).length;
  const parts = [
    ['queued for', count('queued'), ''],
    ['kept in the outbox for', count('kept'), ' (SMTP not configured)'],
    ['not sent to', count('not_sent'), ''],
    ['left unfinished for', count('error'), ''],
  ] as const;
  const said = parts.filter(([, n]) => n > 0).map(([words, n, note]) => `${words} ${clientCount(n)}${note}`);
  return `Welcome e-mail ${said.join(', ')}.`;
}
