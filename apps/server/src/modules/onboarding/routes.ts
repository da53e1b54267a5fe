import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import type { OnboardingService } from './service.ts';

const submissionBody = z
  .looseObject({})
  .describe(
    'Any subset of the onboarding record in snake_case. id, user_id/userId, timestamps and unknown keys are ignored.',
  );

export async function onboardingRoutes(
  app: FastifyInstance,
  options: { onboarding: OnboardingService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { onboarding } = options;

  routes.get(
    '/api/onboarding-submissions',
    { schema: { tags: ['onboarding'], summary: "The caller's onboarding record: a list of zero or one" } },
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
        body: submissionBody,
      },
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
        body: submissionBody,
      },
    },
    async (request) => ({
      data: await onboarding.updateOwn(currentUser(request).id, request.params.id, request.body),
    }),
  );
}
