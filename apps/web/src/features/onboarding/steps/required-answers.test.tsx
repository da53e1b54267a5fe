import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FormHarness, renderOnboarding } from '../testing.tsx';
import { AdditionalStep } from './AdditionalStep.tsx';
import { EmploymentStep } from './EmploymentStep.tsx';
import { JobPreferencesStep } from './JobPreferencesStep.tsx';
import { TermsStep } from './TermsStep.tsx';

/** Every required answer is announced as required, not only marked with a red star. */
describe('required answers', () => {
  it('on the employment step: the yes/no question, the job types and the resume', async () => {
    renderOnboarding(
      <FormHarness>
        <EmploymentStep />
      </FormHarness>,
    );
    const employed = await screen.findByRole('group', {
      name: /^Are you currently employed\?\s*\(required\)$/,
    });
    for (const radio of within(employed).getAllByRole('radio')) expect(radio).toBeRequired();
    // At least one job type: the group says so; no single checkbox must be ticked.
    const jobTypes = screen.getByRole('group', { name: /^Job Type.*\(required\)$/ });
    for (const checkbox of within(jobTypes).getAllByRole('checkbox')) expect(checkbox).not.toBeRequired();
    expect(screen.getByLabelText(/^Resume/)).toBeRequired();
    expect(screen.getByLabelText(/^Cover Letter/)).not.toBeRequired();
  });

  it('on the job preferences step: the job titles, until one is added', async () => {
    const user = userEvent.setup();
    renderOnboarding(
      <FormHarness>
        <JobPreferencesStep />
      </FormHarness>,
    );
    const titles = await screen.findByRole('textbox', { name: /^Job Titles/ });
    expect(titles).toBeRequired();
    expect(screen.getByRole('textbox', { name: /^Excluded Job Titles/ })).not.toBeRequired();
    await user.type(titles, 'Product Designer{Enter}');
    expect(titles).not.toBeRequired();
  });

  it('on the additional step: each acknowledgement, and not the newsletter', async () => {
    renderOnboarding(
      <FormHarness>
        <AdditionalStep />
      </FormHarness>,
    );
    const acknowledgements = await screen.findByRole('group', { name: /^Acknowledgements/ });
    const boxes = within(acknowledgements).getAllByRole('checkbox');
    expect(boxes).toHaveLength(10);
    for (const box of boxes) expect(box).toBeRequired();
    expect(screen.getByRole('checkbox', { name: 'Send me the Career Coaching Email' })).not.toBeRequired();
  });

  it('on the terms step: both checkboxes', async () => {
    renderOnboarding(
      <FormHarness>
        <TermsStep />
      </FormHarness>,
    );
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(box).toBeRequired();
  });
});
