/**
 * The staff console's calls: the admin call's actions (spec 2, section 7), the outbox, onboarding
 * feedback and the jobs import. Each answers `{ data, error, status }` like every API call.
 */

import type { ActivityEntry } from '@app/domain/activity';
import type {
  fetchResponseSchema,
  generateFiltersResponseSchema,
  OutboxMessage,
  previewResponseSchema,
  saveFiltersResponseSchema,
  sendResponseSchema,
  sendTeamResponseSchema,
} from '@app/domain/admin-email';
import type { ClientPage } from '@app/domain/client-page';
import type { ClientRef } from '@app/domain/clients-api';
import type { BoardResponse, WelcomeBatchResult } from '@app/domain/clients-board';
import type { FeedbackEntry } from '@app/domain/feedback';
import type { ImportFormat } from '@app/domain/import-format';
import type { FormattedFilter, SavedFilter } from '@app/domain/job-filters';
import type { JobFilterUpdate } from '@app/domain/job-filters-api';
import type { importJobsResponseSchema } from '@app/domain/jobs-api';
import type { z } from 'zod';
import { type ApiResult, apiFetch, apiFetchData } from '../../lib/api.ts';

export type ClientDetails = z.infer<typeof fetchResponseSchema>;
export type EmailPreviews = z.infer<typeof previewResponseSchema>;
export type SendWelcomeResult = z.infer<typeof sendResponseSchema>;
export type SendTeamResult = z.infer<typeof sendTeamResponseSchema>;
export type GeneratedFilters = z.infer<typeof generateFiltersResponseSchema>;
export type SavedFilters = z.infer<typeof saveFiltersResponseSchema>;
type ImportSummary = z.infer<typeof importJobsResponseSchema>['data'];

interface ActionAnswers {
  fetch: ClientDetails;
  preview: EmailPreviews;
  send: SendWelcomeResult;
  send_team: SendTeamResult;
  generate_filters: GeneratedFilters;
  save_filters: SavedFilters;
}

/** Whom an action is for: the e-mail searched (the spec's page) or the client's id (the client page). */
export type ClientTarget = { email: string } | { client_id: string };

export function adminAction<A extends keyof ActionAnswers>(
  target: ClientTarget,
  action: A,
  extra: { formatted_data?: FormattedFilter[] } = {},
): Promise<ApiResult<ActionAnswers[A]>> {
  return apiFetch<ActionAnswers[A]>('/admin/user-email-management', {
    method: 'POST',
    json: { ...target, action, ...extra },
  });
}

export function fetchBoard(query: URLSearchParams): Promise<ApiResult<BoardResponse>> {
  return apiFetch<BoardResponse>(`/admin/board?${query}`);
}

/** The welcome e-mail to each client named; every client is answered with what came of theirs. */
export function sendWelcomeEmails(clientIds: string[]): Promise<ApiResult<WelcomeBatchResult[]>> {
  return apiFetchData<WelcomeBatchResult[]>('/admin/welcome-emails', {
    method: 'POST',
    json: { client_ids: clientIds },
  });
}

/** Whom a client id stands for; unlike the client page, reading it is not a visit to the client. */
export async function lookUpClient(clientId: string): Promise<ApiResult<ClientRef>> {
  const result = await apiFetchData<{ client: ClientRef }>(
    `/admin/clients?${new URLSearchParams({ client_id: clientId })}`,
  );
  return { ...result, data: result.data?.client ?? null };
}

export function fetchClientPage(clientId: string): Promise<ApiResult<ClientPage>> {
  return apiFetchData<ClientPage>(`/admin/clients/${encodeURIComponent(clientId)}`);
}

export function downloadClientDocument(clientId: string, which: 'resume' | 'cover_letter') {
  return apiFetch<Blob>(`/admin/clients/${encodeURIComponent(clientId)}/documents/${which}`, {
    responseType: 'blob',
  });
}

/** `replacing`: the saved filters as the page showed them; the server refuses (409) if they differ now. */
export function replaceFilters(
  clientId: string,
  formatted: FormattedFilter[],
  replacing: readonly SavedFilter[],
) {
  return apiFetchData<SavedFilter[]>(`/admin/clients/${encodeURIComponent(clientId)}/filters`, {
    method: 'PUT',
    json: { formatted_data: formatted, replacing: replacing.map(({ id, version }) => ({ id, version })) },
  });
}

export function updateFilter(id: string, changes: JobFilterUpdate) {
  return apiFetchData<SavedFilter>(`/job-search-filters/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: changes,
  });
}

export function deleteFilter(id: string) {
  return apiFetchData<{ id: string }>(`/job-search-filters/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export interface ActivityPage {
  data: ActivityEntry[];
  next_cursor: string | null;
}

export function listActivity(query: URLSearchParams): Promise<ApiResult<ActivityPage>> {
  return apiFetch<ActivityPage>(`/admin/activity?${query}`);
}

export function listActivityActors() {
  return apiFetchData<{ id: string; email: string }[]>('/admin/activity/actors');
}

export function exportActivity(query: URLSearchParams) {
  return apiFetch<Blob>(`/admin/activity/export?${query}`, {
    responseType: 'blob',
    headers: { accept: 'text/csv' },
  });
}

export async function listOutbox(clientId: string): Promise<ApiResult<OutboxMessage[]>> {
  return apiFetchData<OutboxMessage[]>(`/admin/outbox?client_id=${encodeURIComponent(clientId)}`);
}

export async function listFeedback(): Promise<ApiResult<FeedbackEntry[]>> {
  return apiFetchData<FeedbackEntry[]>('/onboarding-feedback');
}

export async function importClientJobs(
  clientId: string,
  format: ImportFormat,
  content: string,
): Promise<ApiResult<ImportSummary>> {
  return apiFetchData<ImportSummary>('/admin/jobs/import', {
    method: 'POST',
    json: { client_id: clientId, format, content },
  });
}
