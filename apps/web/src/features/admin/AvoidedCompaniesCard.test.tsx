import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { AvoidedCompaniesCard } from './AvoidedCompaniesCard.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the companies the client avoids', () => {
  it("says the console's own message, not the browser's, when the server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    // The API client reports a failed request on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithQueries(<AvoidedCompaniesCard clientId="c1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred$/);
  });

  it('offers to try again when nothing could be loaded, and shows the companies once it can', async () => {
    let answer = () => Response.json({ error: 'The list is resting' }, { status: 503 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithQueries(<AvoidedCompaniesCard clientId="c1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The list is resting$/);
    answer = () => Response.json({ data: [{ name: 'Initech' }] });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Companies the client avoids' })).toHaveTextContent(
      'Initech',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the companies shown when a refresh fails, and says so', async () => {
    let answer = () => Response.json({ data: [{ name: 'Initech' }] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { queryClient } = renderWithQueries(<AvoidedCompaniesCard clientId="c1" />);
    expect(await screen.findByText('Initech')).toBeInTheDocument();
    answer = () => Response.json({ error: 'The list is resting' }, { status: 503 });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'companies-to-avoid', 'c1'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Could not refresh the list, so it shows the companies as last loaded: The list is resting$/,
    );
    expect(screen.getByRole('list', { name: 'Companies the client avoids' })).toHaveTextContent('Initech');
  });
});
