/**
 * The answers of the onboarding calls (spec 1, section 7), made of the one record schema; their
 * bodies are `onboardingChangesSchema` (onboarding-rules.ts).
 */
import { z } from 'zod';
import { onboardingRecordSchema } from './onboarding-fields.ts';

/** GET /api/onboarding-submissions: the caller's record, a list of zero or one. */
export const onboardingListResponseSchema = z.object({ data: z.array(onboardingRecordSchema).max(1) });

/** POST and PUT: the record as saved. */
export const onboardingRecordResponseSchema = z.object({ data: onboardingRecordSchema });

/** GET /api/onboarding-submissions/check-complete. */
export const completenessResponseSchema = z.object({
  isComplete: z.boolean(),
  data: onboardingRecordSchema.nullable(),
  missingFields: z.array(z.string()),
});
export type CompletenessResponse = z.infer<typeof completenessResponseSchema>;

/** 422 from a save: a field breaks its rule (errors), or a completed record lacks required fields. */
export const refusedSaveSchema = z
  .object({
    error: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    missingFields: z.array(z.string()).optional(),
  })
  .describe('A field breaks its rule (errors), or a completed record lacks required fields (missingFields)');
