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

function renderPage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/public-config') return Response.json({ staffEmailDomain: 'company.test' });
      if (url === '/api/admin/clients/client-7') return Response.json({ data: page });
      return Response.json({ data: [] });
    }),
  );
  // The page's other cards ask for more than this test answers.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/clients/client-7']}>
        <Routes>
          <Route path="/admin/clients/:id" element={<ClientPage account={{ email: 'sam@company.test' }} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the client page', () => {
  it("lets a long document name wrap inside its download button, which keeps the file's name", async () => {
    renderPage();
    const download = await screen.findByRole('button', { name: `Download resume (${RESUME})` });
    // jsdom lays nothing out: the classes that let it grow in height and break anywhere stand in for
    // the 390 px layout (after the size's fixed h-8 in the style sheet, h-auto wins).
    expect(download).toHaveClass('h-auto', 'min-h-8', 'max-w-full', 'break-all');
  });
});
