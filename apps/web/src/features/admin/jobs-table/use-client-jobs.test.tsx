import { type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { adminQueryKeys } from '../query-keys.ts';
import { useClientJobs } from './use-client-jobs.ts';

/** The server: one job, its applied box as last saved; the first save fails once the test says so. */
const server = vi.hoisted(() => ({ applied: false, failFirst: null as null | (() => void) }));
const api = vi.hoisted(() => ({
  list: vi.fn(),
  update: vi.fn(),
  markApplied: vi.fn(),
  remove: vi.fn(),
  setOutcome: vi.fn(),
}));
vi.mock('./client-jobs-api.ts', () => ({ clientJobsApi: () => api }));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const job = (applied: boolean): JobListItem =>
  jobListItemSchema.parse(makeJob({ id: 'j1', data_job_title: 'Data Engineer', applied_for_job: applied }));

describe('the applied box in the recruiter table', () => {
  it('ends as the last click left it when an earlier click fails while later ones wait', async () => {
    api.list.mockImplementation(async () => [job(server.applied)]);
    let calls = 0;
    api.update.mockImplementation((_id: string, patch: { applied_for_job: boolean }) => {
      calls += 1;
      if (calls === 1) {
        return new Promise((_resolve, reject) => {
          server.failFirst = () => reject(new Error('Network down'));
        });
      }
      server.applied = patch.applied_for_job;
      return Promise.resolve(job(patch.applied_for_job));
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useClientJobs('c1'), { wrapper });
    await waitFor(() => expect(result.current.jobs.data).toHaveLength(1));
    const shown = () =>
      queryClient.getQueryData<JobListItem[]>(adminQueryKeys.jobs('c1'))?.[0]?.applied_for_job;

    // Three quick clicks: on, off, on. The first one's request hangs, then fails.
    for (const applied of [true, false, true]) {
      await act(async () => {
        result.current.setApplied.mutate({ job: job(!applied), applied });
      });
    }
    expect(shown()).toBe(true);
    await act(async () => server.failFirst?.());

    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(server.applied).toBe(true);
    expect(shown()).toBe(true);
  });
});
