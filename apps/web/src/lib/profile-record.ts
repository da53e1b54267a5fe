/**
 * The signed-in person's onboarding record, as the screens after onboarding read it (spec 2,
 * section 7): the profile, the e-mail preferences and the newsletter switch they share.
 */
import type { OnboardingRecord } from '@app/domain/onboarding-fields';
import { useQuery } from '@tanstack/react-query';
import { type ApiResult, apiFetch, dataOrThrow } from './api.ts';

export const profileRecordQueryKey = ['profile-record'] as const;

/** The first (and only) record of the list the server answers; null data when there is none yet. */
export async function fetchProfileRecord(): Promise<ApiResult<OnboardingRecord | null>> {
  const result = await apiFetch<{ data: OnboardingRecord[] }>('/onboarding-submissions');
  return { ...result, data: result.data?.data?.[0] ?? null };
}

/** The record through the shared query cache, so the profile and the preferences see one copy. */
export function useProfileRecord() {
  return useQuery({
    queryKey: profileRecordQueryKey,
    queryFn: async () => dataOrThrow(await fetchProfileRecord()),
  });
}

export interface NewsletterAnswer {
  data: OnboardingRecord | null;
  message?: string;
}

export function updateNewsletterSubscription(subscribe: boolean): Promise<ApiResult<NewsletterAnswer>> {
  return apiFetch<NewsletterAnswer>('/newsletter-subscription', {
    method: 'PUT',
    json: { subscribeToNewsletter: subscribe },
  });
}
