import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FormHarness, renderOnboarding } from '../testing.tsx';
import { JobPreferencesStep } from './JobPreferencesStep.tsx';

describe('the job preferences step', () => {
  it("names each keyword list's 'Include only whole words' checkbox after its list", async () => {
    const user = userEvent.setup();
    renderOnboarding(
      <FormHarness>
        <JobPreferencesStep />
      </FormHarness>,
    );
    expect(screen.getAllByText('Include only whole words')).toHaveLength(2);
    const included = screen.getByRole('checkbox', {
      name: 'Include only whole words in Job Description Keywords',
    });
    const excluded = screen.getByRole('checkbox', {
      name: 'Include only whole words in Excluded Job Description Keywords',
    });
    // Each visible label still ticks its own box.
    await user.click(screen.getAllByText('Include only whole words')[1]!);
    expect(excluded).toBeChecked();
    expect(included).not.toBeChecked();
  });
});
