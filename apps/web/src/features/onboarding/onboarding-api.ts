/**
 * The onboarding calls of spec 1, section 7, as the wizard and the entry route use them. Each returns
 * `{ data, error }` like the API client; the screens turn failures into the spec's toasts.
 */
import type { CompletenessResponse } from '@app/domain/onboarding-api';
import type { OnboardingFields, OnboardingRecord } from '@app/domain/onboarding-fields';
import { type ApiResult, apiFetch, apiFetchData } from '../../lib/api.ts';

export function fetchCompleteness(): Promise<ApiResult<CompletenessResponse>> {
  return apiFetch<CompletenessResponse>('/onboarding-submissions/check-complete');
}

/** Creates the user's record, or updates the one they have, with the fields given. */
export async function createSubmission(
  fields: Partial<OnboardingFields> & { user_id: string },
): Promise<ApiResult<OnboardingRecord>> {
  return apiFetchData<OnboardingRecord>('/onboarding-submissions', { method: 'POST', json: fields });
}

/** Updates the fields given; the others keep what the server holds. */
export async function updateSubmission(
  id: string,
  fields: Partial<OnboardingFields> & { userId: string },
): Promise<ApiResult<OnboardingRecord>> {
  return apiFetchData<OnboardingRecord>(`/onboarding-submissions/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: fields,
  });
}

export function sendOnboardingFeedback(text: string): Promise<ApiResult<unknown>> {
  return apiFetch<unknown>('/onboarding-feedback', { method: 'POST', json: { text } });
}
