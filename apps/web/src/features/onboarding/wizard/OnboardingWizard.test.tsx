import { emptyOnboardingFields, readOnboardingFields } from '@app/domain/onboarding-fields';
import type { WizardForm } from '@app/domain/onboarding-rules';
import { MAX_TEXT_LENGTH } from '@app/domain/onboarding-rules';
import { completeOnboardingForm } from '@app/domain/onboarding-testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readProfileCompleteCookie, removeProfileCompleteCookie } from '../../../lib/cookies.ts';
import { SIGNED_OUT_NAVIGATION } from '../../../lib/signed-out-navigation.ts';
import { FakeUpload } from '../../../lib/testing/fake-upload.ts';
import { readOnboardingDraft } from '../onboarding-draft.ts';
import { type FakeRoute, fakeServer, renderOnboarding, testAccount, uploadedFile } from '../testing.tsx';
import { OnboardingWizard, type OnboardingWizardProps } from './OnboardingWizard.tsx';

const empty: WizardForm = { ...emptyOnboardingFields(), terms_reviewed: false, terms_agreed: false };

/**
 * A server holding one submission, `stored`, that answers every save with the whole record, as the
 * real one does; `answer` can replace the answer of any call.
 */
function submissionServer(stored: object = {}, answer?: FakeRoute) {
  let held = { id: 'sub-1', ...readOnboardingFields(stored) };
  return fakeServer((call) => {
    const replaced = answer?.(call);
    if (replaced) return replaced;
    const { method, path, body } = call;
    if (method === 'GET' && path === '/api/onboarding-submissions') return Response.json({ data: [held] });
    const saving =
      (method === 'PUT' && path === '/api/onboarding-submissions/sub-1') ||
      (method === 'POST' && path === '/api/onboarding-submissions');
    if (!saving) return undefined;
    held = { ...held, ...readOnboardingFields({ ...held, ...(body as object) }) };
    return Response.json({ data: held });
  });
}

const bodies = (calls: { body: unknown }[]) => calls.map((call) => call.body);

function renderWizard(
  props: Partial<OnboardingWizardProps> & {
    values?: WizardForm;
    saved?: WizardForm;
    submissionId?: string | null;
    /** A link beside the wizard, named 'Elsewhere', to another page of the app, with this state. */
    linkTo?: string;
    linkState?: unknown;
  } = {},
) {
  const { values = empty, saved = values, submissionId = 'sub-1', linkTo, linkState, ...rest } = props;
  const handlers = { onLeave: vi.fn(), onSubmitted: vi.fn(), onStepChange: vi.fn() };
  renderOnboarding(
    <>
      {linkTo && (
        <Link to={linkTo} state={linkState}>
          Elsewhere
        </Link>
      )}
      <OnboardingWizard
        mode="create"
        answers={{ saved: readOnboardingFields(saved), values, submissionId }}
        initialStep={1}
        {...handlers}
        {...rest}
      />
    </>,
  );
  return handlers;
}

function fixList() {
  return document.getElementById('fix-list');
}

function fixItems() {
  return within(fixList()!)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

beforeEach(() => {
  window.scrollTo = vi.fn();
  removeProfileCompleteCookie();
  sessionStorage.clear();
});
describe('the onboarding wizard', () => {
  it('lists what an empty step misses and keeps Next disabled until it is filled', async () => {
    const user = userEvent.setup();
    submissionServer();
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
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // Held, not disabled: the keyboard still reaches it, and it says why it waits.
    next.focus();
    expect(next).toHaveFocus();
    expect(next).toHaveAccessibleDescription(/Please fix the following/);

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
    expect(next).not.toHaveAttribute('aria-disabled');
    // Some forty keystrokes, each re-validating the step: slow on a busy machine.
  }, 20_000);

  it('marks what a held Next waits for when it is pressed, and focuses the first field to fix', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer();
    renderWizard({ initialStep: 3 });
    const firstName = screen.getByLabelText(/First Name/);
    // Nothing was visited yet, so no field says anything.
    expect(firstName).not.toHaveAttribute('aria-invalid');
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('First Name is required');
    expect(screen.getByLabelText(/Phone Number/)).toHaveAccessibleDescription('Phone Number is required');
    expect(calls).toEqual([]);
    // Each marked field checks again as it is corrected.
    await user.type(firstName, 'Ada');
    await waitFor(() => expect(firstName).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByLabelText(/Last Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens the first step with a problem when a held Complete Onboarding is pressed on the last step', async () => {
    const user = userEvent.setup();
    const values = completeOnboardingForm({ recent_employer: '', onboarding_completed: false });
    const { calls } = submissionServer(values);
    renderWizard({ values, initialStep: 9 });
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Employment Information' }),
    ).toBeInTheDocument();
    const employer = screen.getByLabelText(/Recent Employer/);
    await waitFor(() => expect(employer).toHaveFocus());
    expect(employer).toHaveAttribute('aria-invalid', 'true');
    expect(employer).toHaveAccessibleDescription('Recent Employer is required');
    expect(calls).toEqual([]);
  });

  it('saves the changed answers on Next, says so, and moves on', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm());
    const { onStepChange } = renderWizard({
      values: completeOnboardingForm({ city: 'Paris' }),
      saved: completeOnboardingForm(),
      initialStep: 4,
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Work Authorization' })).toBeInTheDocument();
    expect(await screen.findByText('Progress Saved Successfully')).toBeInTheDocument();
    expect(screen.getByText('Step 4 information saved')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/onboarding-submissions/sub-1' });
    expect(calls[0]?.body).toEqual({ city: 'Paris', userId: 'user-1' });
    expect(onStepChange).toHaveBeenLastCalledWith(5);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(screen.getByRole('heading', { level: 2, name: 'Work Authorization' })).toHaveFocus();
  });

  it('saves a job title typed and not added when Next is pressed, even as the first one', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm({ top_job_titles: '' }));
    renderWizard({ values: completeOnboardingForm({ top_job_titles: '' }), initialStep: 7 });
    expect(fixItems()).toEqual(['At least one Job Title is required']);
    await user.type(screen.getByRole('textbox', { name: /^Job Titles/ }), 'Product Manager');
    // Pressing Next leaves the box first, which adds the title (and so enables Next); Next saves it.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Additional Information' });
    expect(bodies(calls)).toEqual([{ top_job_titles: 'Product Manager', userId: 'user-1' }]);
  });

  it('says a missing resume under its file chooser', async () => {
    const user = userEvent.setup();
    submissionServer(completeOnboardingForm());
    renderWizard({ values: completeOnboardingForm(), initialStep: 6 });
    await user.click(screen.getByRole('button', { name: /^Remove resume/ }));
    const resume = await screen.findByLabelText(/^Resume/);
    await waitFor(() =>
      expect(resume).toHaveAccessibleDescription('PDF, DOCX or DOC, up to 5 MB. Resume upload is required'),
    );
    expect(resume).toBeInvalid();
  });

  it('says an unchecked acknowledgement under it, after what it asks', async () => {
    const user = userEvent.setup();
    submissionServer(completeOnboardingForm());
    renderWizard({ values: completeOnboardingForm(), initialStep: 8 });
    const ack = screen.getByRole('checkbox', { name: 'Incorrect Statements Policy' });
    await user.click(ack);
    await user.tab();
    await waitFor(() =>
      expect(ack).toHaveAccessibleDescription(
        'The information I have given is true. Incorrect statements can lead to applications I did not want and may end the service. Incorrect Statements Policy must be checked',
      ),
    );
  });

  it('keeps a long answer whole and says it is too long, rather than cutting a paste short', async () => {
    const user = userEvent.setup();
    submissionServer(completeOnboardingForm());
    renderWizard({ values: completeOnboardingForm({ application_history: '' }), initialStep: 8 });
    const box = screen.getByRole('textbox', { name: /^Where have you already applied\?/ });
    await user.click(box);
    await user.paste('x'.repeat(MAX_TEXT_LENGTH + 1));
    expect(box).toHaveValue('x'.repeat(MAX_TEXT_LENGTH + 1));
    await waitFor(() => expect(fixItems().join('\n')).toMatch(/must be at most 5000 characters/));
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('creates the submission on the first save when there is none yet, then updates it', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer();
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
    expect(calls[0]?.body).toEqual({ user_id: 'user-1' });
  });

  it('stays on the step and says so when a save fails', async () => {
    const user = userEvent.setup();
    fakeServer(() => Response.json({ error: 'Unavailable' }, { status: 503 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWizard({ values: completeOnboardingForm(), initialStep: 5 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Save Failed')).toBeInTheDocument();
    expect(
      screen.getByText('There was an issue saving your progress. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Work Authorization' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows Saving... on both buttons and holds them, keeping focus, while a save is under way', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWizard({ values: completeOnboardingForm(), initialStep: 5 });
    const next = screen.getByRole('button', { name: 'Next' });
    await user.click(next);
    const buttons = screen.getAllByRole('button', { name: /Saving\.\.\./ });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAccessibleName('Saving...');
    expect(next).toHaveFocus();
    answer(Response.json({ data: { id: 'sub-1', ...readOnboardingFields(completeOnboardingForm()) } }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Employment Information' }),
    ).toBeInTheDocument();
  });

  it('jumps back to a completed step from the stepper without saving; future steps are not buttons', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm());
    renderWizard({ values: completeOnboardingForm(), initialStep: 6 });
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
    expect(screen.getByRole('heading', { level: 2, name: 'Terms & Conditions' })).toHaveFocus();
  });

  it('leaves from the first step without saving', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer();
    const { onLeave } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onLeave).toHaveBeenCalledWith({
      saved: emptyOnboardingFields(),
      values: empty,
      submissionId: 'sub-1',
    });
    expect(calls).toEqual([]);
  });

  it('submits in create mode: saves with the completion flag, creates, marks the profile complete', async () => {
    const user = userEvent.setup();
    const values = completeOnboardingForm({ onboarding_completed: false });
    const { calls } = submissionServer(values);
    const { onSubmitted } = renderWizard({ values, initialStep: 9 });
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
    // The save sends only the flag; the create call sends every answer.
    expect(calls[0]?.body).toEqual({ onboarding_completed: true, userId: 'user-1' });
    expect(calls[1]?.body).toMatchObject({ user_id: 'user-1', first_name: 'Ada', city: 'London' });
    expect(onSubmitted).toHaveBeenCalledWith({ ...values, onboarding_completed: true });
    expect(readProfileCompleteCookie()?.isComplete).toBe(true);
  });

  it('submits in edit mode with one update, announced once; its last button says what it does', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm());
    const { onSubmitted } = renderWizard({ mode: 'edit', values: completeOnboardingForm(), initialStep: 9 });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Your Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Onboarding' })).toBeNull();
    expect(screen.getAllByText(/click/)[0]).toHaveTextContent('click Save Changes');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated Successfully!')).toBeInTheDocument();
    expect(calls.map((call) => call.method)).toEqual(['PUT']);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it('in edit mode opens any step from the stepper, and saves one changed answer in one call', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm());
    const { onSubmitted } = renderWizard({ mode: 'edit', values: completeOnboardingForm(), initialStep: 1 });
    const steps = screen.getByRole('navigation', { name: 'Onboarding steps' });
    expect(within(steps).getAllByRole('button')).toHaveLength(8);
    await user.click(within(steps).getByRole('button', { name: 'Step 7: Job Preferences. Go to this step' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Job Preferences' })).toHaveFocus();
    await user.clear(screen.getByLabelText(/Salary Expectation/));
    await user.type(screen.getByLabelText(/Salary Expectation/), '$150,000');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated Successfully!')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/onboarding-submissions/sub-1',
    ]);
    expect(bodies(calls)).toEqual([{ salary_expectation: '$150,000', userId: 'user-1' }]);
    expect(screen.getAllByText(/Profile Updated/)).toHaveLength(1);
    expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ salary_expectation: '$150,000' }));
  });

  it('in edit mode keeps Back, Next and Save Changes disabled while any step has a problem, and names the step', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm());
    renderWizard({ mode: 'edit', values: completeOnboardingForm(), initialStep: 4 });
    const steps = screen.getByRole('navigation', { name: 'Onboarding steps' });
    const buttons = () =>
      [/Back/, /Next/, 'Save Changes'].map((name) => screen.getByRole('button', { name }));
    // The finished record keeps every required answer: a save without the city would be refused.
    await user.clear(screen.getByLabelText(/City/));
    expect(fixItems()).toEqual(['City is required']);
    for (const button of buttons()) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(/Please fix the following/);
    }
    // The stepper still opens other steps, without saving; the box names the step of the problem.
    await user.click(within(steps).getByRole('button', { name: 'Step 7: Job Preferences. Go to this step' }));
    expect(fixItems()).toEqual(['Address Information: City is required']);
    for (const button of buttons()) expect(button).toHaveAttribute('aria-disabled', 'true');
    // Pressing a held one there opens the step with the problem, at the field to fix.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('heading', { level: 2, name: 'Address Information' });
    await waitFor(() => expect(screen.getByLabelText(/City/)).toHaveFocus());
    expect(screen.getByLabelText(/City/)).toHaveAccessibleDescription('City is required');
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText(/City/), 'Lisbon');
    expect(fixList()).toBeNull();
    for (const button of buttons()) expect(button).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('button', { name: /Back/ }));
    await screen.findByRole('heading', { level: 2, name: 'Personal Information' });
    expect(bodies(calls)).toEqual([{ city: 'Lisbon', userId: 'user-1' }]);
  });

  it('holds Back, Next, Save Changes and the stepper while a file uploads, then saves the new file', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm());
    const url = 'http://x/api/storage/public/documents/resumes/u/uuid-New_CV.pdf';
    FakeUpload.reset();
    FakeUpload.answer = { status: 201, body: { data: { url, path: 'p', name: 'New_CV.pdf', size: 100 } } };
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const release = FakeUpload.hold();
    const { onSubmitted } = renderWizard({ mode: 'edit', values: completeOnboardingForm(), initialStep: 6 });
    await user.upload(screen.getByLabelText(/^Resume/), uploadedFile('New CV.pdf'));
    expect(await screen.findByText(/Uploading\.\.\. 50%/)).toBeInTheDocument();
    const buttons = () =>
      [/Back/, /Next/, 'Save Changes'].map((name) => screen.getByRole('button', { name }));
    for (const button of buttons()) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(
        'A file is still uploading. You can go on once it has finished.',
      );
    }
    const steps = screen.getByRole('navigation', { name: 'Onboarding steps' });
    expect(within(steps).getByRole('button', { name: /Step 7: Job Preferences/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(calls).toEqual([]);
    expect(onSubmitted).not.toHaveBeenCalled();

    release();
    expect(await screen.findByText('Upload Complete')).toBeInTheDocument();
    for (const button of buttons()) expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText('A file is still uploading. You can go on once it has finished.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated Successfully!')).toBeInTheDocument();
    expect(bodies(calls)).toEqual([{ resume: url, userId: 'user-1' }]);
    expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ resume: url }));
  });

  it('only waits when a Next held by both a blank answer and an upload is pressed: no field is marked or focused', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm());
    FakeUpload.reset();
    FakeUpload.answer = {
      status: 201,
      body: { data: { url: 'http://x/cv.pdf', path: 'p', name: 'cv.pdf', size: 100 } },
    };
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const release = FakeUpload.hold();
    renderWizard({ values: completeOnboardingForm({ recent_position: '' }), initialStep: 6 });
    const position = screen.getByLabelText(/Recent Position/);
    expect(fixItems()).toEqual(['Recent Position is required']);
    await user.upload(screen.getByLabelText(/^Resume/), uploadedFile('New CV.pdf'));
    expect(await screen.findByText(/Uploading\.\.\. 50%/)).toBeInTheDocument();
    const next = screen.getByRole('button', { name: /Next/ });
    await user.click(next);
    // Held by the upload, the press only waits, as the note under the buttons says: it neither marks
    // the blank answer nor takes the focus there (held by the blank answer alone, it would).
    release();
    expect(await screen.findByText('Upload Complete')).toBeInTheDocument();
    expect(next).toHaveFocus();
    expect(position).not.toHaveAttribute('aria-invalid');
    expect(position).not.toHaveAccessibleDescription(/Recent Position is required/);
    expect(calls).toEqual([]);
  });

  it('asks before the page is left only while a file uploads or a save runs', async () => {
    const user = userEvent.setup();
    /** Whether leaving the page now would ask first: a beforeunload listener cancels the event. */
    const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    const url = 'http://x/api/storage/public/documents/resumes/u/uuid-New_CV.pdf';
    FakeUpload.reset();
    FakeUpload.answer = { status: 201, body: { data: { url, path: 'p', name: 'New_CV.pdf', size: 100 } } };
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const release = FakeUpload.hold();
    let answerSave: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answerSave = resolve))),
    );
    renderWizard({ values: completeOnboardingForm(), initialStep: 6 });
    expect(leavingAsks()).toBe(false);

    await user.upload(screen.getByLabelText(/^Resume/), uploadedFile('New CV.pdf'));
    expect(await screen.findByText(/Uploading\.\.\. 50%/)).toBeInTheDocument();
    expect(leavingAsks()).toBe(true);
    release();
    expect(await screen.findByText('Upload Complete')).toBeInTheDocument();
    expect(leavingAsks()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findAllByRole('button', { name: /Saving\.\.\./ });
    expect(leavingAsks()).toBe(true);
    answerSave(Response.json({ data: { id: 'sub-1', ...readOnboardingFields(completeOnboardingForm()) } }));
    await screen.findByRole('heading', { level: 2, name: 'Job Preferences' });
    expect(leavingAsks()).toBe(false);
  });

  /**
   * The employment step with a link to another page beside it ('Elsewhere', carrying `linkState`) and
   * a new resume on its way, held until `release()`; its answer is `answer`.
   */
  async function uploadUnderWay({
    answer = {
      status: 201,
      body: { data: { url: 'http://x/cv.pdf', path: 'p', name: 'cv.pdf', size: 100 } },
    },
    linkState,
  }: {
    answer?: { status: number; body: unknown };
    linkState?: unknown;
  } = {}) {
    const user = userEvent.setup();
    submissionServer(completeOnboardingForm());
    FakeUpload.reset();
    FakeUpload.answer = answer;
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const release = FakeUpload.hold();
    renderWizard({ values: completeOnboardingForm(), initialStep: 6, linkTo: '/profile', linkState });
    await user.upload(screen.getByLabelText(/^Resume/), uploadedFile('New CV.pdf'));
    expect(await screen.findByText(/Uploading\.\.\. 50%/)).toBeInTheDocument();
    const leave = () => user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    return { user, release, leave };
  }

  /**
   * Asked on the way out, the person sees the upload end (`ending`: its toast's title) and stays on
   * the step, the question gone.
   */
  async function stillOnTheStepOnceItEnds(
    leave: () => Promise<void>,
    release: () => void,
    ending: 'Upload Complete' | 'Upload Failed',
  ) {
    await leave();
    await screen.findByRole('dialog', { name: 'Your file is still uploading' });
    release();
    expect(await screen.findByText(ending)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Employment Information' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Profile page' })).toBeNull();
  }

  it('asks before another page of the app is opened while a file uploads, and keeps the person on the step once it lands', async () => {
    const { user, release, leave } = await uploadUnderWay();
    await leave();
    const dialog = await screen.findByRole('dialog', { name: 'Your file is still uploading' });
    expect(dialog).toHaveAccessibleDescription(
      'If you leave this page now, the file is not added to your profile. Stay to let it finish.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Employment Information' })).toBeInTheDocument();
    expect(screen.getByText(/Uploading\.\.\. 50%/)).toBeInTheDocument();

    // Asked again, the person waits with the question open: the upload lands in the step's form,
    // where they stay to save it (leaving would keep it only as an unsaved answer).
    await stillOnTheStepOnceItEnds(leave, release, 'Upload Complete');
  });

  it('leaves the upload behind for another page when the person chooses Leave Anyway', async () => {
    const { user, leave } = await uploadUnderWay();
    await leave();
    const dialog = await screen.findByRole('dialog', { name: 'Your file is still uploading' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave Anyway' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile page' })).toBeInTheDocument();
    // The file would land in no form, and count against the person's storage: it is stopped.
    expect(FakeUpload.last?.aborted).toBe(true);
  });

  it('keeps the person on the step when the upload fails while they are asked, to see why', async () => {
    const { release, leave } = await uploadUnderWay({
      answer: { status: 500, body: { error: 'Internal Server Error' } },
    });
    await stillOnTheStepOnceItEnds(leave, release, 'Upload Failed');
  });

  it('keeps the person on the step when one of two uploads they waited for fails, though the later one landed', async () => {
    const { user, release, leave } = await uploadUnderWay();
    // Answered in the order sent: the resume fails, the cover letter sent after it lands.
    FakeUpload.answers = [
      { status: 500, body: { error: 'Internal Server Error' } },
      {
        status: 201,
        body: { data: { url: 'http://x/letter.pdf', path: 'p', name: 'letter.pdf', size: 100 } },
      },
    ];
    await user.upload(screen.getByLabelText(/^Cover Letter/), uploadedFile('Letter.pdf'));
    await waitFor(() => expect(screen.getAllByText(/Uploading\.\.\. 50%/)).toHaveLength(2));
    await stillOnTheStepOnceItEnds(leave, release, 'Upload Failed');
  });

  it('lets the way to the sign-in screen through unasked after a sign-out during an upload', async () => {
    const { leave } = await uploadUnderWay({ linkState: SIGNED_OUT_NAVIGATION });
    await leave();
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens another page at once when no file is uploading', async () => {
    const user = userEvent.setup();
    submissionServer(completeOnboardingForm());
    renderWizard({ values: completeOnboardingForm(), initialStep: 6, linkTo: '/profile' });
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('after the saved answers failed to load, saves only what the person typed and then shows what the server holds', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm({ onboarding_completed: false }));
    renderWizard({ values: empty, saved: empty, submissionId: null, initialStep: 2 });
    await user.click(screen.getByLabelText(/I have read and reviewed/));
    await user.click(screen.getByLabelText(/I understand and agree/));
    await user.click(screen.getByRole('button', { name: 'Accept & Continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Personal Information' });
    expect(bodies(calls)).toEqual([{ user_id: 'user-1' }]);
    // Nothing was blanked, and the form now shows the saved answers.
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue('(555) 123-4567');
    await user.clear(screen.getByLabelText(/First Name/));
    await user.type(screen.getByLabelText(/First Name/), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Address Information' });
    expect(screen.getByLabelText(/City/)).toHaveValue('London');
    expect(bodies(calls)[1]).toEqual({ first_name: 'Augusta', userId: 'user-1' });
  });

  it('keeps an unreadable typed date in the form with its message, Next disabled, and out of a save', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm());
    renderWizard({ values: completeOnboardingForm(), initialStep: 3 });
    const birthdate = screen.getByRole('textbox', { name: 'Birthdate' });
    await user.clear(birthdate);
    await user.type(birthdate, '02/30/1990');
    await user.tab();
    const message = 'Birthdate must be a date as MM/DD/YYYY, between 1900 and 2100';
    expect(fixItems()).toEqual([message]);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    expect(birthdate).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 2, name: 'Terms & Conditions' });
    expect(bodies(calls)).toEqual([{ userId: 'user-1' }]);
  });

  it('reports an optional answer over 5000 characters and keeps Next disabled, instead of saving without it', async () => {
    const user = userEvent.setup();
    const { calls } = submissionServer(completeOnboardingForm());
    renderWizard({ values: completeOnboardingForm(), initialStep: 7 });
    const field = screen.getByRole('textbox', { name: 'Location Requirements' });
    await user.click(field);
    await user.paste('x'.repeat(5001));
    await user.tab();
    const message = 'Location Requirements must be at most 5000 characters';
    expect(fixItems()).toEqual([message]);
    expect(field).toHaveAccessibleDescription(message);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(calls).toEqual([]);
    expect(screen.queryByText('Progress Saved Successfully')).toBeNull();
  });

  it('keeps what is typed and not saved in the tab, per user, until it is saved', async () => {
    const user = userEvent.setup();
    submissionServer(completeOnboardingForm());
    renderWizard({ values: completeOnboardingForm(), initialStep: 4 });
    await user.clear(screen.getByLabelText(/City/));
    await user.type(screen.getByLabelText(/City/), 'Paris');
    expect(readOnboardingDraft(testAccount.id)).toEqual({ step: 4, changes: { city: 'Paris' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Work Authorization' });
    expect(readOnboardingDraft(testAccount.id)).toBeNull();
  });

  it('says Submission Failed, marks nothing complete and shows what the server holds when the submit did not land', async () => {
    const user = userEvent.setup();
    const values = completeOnboardingForm({ onboarding_completed: false });
    const { calls } = submissionServer(values, ({ method }) =>
      method === 'PUT' ? Response.json({ error: 'Down' }, { status: 503 }) : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onSubmitted } = renderWizard({ values, initialStep: 9 });
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    expect(
      screen.getByText('There was an issue submitting your application. Please try again.'),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.method)).toEqual(['PUT', 'GET']);
    expect(onSubmitted).not.toHaveBeenCalled();
    await waitFor(() => expect(readProfileCompleteCookie()).toBeNull());
  });

  it("puts the server's reason in the failure toast when it refuses the submit or a save", async () => {
    const user = userEvent.setup();
    const values = completeOnboardingForm({ onboarding_completed: false });
    submissionServer(values, ({ method }) =>
      method === 'PUT'
        ? Response.json({ error: 'Please complete all required fields' }, { status: 422 })
        : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWizard({ values, initialStep: 9 });
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    expect(screen.getByText('Please complete all required fields')).toBeInTheDocument();
    expect(
      screen.queryByText('There was an issue submitting your application. Please try again.'),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Save Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Please complete all required fields')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Resources' })).toBeInTheDocument();
  });

  it('keeps Complete Onboarding disabled while an earlier step breaks its rules, and names the step', async () => {
    const user = userEvent.setup();
    const values = completeOnboardingForm({ experience_level: '', onboarding_completed: false });
    const { calls } = submissionServer(values);
    renderWizard({ values, initialStep: 9 });
    const complete = screen.getByRole('button', { name: 'Complete Onboarding' });
    expect(complete).toHaveAttribute('aria-disabled', 'true');
    expect(fixItems()).toEqual(['Employment Information: Experience Level is required']);
    expect(complete).toHaveAccessibleDescription(/Employment Information: Experience Level is required/);
    await user.click(complete);
    expect(calls).toEqual([]);
  });

  it('counts the submit as done when the server completed the record, though an answer failed', async () => {
    const user = userEvent.setup();
    const values = completeOnboardingForm({ onboarding_completed: false });
    // The create call of the submit fails; the save before it already stored the completion.
    submissionServer(values, ({ method }) =>
      method === 'POST' ? Response.json({ error: 'Down' }, { status: 503 }) : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onSubmitted } = renderWizard({ values, initialStep: 9 });
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('Application Submitted Successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Submission Failed')).toBeNull();
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(readProfileCompleteCookie()?.isComplete).toBe(true);
  });

  it('counts the submit as done when its answer was lost but the server holds it completed', async () => {
    const user = userEvent.setup();
    const values = completeOnboardingForm({ onboarding_completed: false });
    submissionServer(values, ({ method }) => {
      if (method === 'PUT') throw new TypeError('Failed to fetch');
      if (method === 'GET')
        return Response.json({ data: [{ id: 'sub-1', ...readOnboardingFields(completeOnboardingForm()) }] });
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onSubmitted } = renderWizard({ values, initialStep: 9 });
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('Application Submitted Successfully!')).toBeInTheDocument();
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });
});
