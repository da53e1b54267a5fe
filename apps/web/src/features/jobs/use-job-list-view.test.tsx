import { DEFAULT_JOB_FILTERS } from '@app/domain/jobs';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useJobListView } from './use-job-list-view.ts';

function viewAt(entry: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ view: useJobListView([], DEFAULT_JOB_FILTERS), location: useLocation() }), {
    wrapper,
  });
}

describe('the sort of a job list, in the address', () => {
  it('keeps both menus when the order follows the column before the address has caught up', () => {
    const { result } = viewAt('/myjobs');
    act(() => {
      result.current.view.setSort({ column: 'data_company' });
      result.current.view.setSort({ direction: 'asc' });
    });
    expect(result.current.location.search).toBe('?sort=data_company');
    expect(result.current.view.sort).toEqual({ column: 'data_company', direction: 'asc' });
  });

  it('changes one part and keeps the other, starting from the default order', () => {
    const { result } = viewAt('/myjobs?status=applied');
    act(() => result.current.view.setSort({ direction: 'asc' }));
    expect(result.current.location.search).toBe('?status=applied&sort=refresh_date');
    act(() => result.current.view.sortBy('data_company'));
    act(() => result.current.view.sortBy('data_company'));
    expect(result.current.location.search).toBe('?status=applied&sort=-data_company');
  });
});
