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
  const onRefresh = vi.fn();
  const bar = (more: Partial<JobFiltersBarProps>) => (
    <JobFiltersBar
      filters={CUSTOM}
      onChange={onChange}
      onApply={onApply}
      valid
      applying={false}
      justApplied={false}
      shown={1234}
      total={10000}
      onRefresh={onRefresh}
      refreshing={false}
      {...props}
      {...more}
    />
  );
  const { rerender } = render(bar({}));
  return {
    onChange,
    onApply,
    onRefresh,
    rerender: (more: Partial<JobFiltersBarProps>) => rerender(bar(more)),
  };
}

describe('the job filters', () => {
  it('counts with thousands separators', () => {
    renderBar();
    expect(screen.getByText('1,234 of 10,000 jobs shown')).toBeInTheDocument();
  });

  it('refuses a From after To with a message, marking both bounds', async () => {
    const { onApply } = renderBar({ valid: false });
    expect(screen.getByRole('alert')).toHaveTextContent('The From date must be on or before the To date.');
    const apply = screen.getByRole('button', { name: 'Apply Filters' });
    // Refused, yet reachable by Tab, and it says why.
    expect(apply).toHaveAttribute('aria-disabled', 'true');
    expect(apply).not.toBeDisabled();
    expect(apply).toHaveAccessibleDescription('The From date must be on or before the To date.');
    await userEvent.click(apply);
    expect(onApply).not.toHaveBeenCalled();
    for (const bound of [/^From /, /^To /]) {
      expect(screen.getByRole('button', { name: bound })).toHaveAttribute('aria-invalid', 'true');
    }
  });

  it('clears one bound with its own button, and focus goes on to that date', async () => {
    const { onChange } = renderBar();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear To date' }));
    expect(onChange).toHaveBeenCalledWith({ ...CUSTOM, to: null });
    expect(screen.getByRole('button', { name: /^To / })).toHaveFocus();
  });

  it.each([
    ['Apply Filters', 'Apply Filters', 'applying', 'onApply'],
    ['the refresh button', 'Refresh jobs', 'refreshing', 'onRefresh'],
  ] as const)(
    'keeps focus on %s while it works, ignoring further presses',
    async (_button, name, working, handler) => {
      const user = userEvent.setup();
      const bar = renderBar({ filters: { ...CUSTOM, to: null } });
      const button = screen.getByRole('button', { name });
      await user.click(button);
      bar.rerender({ [working]: true });
      expect(button).toHaveFocus();
      expect(button).not.toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
      await user.keyboard('{Enter}');
      expect(bar[handler]).toHaveBeenCalledTimes(1);
      bar.rerender({ [working]: false });
      expect(button).toHaveFocus();
    },
  );
});
