import { z } from 'zod';
import { clientIdSchema } from './clients-api.ts';

/**
 * The activity log: one timeline per client of what staff did with their data and what the client
 * decided, append-only. Shared by the server (which records and lists) and the staff console
 * (which labels and filters).
 */

/** Who acted: a staff member, the client themself, or a program (the import CLI) with no person. */
export const ACTOR_KINDS = ['staff', 'client', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/**
 * Every kind of entry, with the words the console shows for it. Staff actions first, then the
 * client's own. Add new kinds here so the console labels them and the CSV says the same.
 */
export const ACTIVITY_ACTIONS = {
  'client.opened': 'Opened the client',
  'document.downloaded': 'Downloaded a document',
  'document.shared': 'Shared a download link to a document',
  // Worded by what came of it when the entry says (`describeActivity`): sent, queued or tried.
  'email.sent': 'Sent an e-mail',
  'email.read': 'Read an e-mail',
  'email.retried': 'Retried an e-mail',
  'email.cancelled': 'Cancelled an e-mail',
  'filters.generated': 'Generated filters',
  'filters.saved': 'Saved filters',
  'filters.replaced': 'Replaced the filters with a new set',
  'filter.edited': 'Edited a filter',
  'filter.deleted': 'Deleted a filter',
  'jobs.imported': 'Imported jobs',
  'job.edited': 'Edited a job',
  'job.applied': 'Marked a job applied',
  'job.unapplied': 'Marked a job not applied',
  'job.deleted': 'Deleted a job',
  'job.decision': 'Decided on a job',
  'job.notes': 'Wrote notes on a job',
  'job.outcome': 'Recorded the outcome of a job',
  'session.disabled': 'Signed out a device',
  'account.deleted': 'A client deleted their account',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;
export const activityActionSchema = z.enum(
  Object.keys(ACTIVITY_ACTIONS) as [ActivityAction, ...ActivityAction[]],
);

/** What the entry was about, as plain JSON: ids, counts, names; never a document's content. */
export type ActivityDetail = Record<string, unknown>;

export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_kind: z.enum(ACTOR_KINDS),
  /** The user who acted (staff or client); null for a program. */
  actor_id: z.string().nullable(),
  /** The actor's e-mail when they acted (kept as it was, for reading). */
  actor_email: z.string(),
  client_id: z.string(),
  /** The client's sign-in e-mail now, for reading; null once they are gone. */
  client_email: z.string().nullable(),
  action: activityActionSchema,
  detail: z.record(z.string(), z.unknown()),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const ACTIVITY_PAGE_SIZE = 50;

export const activityQuerySchema = z.object({
  client_id: clientIdSchema.optional(),
  /** A staff member's user id. */
  actor_id: z.string().trim().max(64).optional(),
  /** The `next_cursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(ACTIVITY_PAGE_SIZE),
});

export const activityExportQuerySchema = activityQuerySchema.pick({ client_id: true, actor_id: true });

export const activityListResponseSchema = z.object({
  data: z.array(activityEntrySchema),
  next_cursor: z.string().nullable(),
});

export const activityActorsResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), email: z.string() })),
});

/**
 * What staff sending an e-mail came to, by the message's status right after (`detail.status`): the
 * SMTP server took it, it waits in the outbox, or the server refused it for good.
 */
const EMAIL_SENT_LABELS: Record<string, string> = {
  sent: 'Sent an e-mail',
  queued: 'Queued an e-mail',
  failed: 'Tried to send an e-mail',
};

/** The words for one entry: its action's, or for an e-mail sent, what came of it. */
function activityLabel(entry: Pick<ActivityEntry, 'action' | 'detail'>): string {
  const status = entry.detail.status;
  if (
    entry.action === 'email.sent' &&
    typeof status === 'string' &&
    Object.hasOwn(EMAIL_SENT_LABELS, status)
  ) {
    return EMAIL_SENT_LABELS[status]!;
  }
  return ACTIVITY_ACTIONS[entry.action];
}

/**
 * One line for people, the label and the detail's summary: `Queued an e-mail: Welcome e-mail,
 * queued` (the CSV keeps the JSON too).
 */
export function describeActivity(entry: Pick<ActivityEntry, 'action' | 'detail'>): string {
  const label = activityLabel(entry);
  const summary = entry.detail.summary;
  return typeof summary === 'string' && summary !== '' ? `${label}: ${summary}` : label;
}
