import type { FastifyInstance } from 'fastify';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { jobsRoutes } from './modules/jobs/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';

/**
 * Where the server's areas meet: each module registers its routes here, in one place, so the
 * route table (and the access matrix test built from it) is easy to read.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(onboardingRoutes);
  await app.register(newsletterRoutes);
  await app.register(fileRoutes);
  await app.register(feedbackRoutes);
  await app.register(jobsRoutes);
}
