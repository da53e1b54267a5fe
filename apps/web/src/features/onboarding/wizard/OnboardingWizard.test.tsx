import { emptyOnboardingFields } from '@app/domain/onboarding-fields';
import type { WizardForm } from '@app/domain/onboarding-rules';
import { completeOnboardingForm } from '@app/domain/onboarding-testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readProfileCompleteCookie, removeProfileCompleteCookie } from '../../../lib/cookies.ts';
import { type FakeRoute, fakeServer, renderOnboarding } from '../testing.tsx';
import { OnboardingWizard, type OnboardingWizardProps } from './OnboardingWizard.tsx';

const empty: WizardForm = { ...emptyOnboardingFields(), terms_reviewed: false, terms_agreed: false };
const record = (body: unknown) => Response.json({ data: { id: 'sub-1', ...(body as object) } });
const saves: FakeRoute = ({ method, path, body }) => {
  if (method === 'PUT' && path === '/api/onboarding-submissions/sub-1') return record(body);
  if (method === 'POST' && path === '/api/onboarding-submissions') return record(body);
  return undefined;
};

function renderWizard(props: Partial<OnboardingWizardProps> = {}) {
  const handlers = { onLeave: vi.fn(), onSubmitted: vi.fn(), onStepChange: vi.fn() };
  renderOnboarding(
    <OnboardingWizard
      mode="create"
      initialValues={empty}
      initialStep={1}
      submissionId="sub-1"
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

function fixList() {
  return document.getElementById('fix-list');
}

beforeEach(() => {
  window.scrollTo = vi.fn();
  removeProfileCompleteCookie();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the onboarding wizard', () => {
  it('lists what an empty step misses and keeps Next disabled until it is filled', async () => {
    const user = userEvent.setup();
    fakeServer(saves);
    renderWizard({ initialStep: 3 });
    expect(screen.getByRole('heading', { level: 1, name: 'Professional Information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeInTheDocument();
    const box = fixList();
    expect(box).toHaveTextContent('Please fix the following:');
    expect(
      within(box!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'First Name is required',
      'Last Name is required',
      'Email Address is required',
      'Phone Number is required',
    ]);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    await user.type(screen.getByLabelText(/First Name/), 'Ada');
    await user.type(screen.getByLabelText(/Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/Email Address/), 'ada@example');
    await user.type(screen.getByLabelText(/Phone Number/), '555123');
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue('(555) 123');
    expect(
      within(fixList()!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Please enter a valid email address', 'Phone Number must be at least 10 digits']);
    await user.type(screen.getByLabelText(/Email Address/), '.com');
    await user.type(screen.getByLabelText(/Phone Number/), '45678');
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue('(555) 123-4567');
    expect(fixList()).toBeNull();
    expect(next).toBeEnabled();
  });

  it('saves the whole form on Next, says so, and moves on', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer(saves);
    const { onStepChange } = renderWizard({
      initialValues: completeOnboardingForm({ city: 'Paris' }),
      initialStep: 4,
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Work Authorization' })).toBeInTheDocument();
    expect(await screen.findByText('Progress Saved Successfully')).toBeInTheDocument();
    expect(screen.getByText('Step 4 information saved')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/onboarding-submissions/sub-1',
      body: { city: 'Paris', first_name: 'Ada', job_type: ['full-time', 'contract'], userId: 'user-1' },
    });
    expect(onStepChange).toHaveBeenLastCalledWith(5);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(screen.getByRole('heading', { level: 2, name: 'Work Authorization' })).toHaveFocus();
  });

  it('creates the submission on the first save when there is none yet, then updates it', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer(saves);
    renderWizard({ submissionId: null });
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await screen.findByRole('heading', { level: 2, name: 'Terms & Conditions' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 2, name: 'Welcome' });
    expect(await screen.findByText('Progress Saved')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/onboarding-submissions',
      'PUT /api/onboarding-submissions/sub-1',
    ]);
    expect(calls[0]?.body).toMatchObject({ user_id: 'user-1' });
  });

  it('stays on the step and says so when a save fails', async () => {
    const user = userEvent.setup();
    fakeServer(() => Response.json({ error: 'Unavailable' }, { status: 503 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWizard({ initialValues: completeOnboardingForm(), initialStep: 5 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Save Failed')).toBeInTheDocument();
    expect(
      screen.getByText('There was an issue saving your progress. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Work Authorization' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('shows Saving... on both buttons and disables them while a save is under way', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWizard({ initialValues: completeOnboardingForm(), initialStep: 5 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const buttons = screen.getAllByRole('button', { name: /Saving\.\.\./ });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toBeDisabled();
    answer(Response.json({ data: { id: 'sub-1' } }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Employment Information' }),
    ).toBeInTheDocument();
  });

  it('jumps back to a completed step from the stepper without saving; future steps are not buttons', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer(saves);
    renderWizard({ initialValues: completeOnboardingForm(), initialStep: 6 });
    const steps = screen.getByRole('navigation', { name: 'Onboarding steps' });
    expect(within(steps).getAllByRole('button')).toHaveLength(5);
    const current = steps.querySelector('[aria-current="step"]');
    expect(current).toHaveTextContent('Employment Information');
    await user.click(within(steps).getByRole('button', { name: /Step 2: Terms & Conditions, completed/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );
  });

  it('leaves from the first step without saving', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer(saves);
    const { onLeave } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onLeave).toHaveBeenCalledWith({ values: empty, submissionId: 'sub-1' });
    expect(calls).toEqual([]);
  });

  it('submits in create mode: saves with the completion flag, creates, marks the profile complete', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer(saves);
    const values = completeOnboardingForm({ onboarding_completed: false });
    const { onSubmitted } = renderWizard({ initialValues: values, initialStep: 9 });
    // The step tells the person, more than once, which button finishes.
    expect(screen.getAllByText(/click/).map((text) => text.textContent)).toEqual([
      expect.stringContaining('click Complete Onboarding'),
      expect.stringContaining('click Complete Onboarding'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('Application Submitted Successfully!')).toBeInTheDocument();
    expect(
      calls.map((call) => [
        call.method,
        (call.body as { onboarding_completed: boolean }).onboarding_completed,
      ]),
    ).toEqual([
      ['PUT', true],
      ['POST', true],
    ]);
    expect(calls[1]?.body).toMatchObject({ user_id: 'user-1', first_name: 'Ada' });
    expect(onSubmitted).toHaveBeenCalledWith({ ...values, onboarding_completed: true });
    expect(readProfileCompleteCookie()?.isComplete).toBe(true);
  });

  it('submits in edit mode with an update only, and says the profile was updated', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer(saves);
    renderWizard({ mode: 'edit', initialValues: completeOnboardingForm(), initialStep: 9 });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Your Profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('Profile Updated Successfully!')).toBeInTheDocument();
    expect(calls.map((call) => call.method)).toEqual(['PUT']);
  });

  it('does not mark anything complete when the submit fails', async () => {
    const user = userEvent.setup();
    fakeServer((call) =>
      call.method === 'POST' ? Response.json({ error: 'Down' }, { status: 503 }) : saves(call),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onSubmitted } = renderWizard({ initialValues: completeOnboardingForm(), initialStep: 9 });
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    expect(
      screen.getByText('There was an issue submitting your application. Please try again.'),
    ).toBeInTheDocument();
    expect(onSubmitted).not.toHaveBeenCalled();
    await waitFor(() => expect(readProfileCompleteCookie()).toBeNull());
  });
});
