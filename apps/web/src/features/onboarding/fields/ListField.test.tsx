import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormHarness, renderOnboarding } from '../testing.tsx';
import { ListField } from './ListField.tsx';

function renderList(top_job_titles = '') {
  const onValues = vi.fn();
  renderOnboarding(
    <FormHarness values={{ top_job_titles }} onValues={onValues}>
      <ListField name="top_job_titles" label="Job Titles" itemName="job title" required />
    </FormHarness>,
  );
  return () => onValues.mock.lastCall?.[0].top_job_titles;
}

describe('a list input', () => {
  it('adds entries with the Add button or Enter, ignores blanks, and stores them comma-joined', async () => {
    const user = userEvent.setup();
    const stored = renderList();
    const input = screen.getByRole('textbox', { name: /Job Titles/ });
    await user.type(input, 'Product Designer');
    await user.click(screen.getByRole('button', { name: 'Add job title' }));
    await user.type(input, 'UX Lead{Enter}');
    await user.type(input, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Add job title' }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Product Designer',
      'UX Lead',
    ]);
    expect(stored()).toBe('Product Designer, UX Lead');
    expect(input).toHaveValue('');
  });

  it('splits typed commas into entries and skips ones already there', async () => {
    const user = userEvent.setup();
    const stored = renderList('Designer');
    await user.type(screen.getByRole('textbox', { name: /Job Titles/ }), 'Designer, Researcher{Enter}');
    expect(stored()).toBe('Designer, Researcher');
  });

  it('adds what is typed when the box is left without Add or Enter, so it is never lost', async () => {
    const user = userEvent.setup();
    const stored = renderList('Designer');
    const input = screen.getByRole('textbox', { name: /Job Titles/ });
    await user.type(input, 'Product Manager');
    await user.tab();
    expect(stored()).toBe('Designer, Product Manager');
    expect(input).toHaveValue('');
    // Leaving a blank box changes nothing.
    await user.click(input);
    await user.tab();
    expect(stored()).toBe('Designer, Product Manager');
  });

  it('removes an entry with its own button', async () => {
    const user = userEvent.setup();
    const stored = renderList('Designer, Researcher, Writer');
    await user.click(screen.getByRole('button', { name: 'Remove Researcher' }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Designer', 'Writer']);
    expect(stored()).toBe('Designer, Writer');
    // The button pressed has gone: focus goes on to the box that adds entries.
    expect(screen.getByRole('textbox', { name: /Job Titles/ })).toHaveFocus();
  });

  it('wraps an entry without spaces inside its chip, so a narrow screen does not scroll sideways', () => {
    const keyword = 'supercalifragilisticexpialidocious-engineering-lead';
    renderList(keyword);
    const entry = screen.getByText(keyword);
    expect(entry).toHaveClass('min-w-0', '[overflow-wrap:anywhere]');
    expect(entry.closest('li')).toHaveClass('min-w-0', 'max-w-full');
    expect(screen.getByRole('button', { name: `Remove ${keyword}` })).toHaveClass('shrink-0');
  });
});
