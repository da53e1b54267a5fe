import { z } from 'zod';
import { clientIdSchema, resolvedClientShape } from './clients-api.ts';
import { formattedFilterSchema, jobFilterSetSchema, savedFilterSchema } from './job-filters.ts';
import { ACK_FIELDS, FIELD_OPTIONS, onboardingRecordSchema } from './onboarding-fields.ts';

/**
 * The staff call `POST /api/admin/user-email-management` (spec 2, sections 3 and 7): its actions,
 * the admin view of a client's onboarding record, and the "All Required Filled" check.
 */

export const ADMIN_ACTIONS = [
  'fetch',
  'send',
  'send_team',
  'generate_filters',
  'save_filters',
  'preview',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const EMPTY_EMAIL_MESSAGE = 'Please enter an email address';
export const CLIENT_NOT_FOUND_MESSAGE = 'No client found with that email address';

/** Loose on purpose: an empty e-mail and an unknown action get the spec's own messages, not a schema error. */
export const adminEmailRequestSchema = z.object({
  email: z.string().max(320).optional(),
  /** The client page names its client by id (a user's or a pending client's); it wins over `email`. */
  client_id: clientIdSchema.optional(),
  action: z.string().max(50).optional(),
  formatted_data: z.unknown().optional(),
});

/** The record fields staff see ("Admin onboarding record"); links, ids and upload results stay hidden. */
export const adminRecordSchema = onboardingRecordSchema
  .pick({
    first_name: true,
    last_name: true,
    email_address: true,
    phone_number: true,
    experience_level: true,
    salary_expectation: true,
    has_whatsapp: true,
    job_type: true,
    work_location_type: true,
    onboarding_completed: true,
    signature: true,
    ack_incorrect_statements: true,
    ack_read_above: true,
    ack_no_guarantees: true,
    ack_whatsapp: true,
    ack_cancellation: true,
    ack_refund_policy: true,
    ack_refuse_service: true,
    ack_global_team: true,
    ack_self_service_cancel: true,
    ack_billing_issues: true,
    created_at: true,
  })
  .extend({
    /** Display names of the uploaded documents (no links), or null when none was uploaded. */
    resume_name: z.string().nullable(),
    cover_letter_name: z.string().nullable(),
  });
export type AdminRecord = z.infer<typeof adminRecordSchema>;

/** The client's details staff read first, in order, in the team e-mail and on the User Information card. */
export const ADMIN_PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'email_address',
  'phone_number',
  'has_whatsapp',
  'experience_level',
  'salary_expectation',
  'job_type',
  'work_location_type',
] as const satisfies readonly (keyof AdminRecord)[];

/** A stored option value as the form labels it (`senior` reads "Senior Level"); other text as it is. */
export function optionLabel(key: string, value: string): string {
  const options = FIELD_OPTIONS[key as keyof typeof FIELD_OPTIONS];
  return options?.find((option) => option.value === value)?.label ?? value;
}

export const ADMIN_MISSING_SIGNATURE = 'Signature';
export const ADMIN_MISSING_ACKNOWLEDGMENTS = 'Acknowledgments';

/** What keeps "All Required Filled" from holding: a blank signature, any acknowledgement unchecked. */
export function missingAdminRequirements(
  record: Pick<AdminRecord, 'signature' | (typeof ACK_FIELDS)[number]['snake']>,
): string[] {
  const missing: string[] = [];
  if (record.signature.trim() === '') missing.push(ADMIN_MISSING_SIGNATURE);
  if (!ACK_FIELDS.every((ack) => record[ack.snake] === true)) missing.push(ADMIN_MISSING_ACKNOWLEDGMENTS);
  return missing;
}

/**
 * Every action's answer also says which client the e-mail resolved to (a user's sign-in e-mail;
 * never the e-mail a client typed into the form) and what it matched.
 */
export const fetchResponseSchema = z.object({
  ...resolvedClientShape,
  user_data: adminRecordSchema,
  filters_exist: z.boolean(),
  existing_filters: z.array(savedFilterSchema),
});

export const sendResponseSchema = z.object({
  ...resolvedClientShape,
  message: z.string(),
  filters_created: z.boolean(),
  /** Where the message stands right after the call: delivered, or waiting in the outbox. */
  status: z.enum(['sent', 'queued', 'failed']),
});

export const sendTeamResponseSchema = z.object({
  ...resolvedClientShape,
  message: z.string(),
  attachments_included: z.array(z.string()),
  status: z.enum(['sent', 'queued', 'failed']),
});

export const generateFiltersResponseSchema = z.object({
  ...resolvedClientShape,
  job_filters: jobFilterSetSchema,
  formatted_data: z.array(formattedFilterSchema),
  filters_already_exist: z.boolean(),
});

export const saveFiltersResponseSchema = z.object({
  ...resolvedClientShape,
  document_id: z.string(),
  filter_ids: z.array(z.string()),
});

const renderedEmailSchema = z.object({ subject: z.string(), html: z.string() });
export const previewResponseSchema = z.object({
  ...resolvedClientShape,
  welcome: renderedEmailSchema,
  team: renderedEmailSchema,
});

/** `cancelled`: staff took a queued message back before it was sent; it is never tried again. */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const outboxStatusSchema = z.enum(OUTBOX_STATUSES);

export const outboxQuerySchema = z.object({
  client_id: clientIdSchema.optional(),
  status: outboxStatusSchema.optional(),
  /** The `next_cursor` of the previous page: the messages older than its last one. */
  cursor: z.string().max(200).optional(),
});

/**
 * A message as the outbox lists it: whom it is for, where it stands and why it waits, but not its
 * body (a team notification holds the client's whole profile). The body is read one message at a
 * time, and each read is logged.
 */
export const outboxMessageSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** The client the message is for or about (a user or a pending client). */
  client_id: z.string().nullable(),
  /** The client's name when they signed in with one; null for pending clients and nameless users. */
  client_name: z.string().nullable(),
  client_email: z.string().nullable(),
  recipient: z.string(),
  subject: z.string(),
  status: outboxStatusSchema,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string() })),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({
  data: z.array(outboxMessageSchema),
  /** Give it as `cursor` for the next, older page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export const outboxMessageParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const outboxMessageResponseSchema = z.object({ data: outboxMessageSchema });
/** One message opened to read: as listed, with its HTML body. */
const outboxMessageContentSchema = outboxMessageSchema.extend({ html: z.string() });
export type OutboxMessageContent = z.infer<typeof outboxMessageContentSchema>;
export const outboxMessageContentResponseSchema = z.object({ data: outboxMessageContentSchema });

/** Retry now takes a message that is waiting or has given up; cancel, one that is waiting. */
export const RETRYABLE_STATUSES = ['queued', 'failed'] as const satisfies readonly OutboxStatus[];
export const CANCELLABLE_STATUSES = ['queued'] as const satisfies readonly OutboxStatus[];
export const canRetry = (status: OutboxStatus) =>
  (RETRYABLE_STATUSES as readonly OutboxStatus[]).includes(status);
export const canCancel = (status: OutboxStatus) =>
  (CANCELLABLE_STATUSES as readonly OutboxStatus[]).includes(status);

/** 'queued or failed': the statuses a refusal names, from the lists above. */
const orList = (statuses: readonly string[]) => statuses.join(' or ');

/** Anything else is 409 with these words. */
export const retryRefusedMessage = (status: OutboxStatus) =>
  `Only a ${orList(RETRYABLE_STATUSES)} e-mail can be retried; this one is ${status}.`;
export const cancelRefusedMessage = (status: OutboxStatus) =>
  `Only a ${orList(CANCELLABLE_STATUSES)} e-mail can be cancelled; this one is ${status}.`;
export const OUTBOX_MESSAGE_NOT_FOUND = 'No e-mail has that id';
