import { onboardingResourcesSchema } from '@app/domain/resources';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const publicConfigSchema = z.object({
  brandName: z.string(),
  brandColor: z.string(),
  whatsappNumber: z.string(),
  advancedProductUrl: z.string(),
  staffEmailDomain: z.string(),
  signInProvider: z.enum(['google', 'development']),
  resources: onboardingResourcesSchema.describe("The onboarding Resources step's videos, reports and links"),
});

/**
 * What the browser needs before anyone signs in: brand, links, the staff domain, the sign-in provider,
 * and the onboarding Resources step's links (small, and fixed per deployment like the rest).
 */
export async function publicConfigRoutes(scope: FastifyInstance): Promise<void> {
  const { config } = scope;
  const body: z.infer<typeof publicConfigSchema> = {
    brandName: config.brand.name,
    brandColor: config.brand.color,
    whatsappNumber: config.brand.whatsappNumber,
    advancedProductUrl: config.brand.advancedProductUrl,
    staffEmailDomain: config.staffEmailDomain,
    signInProvider: scope.auth.provider,
    resources: config.resources,
  };
  scope.withTypeProvider<ZodTypeProvider>().get(
    '/api/public-config',
    {
      config: { public: true },
      schema: {
        tags: ['config'],
        summary: 'Brand, links and sign-in settings for the browser',
        response: { 200: publicConfigSchema },
      },
    },
    async () => body,
  );
}
