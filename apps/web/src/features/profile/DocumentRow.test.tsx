import type { ProfileEntry } from '@app/domain/profile-display';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../lib/testing/render-with-queries.tsx';
import { DocumentRow } from './DocumentRow.tsx';
import { downloadDocument } from './profile-documents.ts';

vi.mock('./profile-documents.ts', async (original) => ({
  ...(await original<typeof import('./profile-documents.ts')>()),
  downloadDocument: vi.fn(),
}));

describe('a document of the profile', () => {
  it('keeps focus on Download while it downloads, and holds Share back meanwhile', async () => {
    vi.mocked(downloadDocument).mockReturnValue(new Promise(() => {}));
    const entry = {
      key: 'resume',
      label: 'Resume',
      raw: 'resumes/u1/0-resume.pdf',
    } as unknown as ProfileEntry;
    renderWithQueries(<DocumentRow entry={entry} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: /^Download/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    const downloading = screen.getByRole('button', { name: /^Downloading/ });
    expect(downloading).toHaveFocus();
    // Busy, not disabled: a disabled button would drop the focus to the page.
    expect(downloading).toHaveAttribute('aria-disabled', 'true');
    expect(downloading).not.toBeDisabled();
    expect(screen.getByRole('button', { name: /^Share link/ })).toBeDisabled();
  });
});
