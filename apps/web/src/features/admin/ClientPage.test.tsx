import { dataEngineerFilter } from '@app/domain/admin-email-testing';
import type { ClientPage as ClientPageData } from '@app/domain/client-page';
import { completeOnboardingRecord } from '@app/domain/onboarding-testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { rememberBoardAddress } from '../../lib/storage.ts';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { ClientPage } from './ClientPage.tsx';
import { adminQueryKeys } from './query-keys.ts';

const RESUME = 'Jane_Doe_Resume_Senior_Product_Manager.pdf';

const page: ClientPageData = {
  client: { id: 'client-7', kind: 'user', email: 'jane@example.com' },
  sign_in_email: 'jane@example.com',
  onboarding_email: 'jane@example.com',
  onboarding: { started: true, complete: true, step: null, missing: [], updated_at: null },
  record: {
    ...completeOnboardingRecord({ first_name: 'Jane', last_name: 'Doe' }),
    id: 'submission-1',
    user_id: 'client-7',
    created_at: '2026-11-03T14:15:00.000Z',
    updated_at: '2026-11-03T14:15:00.000Z',
  },
  user_data: null,
  documents: { resume: RESUME, cover_letter: null },
  filters: [],
  last_emails: { welcome: null, team_notification: null },
};

/**
 * The page of client-7 as `account` sees it; answers the addresses asked for, the page itself with
 * `answerPage` (the page above by default).
 */
function renderPage(account = 'sam@company.test', { answerPage = () => Response.json({ data: page }) } = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/public-config') return Response.json({ staffEmailDomain: 'company.test' });
    if (url === '/api/admin/clients/client-7') return answerPage();
    if (url === '/api/admin/user-email-management') {
      return Response.json({
        welcome: { subject: 'Welcome', html: '' },
        team: { subject: 'Team', html: '' },
      });
    }
    return Response.json({ data: [] });
  });
  vi.stubGlobal('fetch', fetch);
  // The page's other cards ask for more than this test answers.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const { queryClient } = renderWithQueries(
    <MemoryRouter initialEntries={['/admin/clients/client-7']}>
      <Routes>
        <Route
          path="/admin/clients/:id"
          element={<ClientPage account={{ id: 'staff-1', email: account }} />}
        />
      </Routes>
    </MemoryRouter>,
  );
  const asked = () => fetch.mock.calls.map(([input]) => String(input));
  return Object.assign(asked, { queryClient });
}

describe('the client page', () => {
  it("lets a long document name wrap inside its download button, which keeps the file's name", async () => {
    renderPage();
    const download = await screen.findByRole('button', { name: `Download resume (${RESUME})` });
    // jsdom lays nothing out: the classes that let it grow in height and break anywhere stand in for
    // the 390 px layout; the same size is measured in a real browser by the profile's journey.
    expect(download).toHaveClass('min-h-8', 'max-w-full', 'wrap-anywhere');
    expect(download).not.toHaveClass('h-8');
  });

  it('is headed by the client, once the page has loaded them', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
  });

  it('keeps the page, and a filter being edited, when a refresh fails, and says so', async () => {
    const user = userEvent.setup();
    let answer = () =>
      Response.json({
        data: {
          ...page,
          filters: [
            {
              ...dataEngineerFilter,
              id: 'filter-1',
              client_email: 'jane@example.com',
              date_saved: '2026-11-03T14:15:00.000Z',
              version: 1,
            },
          ],
        },
      });
    const { queryClient } = renderPage(undefined, { answerPage: () => answer() });
    await user.click(await screen.findByRole('button', { name: /^Edit\s*Data Engineer$/ }));
    const form = screen.getByRole('form', { name: 'Edit filter Data Engineer' });
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Senior Data Engineer');

    // What the outbox and the e-mail previews do after an action: read the page again, which fails.
    answer = () => Response.json({ error: 'The database is resting' }, { status: 503 });
    await queryClient.invalidateQueries({ queryKey: adminQueryKeys.client('client-7') });

    expect(
      await screen.findByText(/^Could not refresh this page, so it shows the client as last loaded:/),
    ).toHaveTextContent(/The database is resting$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveValue('Senior Data Engineer');
    expect(screen.getByRole('button', { name: `Download resume (${RESUME})` })).toBeInTheDocument();
  });

  it('offers to try again when the page could not be loaded at all, and shows it once it can', async () => {
    const user = userEvent.setup();
    let answer = () => Response.json({ error: 'The database is resting' }, { status: 503 });
    renderPage(undefined, { answerPage: () => answer() });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is resting');
    answer = () => Response.json({ data: page });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leads back to the board as this recruiter left it: its search, view, sort and page', async () => {
    rememberBoardAddress('staff-1', 'q=smith&view=incomplete_onboarding&sort=jobs&page=2');
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    expect(screen.getByRole('link', { name: 'All clients' })).toHaveAttribute(
      'href',
      '/admin?q=smith&view=incomplete_onboarding&sort=jobs&page=2',
    );
  });

  it('leads to the plain board, not to the search another recruiter left in the tab', async () => {
    rememberBoardAddress('staff-2', 'q=smith&view=incomplete_onboarding');
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    expect(screen.getByRole('link', { name: 'All clients' })).toHaveAttribute('href', '/admin');
  });

  it('reads the client again before asking to send, and says a colleague has sent the e-mail since', async () => {
    const user = userEvent.setup();
    let answer = () => Response.json({ data: page });
    const asked = renderPage(undefined, { answerPage: () => answer() });
    const emails = await screen.findByRole('region', { name: 'Email Previews' });
    expect(within(emails).getByText('Never sent to this client.')).toBeInTheDocument();
    const pageReads = () => asked().filter((url) => url === '/api/admin/clients/client-7').length;
    const readsBefore = pageReads();

    // Meanwhile a colleague sent it, while the page stayed open.
    const sentAt = new Date(2026, 10, 20, 15, 0).toISOString();
    answer = () =>
      Response.json({
        data: {
          ...page,
          last_emails: {
            welcome: { id: 'message-1', status: 'sent', created_at: sentAt, sent_at: sentAt },
            team_notification: null,
          },
        },
      });
    await user.click(within(emails).getByRole('button', { name: 'Send Welcome Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Welcome Email?' });
    expect(pageReads()).toBe(readsBefore + 1);
    expect(dialog).toHaveAccessibleDescription('Last one sent November 20, 2026 at 3:00 PM.');
  });

  it('asks nothing when the client cannot be read again before a send', async () => {
    const user = userEvent.setup();
    let answer = () => Response.json({ data: page });
    renderPage(undefined, { answerPage: () => answer() });
    const emails = await screen.findByRole('region', { name: 'Email Previews' });
    answer = () => Response.json({ error: 'The database is resting' }, { status: 503 });
    await user.click(within(emails).getByRole('button', { name: 'Send Welcome Email' }));
    expect(
      await screen.findByText(/^Could not refresh this page, so it shows the client as last loaded:/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells someone outside the company domain it is for staff only, without asking the server', async () => {
    const asked = renderPage('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access denied. This feature is only available to @company.test users.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Client' })).toBeInTheDocument();
    expect(asked()).toEqual(['/api/public-config']);
  });
});
