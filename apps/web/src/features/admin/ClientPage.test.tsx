import type { ClientPage as ClientPageData } from '@app/domain/client-page';
import { completeOnboardingRecord } from '@app/domain/onboarding-testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ClientPage } from './ClientPage.tsx';

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

/** The page of client-7 as `account` sees it; answers the addresses asked for. */
function renderPage(account = 'sam@company.test') {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/public-config') return Response.json({ staffEmailDomain: 'company.test' });
    if (url === '/api/admin/clients/client-7') return Response.json({ data: page });
    return Response.json({ data: [] });
  });
  vi.stubGlobal('fetch', fetch);
  // The page's other cards ask for more than this test answers.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/clients/client-7']}>
        <Routes>
          <Route
            path="/admin/clients/:id"
            element={<ClientPage account={{ id: 'staff-1', email: account }} />}
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return () => fetch.mock.calls.map(([input]) => String(input));
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

  it('tells someone outside the company domain it is for staff only, without asking the server', async () => {
    const asked = renderPage('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access denied. This feature is only available to @company.test users.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Client' })).toBeInTheDocument();
    expect(asked()).toEqual(['/api/public-config']);
  });
});
