/**
 * What the onboarding wizard's Resources step links to (spec 1, section 2, step 9): a self-service
 * cancellation guide, four product videos, two featured reports, the company's and founder's social
 * pages and the website. The spec leaves titles and links open, so a deployment names its own in a
 * JSON file (`RESOURCES_FILE`); without one, every link is a real page of the product itself.
 */
import { z } from 'zod';

/** An absolute http(s) address, or a path on this site such as /legal/terms.html#cancelling. */
const resourceUrl = z
  .string()
  .trim()
  .refine(
    (value) =>
      (value.startsWith('/') && !value.startsWith('//')) ||
      (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
    'must be an http(s) address or a path on this site starting with /',
  );

const resourceLinkSchema = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().max(300),
  url: resourceUrl,
});

export const onboardingResourcesSchema = z.object({
  cancellationGuide: resourceLinkSchema,
  productVideos: z.array(resourceLinkSchema).length(4, 'must list exactly 4 videos'),
  featuredReports: z.array(resourceLinkSchema).length(2, 'must list exactly 2 reports'),
  socialLinks: z.array(resourceLinkSchema).max(10, 'must list at most 10 links'),
  website: resourceLinkSchema,
});

export type ResourceLink = z.infer<typeof resourceLinkSchema>;
export type OnboardingResources = z.infer<typeof onboardingResourcesSchema>;

/**
 * The product's own pages, for a deployment that names no resources: the terms' cancellation
 * section, the client area's pages, the legal documents and the home page. No social pages: the
 * product has none of its own.
 */
export const defaultOnboardingResources: OnboardingResources = {
  cancellationGuide: {
    title: 'How to cancel or pause your plan',
    description: 'Cancel or pause at any time, by yourself: what happens to your plan and your billing.',
    url: '/legal/terms.html#cancelling',
  },
  productVideos: [
    {
      title: 'Apply for Me',
      description:
        'Every job your team finds and applies to for you, with its status. Reject what you do not want.',
      url: '/myjobs',
    },
    {
      title: 'My Job Stats',
      description: 'How many applications went out, week by week.',
      url: '/job-stats',
    },
    {
      title: 'My Team',
      description: 'Who works on your search, and how to reach them on WhatsApp.',
      url: '/myteam',
    },
    {
      title: 'My Profile',
      description: 'Your answers, your documents and your e-mail preferences, to change at any time.',
      url: '/profile',
    },
  ],
  featuredReports: [
    {
      title: 'Terms of Service',
      description: 'What our service does and does not promise, fees, refunds and cancelling.',
      url: '/legal/terms.html',
    },
    {
      title: 'Privacy Policy',
      description: 'What we keep about you, why, and for how long.',
      url: '/legal/privacy.html',
    },
  ],
  socialLinks: [],
  website: {
    title: 'Our website',
    description: 'Sign in here any time to follow your applications.',
    url: '/',
  },
};

/** The resources in a file's text, or the problems that make it unusable, one line each. */
export function parseOnboardingResources(
  text: string,
): { ok: true; resources: OnboardingResources } | { ok: false; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [`is not JSON: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  const parsed = onboardingResourcesSchema.safeParse(json);
  if (parsed.success) return { ok: true, resources: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the file)'} ${issue.message}`),
  };
}
