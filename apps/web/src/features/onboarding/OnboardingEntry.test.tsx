import { readOnboardingFields } from '@app/domain/onboarding-fields';
import { completeOnboardingForm } from '@app/domain/onboarding-testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  readProfileCompleteCookie,
  removeProfileCompleteCookie,
  setProfileCompleteCookie,
} from '../../lib/cookies.ts';
import {
  clearRememberedOnboardingStep,
  readRememberedOnboardingStep,
  rememberOnboardingStep,
} from '../../lib/storage.ts';
import { OnboardingEntry } from './OnboardingEntry.tsx';
import { type FakeRoute, fakeServer, renderOnboarding, testAccount } from './testing.tsx';

/** Personal and address answered; the rest missing. */
const partial = {
  id: 'sub-1',
  ...readOnboardingFields({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email_address: 'ada@example.com',
    phone_number: '(555) 123-4567',
    street_address: '1 Analytical Way',
    city: 'London',
    state: 'Greater London',
    zip_code: 'SW1A 1AA',
    country: 'United Kingdom',
  }),
};
const complete = { id: 'sub-1', ...readOnboardingFields(completeOnboardingForm()) };

function server(saved: object | null, isComplete = false): FakeRoute {
  return ({ method, path }) => {
    if (path === '/api/onboarding-submissions/check-complete') {
      return Response.json({ isComplete, data: saved, missingFields: isComplete ? [] : ['us_citizen'] });
    }
    if (method === 'GET' && path === '/api/onboarding-submissions')
      return Response.json({ data: saved ? [saved] : [] });
    if (method === 'PUT' && saved) return Response.json({ data: saved });
    return undefined;
  };
}

beforeEach(() => {
  window.scrollTo = vi.fn();
  removeProfileCompleteCookie();
  clearRememberedOnboardingStep();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
/** A server that keeps what each save sends, as the real one does; `record` is what it holds now. */
function serverKeepingSaves(): { record: object | null } {
  const held: { record: object | null } = { record: null };
  fakeServer(({ method, path, body }) => {
    if (path === '/api/onboarding-submissions/check-complete')
      return Response.json({ isComplete: false, data: held.record, missingFields: [] });
    if (method === 'GET' && path === '/api/onboarding-submissions')
      return Response.json({ data: held.record ? [held.record] : [] });
    held.record = { id: 'sub-1', ...readOnboardingFields({ ...held.record, ...(body as object) }) };
    return Response.json({ data: held.record });
  });
  return held;
}

describe('the entry route for a signed-in user', () => {
  it('sends a complete profile to /profile and remembers that it is complete', async () => {
    fakeServer(server(complete, true));
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(readProfileCompleteCookie()?.isComplete).toBe(true);
  });

  it('sends a complete profile to /update-preferences with mode=update-preferences', async () => {
    fakeServer(server(complete, true));
    renderOnboarding(<OnboardingEntry />, { path: '/?mode=update-preferences' });
    expect(await screen.findByRole('heading', { name: 'Preferences page' })).toBeInTheDocument();
  });

  it('trusts a cached complete flag without asking the server', async () => {
    setProfileCompleteCookie(true);
    const { calls } = fakeServer(server(null));
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('welcomes a new user, starts the wizard, and returns to the welcome screen from its first step', async () => {
    const user = userEvent.setup();
    fakeServer(server(null));
    renderOnboarding(<OnboardingEntry />);
    // Loaded, it leaves focus where the browser puts it.
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome to / })).not.toHaveFocus();
    await user.click(await screen.findByRole('button', { name: 'Start Onboarding' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toBeInTheDocument();
    expect(readRememberedOnboardingStep()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Start Onboarding' })).toBeInTheDocument();
    // Back left with the wizard: the welcome screen's heading takes focus.
    expect(screen.getByRole('heading', { level: 1, name: /^Welcome to / })).toHaveFocus();
    expect(readRememberedOnboardingStep()).toBeNull();
    expect(screen.queryByText('Profile Incomplete')).toBeNull();
    expect(readProfileCompleteCookie()?.isComplete).toBe(false);
  });

  it('tells a returning user what is missing, by wizard step, and resumes at the first gap', async () => {
    fakeServer(server(partial));
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Work Authorization' })).toBeInTheDocument();
    const toast = (await screen.findByText('Profile Incomplete')).closest(
      '[data-sonner-toast]',
    ) as HTMLElement;
    expect(
      within(toast).getByText(
        'Missing answers in Work Authorization, Employment Information, Job Preferences, Additional Information, Resources.',
      ),
    ).toBeInTheDocument();
    expect(toast).toHaveTextContent(
      'Work Authorization: US Citizen, Work Authorization, Requires Sponsorship',
    );
    expect(toast).toHaveTextContent(
      'Employment Information: Currently Employed, Recent Position, Recent Employer, Resume',
    );
    expect(screen.getByRole('group', { name: /^Are you a US citizen\?/ })).toBeInTheDocument();
    expect(readRememberedOnboardingStep()).toBe(5);
    expect(screen.queryByRole('button', { name: 'Start Onboarding' })).toBeNull();
  });

  it('resumes at the step that asks for an answer its rules require, before the first section with a gap', async () => {
    // Everything up to Employment Information, but no Experience Level, which no section group holds.
    const withoutExperience = {
      id: 'sub-1',
      ...readOnboardingFields(
        completeOnboardingForm({ experience_level: '', top_job_titles: '', onboarding_completed: false }),
      ),
    };
    fakeServer(server(withoutExperience));
    renderOnboarding(<OnboardingEntry />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Employment Information' }),
    ).toBeInTheDocument();
    expect(document.getElementById('fix-list')).toHaveTextContent('Experience Level is required');
    expect(readRememberedOnboardingStep()).toBe(6);
  });

  it('keeps the remembered step after a reload when it comes before the first gap', async () => {
    rememberOnboardingStep(3);
    fakeServer(server(partial));
    renderOnboarding(<OnboardingEntry />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Personal Information' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ada');
  });

  it('keeps the wizard open on a reload before anything is filled in', async () => {
    rememberOnboardingStep(2);
    fakeServer(server({ id: 'sub-1', ...readOnboardingFields({}) }));
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Terms & Conditions' })).toBeInTheDocument();
  });

  it('asks for the terms again, and tells nothing missing, when only the name and e-mail from sign-in were saved', async () => {
    const user = userEvent.setup();
    const held = serverKeepingSaves();
    const firstVisit = renderOnboarding(<OnboardingEntry />);
    await user.click(await screen.findByRole('button', { name: 'Start Onboarding' }));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await screen.findByRole('heading', { level: 2, name: 'Terms & Conditions' });
    // Get Started saved the name and e-mail filled in from sign-in.
    expect(held.record).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email_address: 'ada@example.com',
    });
    firstVisit.unmount();

    // A reload on the terms step.
    const reload = renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I have read and reviewed/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /I understand and agree/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: /Accept & Continue/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.queryByText('Profile Incomplete')).toBeNull();
    reload.unmount();

    // Another device, where no step is remembered: the welcome screen, as for anyone who answered nothing.
    clearRememberedOnboardingStep();
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByRole('button', { name: 'Start Onboarding' })).toBeInTheDocument();
    expect(screen.queryByText('Profile Incomplete')).toBeNull();
  });

  it('keeps the terms accepted after a reload past them, though only the sign-in name and e-mail were saved', async () => {
    const user = userEvent.setup();
    serverKeepingSaves();
    const firstVisit = renderOnboarding(<OnboardingEntry />);
    await user.click(await screen.findByRole('button', { name: 'Start Onboarding' }));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await user.click(await screen.findByRole('checkbox', { name: /I have read and reviewed/ }));
    await user.click(screen.getByRole('checkbox', { name: /I understand and agree/ }));
    await user.click(screen.getByRole('button', { name: 'Accept & Continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Personal Information' });
    firstVisit.unmount();

    // A reload on the personal step: the wizard reopens there, with the terms still accepted.
    const reload = renderOnboarding(<OnboardingEntry />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Personal Information' }),
    ).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Onboarding steps' });
    await user.click(within(steps).getByRole('button', { name: /Step 2: Terms & Conditions, completed/ }));
    expect(screen.getByRole('checkbox', { name: /I have read and reviewed/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /I understand and agree/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Accept & Continue' })).not.toHaveAttribute('aria-disabled');
    reload.unmount();

    // Nor do they hold Complete Onboarding when the tab reopens on the last step.
    rememberOnboardingStep(9);
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Resources' })).toBeInTheDocument();
    expect(document.getElementById('fix-list')).not.toHaveTextContent('Terms & Conditions');
  });

  it('starts with an empty form and says so when the saved data cannot be loaded', async () => {
    fakeServer(({ path }) =>
      path === '/api/onboarding-submissions/check-complete'
        ? Response.json({ isComplete: false, data: null, missingFields: [] })
        : Response.json({ error: 'Down' }, { status: 503 }),
    );
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(
      screen.getByText('Failed to load your existing data. Starting with empty form.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Onboarding' })).toBeInTheDocument();
  });

  it('fills the personal step of a new record with the name and e-mail from sign-in', async () => {
    rememberOnboardingStep(3);
    fakeServer(server(null));
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/Last Name/)).toHaveValue('Lovelace');
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('ada@example.com');
  });

  it('fills nothing from sign-in when the saved answers failed to load, so no save overwrites them', async () => {
    rememberOnboardingStep(3);
    fakeServer(({ path }) =>
      path === '/api/onboarding-submissions/check-complete'
        ? Response.json({ isComplete: false, data: null, missingFields: [] })
        : Response.json({ error: 'Down' }, { status: 503 }),
    );
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('');
  });

  it('brings back answers typed before the session ended, at their step, and says so', async () => {
    sessionStorage.setItem(
      `onboarding:draft:${testAccount.id}`,
      JSON.stringify({ step: 4, changes: { city: 'Paris' } }),
    );
    fakeServer(server(partial));
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByLabelText(/City/)).toHaveValue('Paris');
    expect(screen.getByLabelText(/Street Address/)).toHaveValue('1 Analytical Way');
    expect(await screen.findByText('Unsaved Answers Restored')).toBeInTheDocument();
  });

  it('says when the saved data cannot be read', async () => {
    fakeServer(({ path }) =>
      path === '/api/onboarding-submissions/check-complete'
        ? Response.json({ isComplete: false, data: null, missingFields: [] })
        : Response.json({ data: ['not a submission'] }),
    );
    renderOnboarding(<OnboardingEntry />);
    expect(await screen.findByText('Data Error')).toBeInTheDocument();
    expect(
      screen.getByText('There was a problem processing your saved data. Starting with empty form.'),
    ).toBeInTheDocument();
  });

  it('opens edit mode with ?edit=true, with the saved answers', async () => {
    const user = userEvent.setup();
    fakeServer(server(complete, true));
    renderOnboarding(<OnboardingEntry />, { path: '/?edit=true' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Your Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Get Started/ }));
    // The terms were accepted when the profile was completed.
    expect(await screen.findByRole('checkbox', { name: /I understand and agree/ })).toBeChecked();
  });

  it('opens edit mode at the step the address asks for, with every step a button', async () => {
    fakeServer(server(complete, true));
    renderOnboarding(<OnboardingEntry />, { path: '/?edit=true&step=7' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Job Preferences' })).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Onboarding steps' });
    expect(within(steps).getAllByRole('button')).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Save Changes' })).not.toHaveAttribute('aria-disabled');
  });

  it('sends edit mode without saved data back to the profile', async () => {
    fakeServer(server(null));
    renderOnboarding(<OnboardingEntry />, { path: '/?edit=true' });
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(await screen.findByText('No Profile Data')).toBeInTheDocument();
    expect(screen.getByText("We couldn't find your profile data to edit.")).toBeInTheDocument();
  });
});
