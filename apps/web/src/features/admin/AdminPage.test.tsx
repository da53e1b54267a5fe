import type { AdminRecord } from '@app/domain/admin-email';
import { generatedFiltersAnswer } from '@app/domain/admin-email-testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
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

type AdminAnswer = (body: { email: string; action: string }) => Response;

function renderAdmin(
  email: string,
  answer: AdminAnswer = () => Response.json({ error: 'unused' }, { status: 500 }),
) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/public-config') return Response.json({ staffEmailDomain: 'company.test' });
    if (url === '/api/admin/user-email-management') return answer(JSON.parse(String(init?.body)));
    if (url.startsWith('/api/onboarding-feedback')) return Response.json({ data: [] });
    return Response.json({ data: [] });
  });
  vi.stubGlobal('fetch', fetch);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <MemoryRouter>
          <AdminPage account={{ email }} />
        </MemoryRouter>
      </Suspense>
      <Toaster />
    </QueryClientProvider>,
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
