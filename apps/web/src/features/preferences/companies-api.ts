import type { AvoidedCompany, avoidedCompaniesResponseSchema } from '@app/domain/companies-to-avoid';
import type { z } from 'zod';
import { apiFetch, apiFetchData, dataOrThrow } from '../../lib/api.ts';

/** The client's companies to avoid (docs/api.md, Companies to avoid). */
export const companiesToAvoidQueryKey = ['companies-to-avoid'] as const;

export type CompaniesToAvoid = z.infer<typeof avoidedCompaniesResponseSchema>;

export async function fetchCompaniesToAvoid(): Promise<CompaniesToAvoid> {
  return dataOrThrow(await apiFetch<CompaniesToAvoid>('/companies-to-avoid'));
}

export async function addCompanyToAvoid(name: string): Promise<AvoidedCompany> {
  return dataOrThrow(
    await apiFetchData<AvoidedCompany>('/companies-to-avoid', { method: 'POST', json: { name } }),
  );
}

export async function removeCompanyToAvoid(name: string): Promise<void> {
  const query = new URLSearchParams({ name });
  dataOrThrow(await apiFetch<null>(`/companies-to-avoid?${query}`, { method: 'DELETE' }));
}
