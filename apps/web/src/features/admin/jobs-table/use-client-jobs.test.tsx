import { type JobListItem, jobListItemSchema } from '@app/domain/jobs';
import { staffJobSchema } from '@app/domain/jobs-api';
import { makeJob } from '@app/domain/jobs-testing';
import { ANALYST_NOTES_CHANGED_MESSAGE, BULK_APPLIED_MAX_JOBS } from '@app/domain/staff-jobs-api';
import { act, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { renderHookWithQueries } from '../../../lib/testing/render-with-queries.tsx';
import { adminQueryKeys } from '../query-keys.ts';
import { useClientJobs } from './use-client-jobs.ts';

const api = vi.hoisted(() => ({
  list: vi.fn(),
  update: vi.fn(),
  markApplied: vi.fn(),
  remove: vi.fn(),
  setOutcome: vi.fn(),
}));
vi.mock('./client-jobs-api.ts', () => ({ clientJobsApi: () => api }));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const job = (id: string, applied: boolean): JobListItem =>
  jobListItemSchema.parse(makeJob({ id, data_job_title: `Job ${id}`, applied_for_job: applied }));

/** The hook for client 'c1', and whether a job's box shows it applied. */
function renderClientJobs() {
  const { result, queryClient } = renderHookWithQueries(() => useClientJobs('c1'));
  const shown = (id: string) =>
    queryClient.getQueryData<JobListItem[]>(adminQueryKeys.jobs('c1'))?.find((item) => item.id === id)
      ?.applied_for_job;
  return { result, queryClient, shown };
}

/**
 * A server with jobs 'x' and 'y', not applied. The saves numbered in `failing` (1 for the first)
 * fail; each save waits until the test lets it answer, so clicks can queue up behind it.
 */
function setUp(failing: number[]) {
  const applied = new Map([
    ['x', false],
    ['y', false],
  ]);
  const waiting: (() => void)[] = [];
  let saves = 0;
  api.list.mockImplementation(async () => [...applied].map(([id, value]) => job(id, value)));
  api.update.mockImplementation((id: string, patch: { applied_for_job: boolean }) => {
    saves += 1;
    const fails = failing.includes(saves);
    return new Promise((resolve, reject) => {
      waiting.push(() => {
        if (fails) return reject(new Error('Network down'));
        applied.set(id, patch.applied_for_job);
        resolve(job(id, patch.applied_for_job));
      });
    });
  });
  const { result, queryClient, shown } = renderClientJobs();
  const click = (id: string, value: boolean) =>
    act(async () => {
      result.current.setApplied.mutate({ job: job(id, !value), applied: value });
    });
  /** Lets the oldest save still waiting answer (saves of one client go one at a time). */
  const answerNext = async () => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    await act(async () => waiting.shift()?.());
  };
  const settled = async () => {
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  };
  return { result, applied, shown, click, answerNext, settled };
}

beforeEach(() => {
  api.list.mockReset();
  api.update.mockReset();
  api.markApplied.mockReset();
});

describe('the applied box in the recruiter table', () => {
  it('keeps the last click when an earlier one fails while later ones wait', async () => {
    const { result, applied, shown, click, answerNext, settled } = setUp([1]);
    await waitFor(() => expect(result.current.jobs.data).toHaveLength(2));
    await click('x', true);
    await click('x', false);
    await click('x', true);
    expect(shown('x')).toBe(true);
    for (let save = 0; save < 3; save++) await answerNext();
    await settled();
    expect(applied.get('x')).toBe(true);
    expect(shown('x')).toBe(true);
  });

  it('reads the list back after a burst of failures, so the box ends as the server holds it', async () => {
    const { result, applied, shown, click, answerNext, settled } = setUp([1, 2]);
    await waitFor(() => expect(result.current.jobs.data).toHaveLength(2));
    await click('x', true);
    await click('x', false);
    await answerNext();
    await answerNext();
    await settled();
    expect(applied.get('x')).toBe(false);
    expect(shown('x')).toBe(false);
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('puts a failed job back at once, while a click on another job still waits', async () => {
    const { result, shown, click, answerNext, settled } = setUp([1]);
    await waitFor(() => expect(result.current.jobs.data).toHaveLength(2));
    await click('x', true);
    await click('y', true);
    await answerNext();
    await waitFor(() => expect(shown('x')).toBe(false));
    expect(shown('y')).toBe(true);
    await answerNext();
    await settled();
    expect(shown('y')).toBe(true);
  });
});

describe('marking jobs applied in bulk', () => {
  it('reads the list back when a later request of a large change fails, keeping the jobs saved before it', async () => {
    const ids = Array.from({ length: BULK_APPLIED_MAX_JOBS + 1 }, (_, index) => `job-${index}`);
    const applied = new Map(ids.map((id) => [id, false]));
    api.list.mockImplementation(async () => [...applied].map(([id, value]) => job(id, value)));
    // The first request is saved, the second fails.
    api.markApplied.mockImplementation(async (sent: readonly string[]) => {
      for (const id of sent.slice(0, BULK_APPLIED_MAX_JOBS)) applied.set(id, true);
      throw new Error('Network down');
    });
    const { result, queryClient, shown } = renderClientJobs();
    await waitFor(() => expect(result.current.jobs.data).toHaveLength(ids.length));
    await act(async () => result.current.markApplied.mutate({ ids, applied: true }));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(shown('job-0')).toBe(true);
    expect(shown(`job-${BULK_APPLIED_MAX_JOBS - 1}`)).toBe(true);
    expect(shown(`job-${BULK_APPLIED_MAX_JOBS}`)).toBe(false);
  });
});

describe('the activity a change to the jobs adds', () => {
  it('is read again after marking applied, one or in bulk, notes, a delete and an outcome', async () => {
    api.list.mockResolvedValue([job('x', false)]);
    api.update.mockImplementation(async (id: string) => job(id, true));
    api.markApplied.mockResolvedValue({ updated_ids: ['x'], unchanged_ids: [], not_found_job_ids: [] });
    api.remove.mockResolvedValue(undefined);
    const { result, queryClient } = renderClientJobs();
    await waitFor(() => expect(result.current.jobs.data).toHaveLength(1));
    const activityKey = adminQueryKeys.activity('client_id=c1');
    /** Whether the client's activity, as listed before `change`, is to be read again after it. */
    const readAgainAfter = async (change: () => unknown) => {
      queryClient.setQueryData(activityKey, { pages: [], pageParams: [] });
      await act(async () => {
        await change();
      });
      await waitFor(() => expect(queryClient.isMutating()).toBe(0));
      return queryClient.getQueryState(activityKey)?.isInvalidated;
    };
    const x = job('x', false);
    const outcome = staffJobSchema.parse({
      ...makeJob({ id: 'x', applied_for_job: true, outcome: 'interview', outcome_date: '2026-11-20' }),
      client_id: 'c1',
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
    });
    const changes: [string, () => unknown][] = [
      ['an Applied click', () => result.current.setApplied.mutateAsync({ job: x, applied: true })],
      ['a bulk change', () => result.current.markApplied.mutateAsync({ ids: ['x'], applied: true })],
      ['notes', () => result.current.saveNotes.mutateAsync({ job: x, notes: 'Strong fit', before: null })],
      ['a delete', () => result.current.remove.mutateAsync(x)],
      ['an outcome', () => result.current.outcomeSaving.onSaved(outcome)],
    ];
    for (const [name, change] of changes) expect(await readAgainAfter(change), name).toBe(true);
  });
});

describe('analyst notes', () => {
  it('sends what they were written over, and after a colleague saved first reads the list again', async () => {
    api.list.mockResolvedValue([job('x', false)]);
    api.update.mockRejectedValue(new ApiError(ANALYST_NOTES_CHANGED_MESSAGE, 409));
    const { result, queryClient } = renderClientJobs();
    await waitFor(() => expect(result.current.jobs.isSuccess).toBe(true));
    const reads = api.list.mock.calls.length;

    await act(async () => {
      await result.current.saveNotes
        .mutateAsync({ job: job('x', false), notes: 'Call on Tuesday', before: 'Call soon' })
        .catch(() => {});
    });
    expect(api.update).toHaveBeenCalledWith('x', {
      analyst_notes: 'Call on Tuesday',
      analyst_notes_before: 'Call soon',
    });
    expect(toast.error).toHaveBeenCalledWith(ANALYST_NOTES_CHANGED_MESSAGE);
    await waitFor(() => expect(api.list.mock.calls.length).toBe(reads + 1));
    expect(queryClient.isMutating()).toBe(0);
  });
});
