import { onboardingRecordResponseSchema } from '@app/domain/onboarding-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import type { OnboardingService } from '../onboarding/service.ts';

export const newsletterMessage = (subscribed: boolean) =>
  `Newsletter subscription ${subscribed ? 'enabled' : 'disabled'} successfully`;

/** The newsletter opt-in lives on the onboarding record; this switch works before onboarding too. */
export async function newsletterRoutes(
  app: FastifyInstance,
  options: { onboarding: OnboardingService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { onboarding } = options;

  routes.put(
    '/api/newsletter-subscription',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Turn the newsletter subscription on or off',
        body: z.object({ subscribeToNewsletter: z.boolean() }),
        response: { 200: onboardingRecordResponseSchema.extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const { subscribeToNewsletter } = request.body;
      const record = await onboarding.setNewsletter(currentUser(request).id, subscribeToNewsletter);
      return { data: record, message: newsletterMessage(subscribeToNewsletter) };
    },
  );
}
