import type { AdminRecord } from '@app/domain/admin-email';
import { dataEngineerFilter, generatedFiltersAnswer } from '@app/domain/admin-email-testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { AdminPage } from './AdminPage.tsx';

const DENIED = 'Access denied. This feature is only available to @company.test users.';

const record: AdminRecord = {
  first_name: 'Jane',
  last_name: 'Doe',
  email_address: 'jane@example.com',
  phone_number: '(555) 123-4567',
  experience_level: 'mid',
  salary_expectation: '$75,000',
  has_whatsapp: 'Yes',
  job_type: ['full-time'],
  work_location_type: ['Remote'],
  onboarding_completed: true,
  signature: ' ',
  ack_incorrect_statements: true,
  ack_read_above: true,
  ack_no_guarantees: true,
  ack_whatsapp: true,
  ack_cancellation: true,
  ack_refund_policy: false,
  ack_refuse_service: true,
  ack_global_team: true,
  ack_self_service_cancel: true,
  ack_billing_issues: true,
  created_at: '2026-11-03T14:15:00.000Z',
  resume_name: null,
  cover_letter_name: null,
};

/** The admin call's body: the client by the e-mail searched or, once found, by id. */
interface AdminCall {
  email?: string;
  client_id?: string;
  action: string;
}

/**
 * Answers the admin call for the client at `email` (a call by id is answered for the e-mail that
 * id was given out for, see `named`).
 */
type AdminAnswer = (body: { email: string; action: string }) => Response | Promise<Response>;

/** The e-mail of each client id the fake admin call has given out. */
const emailsById = new Map<string, string>();

function renderAdmin(
  email: string,
  answer: AdminAnswer = () => Response.json({ error: 'unused' }, { status: 500 }),
) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/public-config') return Response.json({ staffEmailDomain: 'company.test' });
    if (url === '/api/admin/user-email-management') {
      const { email, client_id, action } = JSON.parse(String(init?.body)) as AdminCall;
      return answer({ email: email ?? emailsById.get(client_id ?? '') ?? '', action });
    }
    if (url.startsWith('/api/onboarding-feedback')) return Response.json({ data: [] });
    return Response.json({ data: [] });
  });
  vi.stubGlobal('fetch', fetch);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderWithQueries(
    <>
      <Suspense fallback={null}>
        <MemoryRouter>
          <AdminPage account={{ id: 'staff-1', email }} />
        </MemoryRouter>
      </Suspense>
      <Toaster />
    </>,
  );
  return fetch;
}

describe('/admin', () => {
  it('tells someone outside the company domain it is for staff only, without asking the server', async () => {
    const fetch = renderAdmin('jane@company.test.evil.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(DENIED);
    expect(screen.queryByLabelText('Client email')).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/public-config']);
  });

  it('asks for an e-mail before searching', async () => {
    const fetch = renderAdmin('sam@company.test');
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    expect(screen.getByLabelText('Client email')).toHaveAccessibleDescription(
      'Please enter an email address',
    );
    expect(
      await screen.findByText('Please enter an email address', { selector: '[data-title]' }),
    ).toBeVisible();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('user-email-management'))).toBe(false);
  });

  it('shows the server’s words when it refuses a staff call', async () => {
    renderAdmin('sam@company.test', () => Response.json({ error: DENIED }, { status: 403 }));
    await userEvent.type(await screen.findByLabelText('Client email'), 'jane@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(DENIED);
    expect(screen.queryByLabelText('Client email')).not.toBeInTheDocument();
  });

  it('toasts a search that finds no one', async () => {
    renderAdmin('sam@company.test', () =>
      Response.json({ error: 'No client found with that email address' }, { status: 404 }),
    );
    await userEvent.type(await screen.findByLabelText('Client email'), 'nobody@example.com{Enter}');
    expect(await screen.findByText('No client found with that email address')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'User Information' })).not.toBeInTheDocument();
  });

  it('lists what keeps a found client from All Required Filled, and offers no save while filters exist', async () => {
    const fetch = renderAdmin('sam@company.test', ({ action }) => {
      if (action === 'fetch') {
        return Response.json({
          client: { id: 'client-7', kind: 'user', email: 'jane@example.com' },
          matched: 'sign_in_email',
          user_data: record,
          filters_exist: true,
          existing_filters: [],
        });
      }
      if (action === 'generate_filters') return Response.json(generatedFiltersAnswer());
      return Response.json({
        welcome: { subject: 'Hi', html: '<p>Hi</p>' },
        team: { subject: 'T', html: '' },
      });
    });
    await userEvent.type(await screen.findByLabelText('Client email'), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const info = await screen.findByRole('region', { name: 'User Information' });
    expect(within(info).getByText('Missing: Signature, Acknowledgments')).toBeVisible();
    expect(within(info).queryByText('All Required Filled')).not.toBeInTheDocument();
    expect(within(info).getByText('Refund Policy: Not accepted')).toBeVisible();
    // Jobs and e-mails are asked for by the id the lookup resolved, never by the e-mail typed.
    const asked = fetch.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/api/admin/clients/client-7/jobs');
    expect(asked).toContain('/api/admin/outbox?client_id=client-7');
    expect(asked.filter((url) => url.includes('email='))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Generate Filters' }));
    const generated = screen.getByRole('region', { name: 'Generated Job Filters' });
    expect(await within(generated).findByText('No minimum')).toBeVisible();
    expect(within(generated).getByRole('button', { name: 'Download JSON' })).toBeVisible();
    expect(within(generated).queryByRole('button', { name: 'Save to Database' })).not.toBeInTheDocument();
  });
});

/** How the admin call names the client at `email` in its answers: id `client-{name}`. */
function named(email: string) {
  const id = `client-${email.split('@')[0]}`;
  emailsById.set(id, email);
  return { client: { id, kind: 'user', email }, matched: 'sign_in_email' };
}

/** The admin call's answer to `fetch` for the client at `email`. */
const found = (email: string, filtersExist = false) =>
  Response.json({
    ...named(email),
    user_data: { ...record, email_address: email },
    filters_exist: filtersExist,
    existing_filters: [],
  });

const draft = dataEngineerFilter;

/**
 * The admin call's answers to every action but `fetch` for the client at `email` (who has no saved
 * filters): a one-filter draft, its save, a queued welcome e-mail and the previews.
 */
function otherAction(email: string, action: string) {
  if (action === 'generate_filters')
    return Response.json({
      ...named(email),
      ...generatedFiltersAnswer([draft]),
      filters_already_exist: false,
    });
  if (action === 'save_filters')
    return Response.json({ ...named(email), document_id: 'doc-1', filter_ids: ['f-1'] });
  if (action === 'send') {
    return Response.json({
      ...named(email),
      message: 'Welcome email queued',
      filters_created: false,
      status: 'queued',
    });
  }
  return Response.json({ welcome: { subject: 'Hi', html: '<p>Hi</p>' }, team: { subject: 'T', html: '' } });
}

async function searchFor(email: string) {
  const box = await screen.findByLabelText('Client email');
  await userEvent.clear(box);
  await userEvent.type(box, `${email}{Enter}`);
}

/** Generates filters for the client shown and saves them. */
async function generateAndSave() {
  const generated = await screen.findByRole('region', { name: 'Generated Job Filters' });
  await userEvent.click(within(generated).getByRole('button', { name: 'Generate Filters' }));
  await userEvent.click(await within(generated).findByRole('button', { name: 'Save to Database' }));
}

describe('/admin while staff work on a client', () => {
  it('shows the client searched for last, even when the refresh of the one before answers after it', async () => {
    let annLookUps = 0;
    let answerAnnAgain: () => void = () => {};
    const fetch = renderAdmin('sam@company.test', ({ email, action }) => {
      if (action !== 'fetch') return otherAction(email, action);
      if (email === 'bo@example.com' || ++annLookUps === 1) return found(email);
      // The refresh after Ann's save answers only when the test says so.
      return new Promise((resolve) => (answerAnnAgain = () => resolve(found(email, true))));
    });
    await searchFor('ann@example.com');
    await generateAndSave();
    await waitFor(() => expect(annLookUps).toBe(2));

    await searchFor('bo@example.com');
    expect(await screen.findByText('bo@example.com', { selector: 'dd' })).toBeVisible();
    await act(async () => answerAnnAgain());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('bo@example.com', { selector: 'dd' })).toBeVisible();
    expect(screen.queryByText('ann@example.com', { selector: 'dd' })).not.toBeInTheDocument();
    // The outbox and jobs asked for last are Bo's.
    const asked = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('client-'));
    expect(asked.at(-1)).toContain('client-bo');
  });

  it('keeps the client shown out of reach while another search runs, and while the box names someone else', async () => {
    let answerBo: () => void = () => {};
    renderAdmin('sam@company.test', ({ email, action }) => {
      if (action !== 'fetch') return otherAction(email, action);
      if (email !== 'bo@example.com') return found(email);
      // Bo's details arrive only when the test says so.
      return new Promise((resolve) => (answerBo = () => resolve(found(email))));
    });
    const sendButton = async () =>
      within(await screen.findByRole('region', { name: 'Email Previews' })).getByRole('button', {
        name: 'Send Welcome Email',
      });
    // An inert element takes no click, focus or key in the browser, nor does anything inside it.
    const usable = async () => (await sendButton()).closest('[inert]') === null;
    const note = () => screen.queryByText(/cannot be acted on\.$/)?.textContent ?? '';

    await searchFor('ann@example.com');
    expect(await screen.findByText('ann@example.com', { selector: 'dd' })).toBeVisible();
    expect(await usable()).toBe(true);
    expect(note()).toBe('');

    await searchFor('bo@example.com');
    // Ann is still on screen while Bo's details load, but nothing of hers can be used.
    expect(screen.getByText('ann@example.com', { selector: 'dd' })).toBeInTheDocument();
    expect(await usable()).toBe(false);
    expect(note()).toBe(
      'Searching for bo@example.com... Until then, the client below (ann@example.com) cannot be acted on.',
    );

    await act(async () => answerBo());
    expect(await screen.findByText('bo@example.com', { selector: 'dd' })).toBeVisible();
    expect(await usable()).toBe(true);

    // The box edited, Enter not pressed: Bo is shown, someone else is named.
    const box = screen.getByLabelText('Client email');
    await userEvent.clear(box);
    await userEvent.type(box, 'cy@example.com');
    expect(await usable()).toBe(false);
    expect(note()).toBe(
      'Search to show the client the box names. Until then, the client below (bo@example.com) cannot be acted on.',
    );
    // Bo's e-mail back in the box, in any case: Bo can be acted on again.
    await userEvent.clear(box);
    await userEvent.type(box, ' Bo@Example.com');
    expect(await usable()).toBe(true);
  });

  it('names the client found by id in every action after the search, never by the e-mail typed', async () => {
    const fetch = renderAdmin('sam@company.test', ({ email, action }) =>
      action === 'fetch' ? found(email) : otherAction(email, action),
    );
    const adminCalls = () =>
      fetch.mock.calls
        .filter(([url]) => String(url) === '/api/admin/user-email-management')
        .map(([, init]) => JSON.parse(String(init?.body)) as AdminCall);

    await searchFor('  Jane@Example.com ');
    await generateAndSave();
    const emails = await screen.findByRole('region', { name: 'Email Previews' });
    await userEvent.click(within(emails).getByRole('button', { name: 'Send Welcome Email' }));
    await waitFor(() => expect(adminCalls().filter((call) => call.action === 'fetch')).toHaveLength(3));

    const [search, ...afterwards] = adminCalls();
    expect(search).toEqual({ email: 'Jane@Example.com', action: 'fetch' });
    expect(new Set(afterwards.map((call) => call.action))).toEqual(
      new Set(['preview', 'generate_filters', 'save_filters', 'send', 'fetch']),
    );
    for (const call of afterwards) {
      expect(call.client_id).toBe('client-Jane');
      expect(call).not.toHaveProperty('email');
    }
  });

  it('has the clients board and the previews read again after a save and after a send', async () => {
    let saved = false;
    const fetch = renderAdmin('sam@company.test', ({ email, action }) => {
      if (action === 'fetch') return found(email, saved);
      if (action === 'save_filters') saved = true;
      return otherAction(email, action);
    });
    const asked = () => fetch.mock.calls.map(([url, init]) => `${String(url)} ${String(init?.body ?? '')}`);
    const boardReads = () => asked().filter((call) => call.startsWith('/api/admin/board?')).length;
    const previewReads = () => asked().filter((call) => call.includes('"action":"preview"')).length;

    await searchFor('jane@example.com');
    await waitFor(() => expect(previewReads()).toBe(1));
    const boardBefore = boardReads();
    await generateAndSave();
    await waitFor(() => expect(previewReads()).toBe(2));
    await waitFor(() => expect(boardReads()).toBe(boardBefore + 1));

    const emails = screen.getByRole('region', { name: 'Email Previews' });
    await userEvent.click(within(emails).getByRole('button', { name: 'Send Welcome Email' }));
    await waitFor(() => expect(previewReads()).toBe(3));
    await waitFor(() => expect(boardReads()).toBe(boardBefore + 2));
  });
});
