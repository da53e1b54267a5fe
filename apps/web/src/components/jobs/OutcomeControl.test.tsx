import {
  OUTCOME_DATE_IN_FUTURE_MESSAGE,
  OUTCOME_DATE_REQUIRED_MESSAGE,
  OUTCOME_NOT_APPLIED_MESSAGE,
} from '@app/domain/job-outcomes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { OutcomeControl, type OutcomeJob, type OutcomeSaving } from './OutcomeControl.tsx';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const job: OutcomeJob = {
  id: 'a',
  data_job_title: 'Designer',
  applied_for_job: true,
  outcome: 'interview',
  outcome_date: '2024-11-03',
};

/** The control over `save`. */
function renderControl(save: OutcomeSaving<OutcomeJob>['save']) {
  renderWithQueries(<OutcomeControl job={job} saving={{ save, onSaved: vi.fn() }} />);
}

/** The control over a save that fails with `failure`, its dialog open. */
async function openFailing(failure: unknown) {
  const user = userEvent.setup();
  const save = vi.fn(async () => {
    throw failure;
  });
  renderControl(save);
  await user.click(screen.getByRole('button', { name: 'Outcome for Designer: Interview, Nov 3. Change' }));
  const dialog = screen.getByRole('dialog', { name: 'Record Outcome' });
  return { user, save, dialog, date: within(dialog).getByLabelText('Date') };
}

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
});

describe('recording an outcome', () => {
  it.each([
    ['Save Outcome', 'Saving...'],
    ['Clear Outcome', 'Clear Outcome'],
  ])('keeps focus on %s while it saves, and sends nothing more meanwhile', async (pressed, working) => {
    const user = userEvent.setup();
    // A save the test answers when it chooses.
    let answer: (saved: OutcomeJob) => void = () => {};
    const save = vi.fn(() => new Promise<OutcomeJob>((resolve) => (answer = resolve)));
    renderControl(save);
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

describe('an outcome that cannot be saved', () => {
  it.each([
    [
      'refused by the server (the job un-applied meanwhile)',
      new ApiError(OUTCOME_NOT_APPLIED_MESSAGE, 409),
      OUTCOME_NOT_APPLIED_MESSAGE,
    ],
    ['lost on the way', new TypeError('Failed to fetch'), 'Failed to save the outcome. Please try again.'],
  ])(
    "says so in a toast when %s, not as the date's error, and keeps the dialog",
    async (_, failure, message) => {
      const { user, save, dialog, date } = await openFailing(failure);
      await user.click(within(dialog).getByRole('button', { name: 'Save Outcome' }));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Save Failed', { description: message }));
      expect(save).toHaveBeenCalledTimes(1);
      expect(date).not.toHaveAttribute('aria-invalid');
      expect(date).not.toHaveAccessibleDescription(message);
      expect(within(dialog).queryByText(message)).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Record Outcome' })).toBeInTheDocument();
    },
  );

  it.each([
    ['in the future', '2999-01-01', OUTCOME_DATE_IN_FUTURE_MESSAGE],
    ['missing', '', OUTCOME_DATE_REQUIRED_MESSAGE],
  ])(
    "takes the person to the date when it breaks the date's rule (%s), invalid and described by the reason",
    async (_, value, reason) => {
      const { user, save, dialog, date } = await openFailing(new Error('not called'));
      fireEvent.change(date, { target: { value } });
      await user.click(within(dialog).getByRole('button', { name: 'Save Outcome' }));
      expect(save).not.toHaveBeenCalled();
      expect(date).toHaveFocus();
      expect(date).toHaveAttribute('aria-invalid', 'true');
      expect(date).toHaveAccessibleDescription(reason);
      expect(toast.error).not.toHaveBeenCalled();
    },
  );
});
