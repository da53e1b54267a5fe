import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OutcomeControl, type OutcomeJob } from './OutcomeControl.tsx';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const job: OutcomeJob = {
  id: 'a',
  data_job_title: 'Designer',
  applied_for_job: true,
  outcome: 'interview',
  outcome_date: '2024-11-03',
};

/** The control over a save the test answers when it chooses. */
function renderControl() {
  let answer: (saved: OutcomeJob) => void = () => {};
  const save = vi.fn(() => new Promise<OutcomeJob>((resolve) => (answer = resolve)));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OutcomeControl job={job} saving={{ save, onSaved: vi.fn() }} />
    </QueryClientProvider>,
  );
  return { save, answer: (saved: OutcomeJob) => answer(saved) };
}

describe('recording an outcome', () => {
  it.each([
    ['Save Outcome', 'Saving...'],
    ['Clear Outcome', 'Clear Outcome'],
  ])('keeps focus on %s while it saves, and sends nothing more meanwhile', async (pressed, working) => {
    const user = userEvent.setup();
    const { save, answer } = renderControl();
    await user.click(screen.getByRole('button', { name: 'Outcome for Designer: Interview, Nov 3. Change' }));
    const dialog = screen.getByRole('dialog', { name: 'Record Outcome' });
    await user.click(within(dialog).getByRole('button', { name: pressed }));
    const button = within(dialog).getByRole('button', { name: working });
    expect(button).toHaveFocus();
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => answer({ ...job, outcome: null, outcome_date: null }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
