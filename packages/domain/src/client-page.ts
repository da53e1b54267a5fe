import { z } from 'zod';
import { adminRecordSchema, outboxStatusSchema } from './admin-email.ts';
import { clientRefSchema } from './clients-api.ts';
import { savedFilterSchema } from './job-filters.ts';
import { onboardingRecordSchema } from './onboarding-fields.ts';

/** The staff client page (`GET /api/admin/clients/{id}`) and its filter replacement. See decision 030. */

export const clientPageParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

export const CLIENT_DOCUMENTS = ['resume', 'cover_letter'] as const;
export const clientDocumentParamsSchema = clientPageParamsSchema.extend({ which: z.enum(CLIENT_DOCUMENTS) });

const lastEmailSchema = z
  .object({
    id: z.string(),
    // A cancelled message is never the newest shown: it would hide one sent before it.
    status: outboxStatusSchema.exclude(['cancelled']),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .nullable();

export const clientPageSchema = z.object({
  client: clientRefSchema,
  /** The e-mail the client signs in with: the one e-mails go to. */
  sign_in_email: z.string(),
  /** The e-mail typed into the onboarding form, which may differ; data, never a key. */
  onboarding_email: z.string().nullable(),
  onboarding: z.object({
    started: z.boolean(),
    complete: z.boolean(),
    /** The wizard step the client would resume at. */
    step: z.number().int().nullable(),
    missing: z.array(z.object({ section: z.string(), step: z.number().int(), fields: z.array(z.string()) })),
    updated_at: z.string().nullable(),
  }),
  /** The whole onboarding record, for the profile's groups; null before the client starts. */
  record: onboardingRecordSchema.nullable(),
  /** The spec's User Information card. */
  user_data: adminRecordSchema.nullable(),
  documents: z.object({ resume: z.string().nullable(), cover_letter: z.string().nullable() }),
  filters: z.array(savedFilterSchema),
  /** The newest welcome e-mail and team notification in the outbox that was not cancelled. */
  last_emails: z.object({ welcome: lastEmailSchema, team_notification: lastEmailSchema }),
});
export type ClientPage = z.infer<typeof clientPageSchema>;
export const clientPageResponseSchema = z.object({ data: clientPageSchema });

/**
 * `formatted_data` is checked by the service against `formattedFiltersSchema`, so an empty set gets its
 * own message. `replacing`, like an HTTP If-Match, is the saved set as the page showed it when the
 * recruiter chose to replace it: when the client's filters differ by then (a colleague added, edited
 * or removed one), nothing is replaced (409, FILTERS_CHANGED_MESSAGE). The web app always sends it; a
 * program that means "exactly this set, whatever is there" leaves it out.
 */
export const replaceFiltersBodySchema = z.object({
  formatted_data: z.unknown(),
  replacing: z
    .array(z.object({ id: z.string().min(1).max(64), version: z.number().int().min(0) }))
    .max(1000)
    .optional(),
});
export type ReplacedFilters = z.infer<typeof replaceFiltersBodySchema>['replacing'];
export const FILTERS_CHANGED_MESSAGE =
  "Someone else changed this client's saved filters since you opened the page. They are shown now: look them over, then replace them again if you still mean to.";
export const replaceFiltersResponseSchema = z.object({ data: z.array(savedFilterSchema) });

/** Why a client who has not started onboarding gets no e-mail and no filters: the server's refusal and the page's notice. */
export const NOT_STARTED_MESSAGE =
  'This client has not started onboarding yet, so there is nothing to send or generate for them.';
