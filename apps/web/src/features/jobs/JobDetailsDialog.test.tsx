import { type Job, jobListItemSchema } from '@app/domain/jobs';
import { makeJob } from '@app/domain/jobs-testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { JobDetailsDialog } from './JobDetailsDialog.tsx';
import { fetchJob } from './jobs-api.ts';

vi.mock('./jobs-api.ts', async (original) => ({
  ...(await original<typeof import('./jobs-api.ts')>()),
  fetchJob: vi.fn(),
}));

const whole: Job = makeJob({
  id: 'job-1',
  data_job_title: 'Backend Engineer',
  data_company: 'Northwind',
  data_job_description: 'Build APIs.',
  seniority_level: 'Senior level',
  data_num_applicants: 42,
  client_notes: 'Saved before',
  is_remote: true,
});

function renderDialog(listed = jobListItemSchema.parse(whole)) {
  renderWithQueries(<JobDetailsDialog job={listed} onClose={() => {}} />);
  return screen.getByRole('dialog', { name: 'Backend Engineer' });
}

beforeEach(() => {
  vi.mocked(fetchJob).mockReset();
  // The job's history, which the pop-up also reads: none here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ data: [] })),
  );
});
describe('the job details pop-up', () => {
  it('shows the title at once and the rest when the whole job arrives', async () => {
    let arrive!: (job: Job) => void;
    vi.mocked(fetchJob).mockReturnValue(
      new Promise((resolve) => {
        arrive = resolve;
      }),
    );
    const dialog = renderDialog();
    expect(within(dialog).getByText('at Northwind')).toBeInTheDocument();
    expect(within(dialog).getByText('Loading job details...')).toBeInTheDocument();
    arrive(whole);
    expect(await within(dialog).findByRole('region', { name: 'Job Description' })).toHaveTextContent(
      'Build APIs.',
    );
    const information = within(dialog).getByRole('region', { name: 'Job Information' });
    expect(information).toHaveTextContent('Senior level');
    expect(information).toHaveTextContent('42');
    expect(within(dialog).queryByText('Loading job details...')).toBeNull();
    expect(fetchJob).toHaveBeenCalledWith('job-1');
  });

  it('shows the decision and notes the list has now over those the whole job was fetched with', async () => {
    vi.mocked(fetchJob).mockResolvedValue(whole);
    const dialog = renderDialog(
      jobListItemSchema.parse({ ...whole, client_approval: 'rejected', client_notes: 'Changed since' }),
    );
    expect(await within(dialog).findByText('Changed since')).toBeInTheDocument();
    expect(within(dialog).getByText('Rejected')).toBeInTheDocument();
  });

  it("shows the analyst's notes in full under Your Status, their addresses as links", async () => {
    // Longer than the list's clamp of two or three lines.
    const note = `${'Strong match for your backend experience. '.repeat(8)}Apply through https://example.com/referral?id=7 today.`;
    vi.mocked(fetchJob).mockResolvedValue({ ...whole, analyst_notes: note });
    const dialog = renderDialog(jobListItemSchema.parse({ ...whole, analyst_notes: note }));
    const status = await within(dialog).findByRole('region', { name: 'Your Status' });
    const term = within(status).getByText('Analyst Notes');
    const value = term.nextElementSibling as HTMLElement;
    expect(value).toHaveTextContent(note);
    expect(within(value).getByRole('link', { name: 'https://example.com/referral?id=7' })).toHaveAttribute(
      'href',
      'https://example.com/referral?id=7',
    );
  });

  it('shows no analyst notes item when the team has written none', async () => {
    vi.mocked(fetchJob).mockResolvedValue(whole);
    const dialog = renderDialog();
    const status = await within(dialog).findByRole('region', { name: 'Your Status' });
    expect(status).toHaveTextContent('Saved before');
    expect(within(status).queryByText('Analyst Notes')).toBeNull();
  });

  it('names every region once, the description box being its own region', async () => {
    vi.mocked(fetchJob).mockResolvedValue(whole);
    const dialog = renderDialog();
    await within(dialog).findByRole('region', { name: 'Job Description' });
    const names = within(dialog)
      .getAllByRole('region')
      .map((region) =>
        (region.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent?.toLowerCase())
          .join(' '),
      );
    expect(names).toEqual([
      'job information',
      'job type & arrangement',
      'company details',
      'your status',
      'job description',
      'additional details',
      'history',
    ]);
  });

  it('says the fallback when a failure has no message of the server', async () => {
    vi.mocked(fetchJob).mockRejectedValueOnce(new ApiError('Failed to fetch', 0));
    const dialog = renderDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "The job's details could not be loaded: Unknown error",
    );
  });

  it('says why the details could not be loaded, and tries again', async () => {
    vi.mocked(fetchJob).mockRejectedValueOnce(new ApiError('Job not found', 404));
    vi.mocked(fetchJob).mockResolvedValueOnce(whole);
    const dialog = renderDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "The job's details could not be loaded: Job not found",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByText('Build APIs.')).toBeInTheDocument();
  });
});
