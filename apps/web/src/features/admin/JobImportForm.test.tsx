import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries, testQueryClient } from '../../lib/testing/render-with-queries.tsx';
import { JobImportForm } from './JobImportForm.tsx';
import { adminQueryKeys } from './query-keys.ts';

const CSV = 'job_uid,data_job_title,data_company\nj-1,Data Engineer,Acme\n';

/**
 * The form for client 'c1', the server answering an import with `answer`; an activity list and a
 * page of the clients board are cached.
 */
function renderForm(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  // The API client reports a failed request on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const queryClient = testQueryClient();
  queryClient.setQueryData(adminQueryKeys.activity('client_id=c1'), { pages: [], pageParams: [] });
  queryClient.setQueryData(adminQueryKeys.board('page=1'), { data: [], total: 0, page: 1, page_size: 50 });
  renderWithQueries(
    <>
      <JobImportForm clientId="c1" />
      <Toaster />
    </>,
    { queryClient },
  );
  return queryClient;
}

async function importCsv() {
  await userEvent.upload(
    screen.getByLabelText('Jobs file (CSV or JSON)'),
    new File([CSV], 'jobs.csv', { type: 'text/csv' }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Import Jobs' }));
}

describe('importing a jobs file on the client page', () => {
  it('has the activity read again, with the import in it', async () => {
    const queryClient = renderForm(async () =>
      Response.json({ data: { imported: 1, updated: 0, merged: 0, refused: [] } }),
    );
    await importCsv();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Imported 1 new job, updated 0 and merged 0.',
    );
    await waitFor(() =>
      expect(queryClient.getQueryState(adminQueryKeys.activity('client_id=c1'))?.isInvalidated).toBe(true),
    );
  });

  it("has the clients board, which counts each client's jobs, read again", async () => {
    const queryClient = renderForm(async () =>
      Response.json({ data: { imported: 1, updated: 0, merged: 0, refused: [] } }),
    );
    await importCsv();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Imported 1 new job, updated 0 and merged 0.',
    );
    expect(queryClient.getQueryState(adminQueryKeys.board('page=1'))?.isInvalidated).toBe(true);
  });

  it("says the console's own message, not the browser's, when the server cannot be reached", async () => {
    renderForm(async () => {
      throw new TypeError('Failed to fetch');
    });
    await importCsv();
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });
});
