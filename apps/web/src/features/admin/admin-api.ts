/**
 * The staff console's calls: the admin call's actions (spec 2, section 7), the outbox, onboarding
 * feedback and the staff jobs API. Each answers `{ data, error, status }` like every API call.
 */
import type {
  fetchResponseSchema,
  generateFiltersResponseSchema,
  OutboxMessage,
  previewResponseSchema,
  saveFiltersResponseSchema,
  sendResponseSchema,
  sendTeamResponseSchema,
} from '@app/domain/admin-email';
import type { FormattedFilter } from '@app/domain/job-filters';
import type { StaffJob } from '@app/domain/jobs-api';
import type { ImportFormat } from '@app/domain/jobs-import';
import type { z } from 'zod';
import { type ApiResult, apiFetch } from '../../lib/api.ts';

export type ClientDetails = z.infer<typeof fetchResponseSchema>;
export type EmailPreviews = z.infer<typeof previewResponseSchema>;
export type SendWelcomeResult = z.infer<typeof sendResponseSchema>;
export type SendTeamResult = z.infer<typeof sendTeamResponseSchema>;
export type GeneratedFilters = z.infer<typeof generateFiltersResponseSchema>;
export type SavedFilters = z.infer<typeof saveFiltersResponseSchema>;

interface ActionAnswers {
  fetch: ClientDetails;
  preview: EmailPreviews;
  send: SendWelcomeResult;
  send_team: SendTeamResult;
  generate_filters: GeneratedFilters;
  save_filters: SavedFilters;
}

export function adminAction<A extends keyof ActionAnswers>(
  email: string,
  action: A,
  extra: { formatted_data?: FormattedFilter[] } = {},
): Promise<ApiResult<ActionAnswers[A]>> {
  return apiFetch<ActionAnswers[A]>('/admin/user-email-management', {
    method: 'POST',
    json: { email, action, ...extra },
  });
}

export async function listOutbox(clientId: string): Promise<ApiResult<OutboxMessage[]>> {
  const result = await apiFetch<{ data: OutboxMessage[] }>(
    `/admin/outbox?client_id=${encodeURIComponent(clientId)}`,
  );
  return { ...result, data: result.data?.data ?? null };
}

export interface FeedbackEntry {
  id: string;
  userId: string;
  email: string;
  text: string;
  createdAt: string;
}

export async function listFeedback(): Promise<ApiResult<FeedbackEntry[]>> {
  const result = await apiFetch<{ data: FeedbackEntry[] }>('/onboarding-feedback');
  return { ...result, data: result.data?.data ?? null };
}

export async function listClientJobs(clientId: string): Promise<ApiResult<StaffJob[]>> {
  const result = await apiFetch<{ data: StaffJob[] }>(
    `/admin/jobs?client_id=${encodeURIComponent(clientId)}`,
  );
  return { ...result, data: result.data?.data ?? null };
}

export async function importClientJobs(
  clientId: string,
  format: ImportFormat,
  content: string,
): Promise<ApiResult<{ imported: number; updated: number }>> {
  const result = await apiFetch<{ data: { imported: number; updated: number } }>('/admin/jobs/import', {
    method: 'POST',
    json: { client_id: clientId, format, content },
  });
  return { ...result, data: result.data?.data ?? null };
}

export async function updateClientJob(
  id: string,
  patch: { applied_for_job?: boolean; analyst_notes?: string | null },
): Promise<ApiResult<StaffJob>> {
  const result = await apiFetch<{ data: StaffJob }>(`/admin/jobs/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: patch,
  });
  return { ...result, data: result.data?.data ?? null };
}
