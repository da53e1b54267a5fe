import type { OnboardingResources } from '@app/domain/resources';
import { useSuspenseQuery } from '@tanstack/react-query';
import { apiFetch, dataOrThrow } from './api.ts';

/** What the server tells every visitor, signed in or not: branding and the product's outside links. */
export interface PublicConfig {
  brandName: string;
  brandColor: string;
  whatsappNumber: string;
  advancedProductUrl: string;
  staffEmailDomain: string;
  signInProvider: string;
  /** The onboarding Resources step's videos, reports and links. */
  resources: OnboardingResources;
}

export const publicConfigQuery = {
  queryKey: ['public-config'],
  queryFn: async (): Promise<PublicConfig> =>
    dataOrThrow(await apiFetch<PublicConfig>('/public-config', { anonymous: true })),
  // It changes only with a deployment.
  staleTime: Number.POSITIVE_INFINITY,
} as const;

/** Suspends until the configuration is loaded; the app shell shows a spinner meanwhile. */
export function usePublicConfig(): PublicConfig {
  return useSuspenseQuery(publicConfigQuery).data;
}
