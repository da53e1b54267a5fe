import { feedbackBodySchema, feedbackEntrySchema, sentFeedbackSchema } from '@app/domain/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import type { FeedbackService } from './service.ts';

export async function feedbackRoutes(
  app: FastifyInstance,
  { feedback }: { feedback: FeedbackService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/onboarding-feedback',
    {
      // Stored text from a person: its own tighter budget (NOTES_RATE_LIMIT_PER_MINUTE).
      config: { rateLimit: { max: app.config.rateLimits.notesPerUser } },
      schema: {
        tags: ['onboarding'],
        summary: 'Send feedback about the onboarding experience',
        body: feedbackBodySchema,
        response: { 201: z.object({ data: sentFeedbackSchema }) },
      },
    },
    async (request, reply) => {
      const entry = await feedback.add(currentUser(request).id, request.body.text);
      return reply.status(201).send({ data: entry });
    },
  );

  routes.get(
    '/api/onboarding-feedback',
    {
      config: { staff: true },
      schema: {
        tags: ['onboarding', 'staff'],
        summary: 'Onboarding feedback from every client, newest first (staff only)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.object({ data: z.array(feedbackEntrySchema) }) },
      },
    },
    async (request) => ({ data: await feedback.list(request.query.limit) }),
  );
}
