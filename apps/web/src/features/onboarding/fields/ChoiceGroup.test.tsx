import { screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { FormHarness, renderOnboarding } from '../testing.tsx';
import { CheckboxGroup, ChoiceGroup } from './ChoiceGroup.tsx';
import { useWizardForm } from './form-context.ts';

const YES_NO = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

/** The step's rule failing for both groups, as after leaving them unanswered. */
function Errors() {
  const { setError } = useWizardForm();
  useEffect(() => {
    setError('us_citizen', { message: 'US Citizen status is required' });
    setError('job_type', { message: 'Job Type selection is required' });
  }, [setError]);
  return null;
}

function renderGroups(withErrors: boolean) {
  renderOnboarding(
    <FormHarness>
      <ChoiceGroup
        name="us_citizen"
        legend="Are you a US citizen?"
        options={YES_NO}
        hint="As on your passport."
        required
      />
      <CheckboxGroup name="job_type" legend="Job Type" options={YES_NO} required />
      {withErrors && <Errors />}
    </FormHarness>,
  );
}

describe('a group of options with an error', () => {
  it('marks each radio invalid, described by the error, and not the fieldset', async () => {
    renderGroups(true);
    await screen.findByText('US Citizen status is required');
    const group = screen.getByRole('group', { name: /^Are you a US citizen\?/ });
    expect(group).not.toHaveAttribute('aria-invalid');
    expect(group).toHaveAccessibleDescription('As on your passport.');
    for (const radio of within(group).getAllByRole('radio')) {
      // (A required radio unanswered is invalid to the browser anyway: the attribute is what is said.)
      expect(radio).toHaveAttribute('aria-invalid', 'true');
      expect(radio).toHaveAccessibleDescription('US Citizen status is required');
    }
  });

  it('marks each checkbox the same way', async () => {
    renderGroups(true);
    await screen.findByText('Job Type selection is required');
    const group = screen.getByRole('group', { name: /^Job Type/ });
    expect(group).not.toHaveAttribute('aria-invalid');
    for (const checkbox of within(group).getAllByRole('checkbox')) {
      expect(checkbox).toHaveAttribute('aria-invalid', 'true');
      expect(checkbox).toHaveAccessibleDescription('Job Type selection is required');
    }
  });

  it('marks nothing without an error', () => {
    renderGroups(false);
    for (const option of [...screen.getAllByRole('radio'), ...screen.getAllByRole('checkbox')]) {
      expect(option).not.toHaveAttribute('aria-invalid');
      expect(option).not.toHaveAttribute('aria-describedby');
    }
  });
});
