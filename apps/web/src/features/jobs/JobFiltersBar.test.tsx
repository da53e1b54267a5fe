import type { JobFilters } from '@app/domain/jobs';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JobFiltersBar, type JobFiltersBarProps } from './JobFiltersBar.tsx';

const CUSTOM: JobFilters = {
  status: 'all',
  decision: 'all',
  date: 'custom',
  from: '2024-11-20',
  to: '2024-11-10',
};

function renderBar(props: Partial<JobFiltersBarProps> = {}) {
  const onChange = vi.fn();
  const onApply = vi.fn();
  render(
    <JobFiltersBar
      filters={CUSTOM}
      onChange={onChange}
      onApply={onApply}
      valid
      applying={false}
      justApplied={false}
      shown={1234}
      total={10000}
      onRefresh={vi.fn()}
      refreshing={false}
      {...props}
    />,
  );
  return { onChange, onApply };
}

describe('the job filters', () => {
  it('counts with thousands separators', () => {
    renderBar();
    expect(screen.getByText('1,234 of 10,000 jobs shown')).toBeInTheDocument();
  });

  it('refuses a From after To with a message, marking both bounds', () => {
    renderBar({ valid: false });
    expect(screen.getByRole('alert')).toHaveTextContent('The From date must be on or before the To date.');
    expect(screen.getByRole('button', { name: 'Apply Filters' })).toBeDisabled();
    for (const bound of [/^From /, /^To /]) {
      expect(screen.getByRole('button', { name: bound })).toHaveAttribute('aria-invalid', 'true');
    }
  });

  it('clears one bound with its own button', async () => {
    const { onChange } = renderBar();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear To date' }));
    expect(onChange).toHaveBeenCalledWith({ ...CUSTOM, to: null });
  });
});
