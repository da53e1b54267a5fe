import {
  completenessResponseSchema,
  onboardingListResponseSchema,
  onboardingRecordResponseSchema,
  refusedSaveSchema,
} from '@app/domain/onboarding-api';
import { onboardingChangesSchema } from '@app/domain/onboarding-rules';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import { Invalid } from '../../errors.ts';
import type { OnboardingService } from './service.ts';

/**
 * A save whose body breaks the record's rules answers 422 with the rule's message and every
 * `{field, message}`; other request parts keep the general 400 (the error handler reads `validation`).
 */
function refuseInvalidSave(errors: FastifySchemaValidationError[], part: string): Error {
  if (part !== 'body') return new Error(`Invalid request ${part}`);
  const issues = errors.map((issue) => ({
    field: issue.instancePath.split('/')[1] ?? '',
    message: issue.message ?? 'is invalid',
  }));
  return Invalid(issues[0]?.message ?? 'Invalid request', { errors: issues });
}

export async function onboardingRoutes(
  app: FastifyInstance,
  options: { onboarding: OnboardingService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { onboarding } = options;

  routes.get(
    '/api/onboarding-submissions',
    {
      schema: {
        tags: ['onboarding'],
        summary: "The caller's onboarding record: a list of zero or one",
        response: { 200: onboardingListResponseSchema },
      },
    },
    async (request) => {
      const record = await onboarding.findOwn(currentUser(request).id);
      return { data: record ? [record] : [] };
    },
  );

  routes.get(
    '/api/onboarding-submissions/check-complete',
    {
      schema: {
        tags: ['onboarding'],
        summary: "Whether the caller's profile is complete, with the record and the missing fields",
        response: { 200: completenessResponseSchema },
      },
    },
    async (request) => onboarding.checkComplete(currentUser(request).id),
  );

  routes.post(
    '/api/onboarding-submissions',
    {
      schema: {
        tags: ['onboarding'],
        summary: "Save the caller's record: creates it, or updates the one they already have",
        body: onboardingChangesSchema,
        response: { 200: onboardingRecordResponseSchema, 422: refusedSaveSchema },
      },
      schemaErrorFormatter: refuseInvalidSave,
    },
    async (request) => ({ data: await onboarding.saveOwn(currentUser(request).id, request.body) }),
  );

  routes.put(
    '/api/onboarding-submissions/:id',
    {
      schema: {
        tags: ['onboarding'],
        summary: "Update the caller's own record (any other id answers 404)",
        params: z.object({ id: z.string().max(100) }),
        body: onboardingChangesSchema,
        response: { 200: onboardingRecordResponseSchema, 422: refusedSaveSchema },
      },
      schemaErrorFormatter: refuseInvalidSave,
    },
    async (request) => ({
      data: await onboarding.updateOwn(currentUser(request).id, request.params.id, request.body),
    }),
  );
}
