/**
 * The signed-in person's onboarding record, as the screens after onboarding read it (spec 2,
 * section 7): the profile, the e-mail preferences and the newsletter switch they share.
 */
import type { OnboardingRecord } from '@app/domain/onboarding-fields';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiFetch, apiFetchData, dataOrThrow } from './api.ts';

export const profileRecordQueryKey = ['profile-record'] as const;

/** The first (and only) record of the list the server answers; null data when there is none yet. */
export async function fetchProfileRecord(): Promise<ApiResult<OnboardingRecord | null>> {
  const result = await apiFetchData<OnboardingRecord[]>('/onboarding-submissions');
  return { ...result, data: result.data?.[0] ?? null };
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

function updateNewsletterSubscription(subscribe: boolean): Promise<ApiResult<NewsletterAnswer>> {
  return apiFetch<NewsletterAnswer>('/newsletter-subscription', {
    method: 'PUT',
    json: { subscribeToNewsletter: subscribe },
  });
}

/**
 * The newsletter switch of the profile and of the preferences: the record the server answers is the
 * one both show (its 'Last updated' included). A read of the record already under way is dropped
 * first: answering after the change, it would show the old status. The caller says what was done.
 */
export function useNewsletterChange({
  onSuccess,
  onError,
}: {
  onSuccess(answer: NewsletterAnswer | null, subscribe: boolean): void;
  onError(error: Error): void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscribe: boolean) => dataOrThrow(await updateNewsletterSubscription(subscribe)),
    onMutate: () => queryClient.cancelQueries({ queryKey: profileRecordQueryKey }),
    onSuccess: (answer, subscribe) => {
      queryClient.setQueryData<OnboardingRecord | null>(
        profileRecordQueryKey,
        (previous) =>
          answer?.data ?? (previous ? { ...previous, subscribe_to_newsletter: subscribe } : previous),
      );
      onSuccess(answer, subscribe);
    },
    onError,
  });
}
