import { describe, expect, it } from 'vitest';
import {
  defaultOnboardingResources,
  onboardingResourcesSchema,
  parseOnboardingResources,
} from './resources.ts';

describe('the Resources step links', () => {
  it('default to pages the product itself serves: no placeholder videos, no example.com', () => {
    expect(onboardingResourcesSchema.parse(defaultOnboardingResources)).toEqual(defaultOnboardingResources);
    const { cancellationGuide, productVideos, featuredReports, socialLinks, website } =
      defaultOnboardingResources;
    const urls = [cancellationGuide, ...productVideos, ...featuredReports, ...socialLinks, website].map(
      (link) => link.url,
    );
    expect(urls).toEqual([
      '/legal/terms.html#cancelling',
      '/myjobs',
      '/job-stats',
      '/myteam',
      '/profile',
      '/legal/terms.html',
      '/legal/privacy.html',
      '/',
    ]);
  });

  it('take https addresses and site paths, and refuse anything else with a message per link', () => {
    const withLinks = (url: string) =>
      JSON.stringify({ ...defaultOnboardingResources, website: { title: 'Site', description: '', url } });
    expect(parseOnboardingResources(withLinks('https://www.linkedin.com/company/us')).ok).toBe(true);
    for (const url of ['javascript:alert(1)', '//evil.test/', 'ftp://files.test/', 'about:blank']) {
      expect(parseOnboardingResources(withLinks(url))).toEqual({
        ok: false,
        problems: ['website.url must be an http(s) address or a path on this site starting with /'],
      });
    }
  });
});
