import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './Dialog.tsx';

describe('Dialog', () => {
  it('wraps a long unbroken description instead of pushing Close off a narrow screen', () => {
    const name = 'curriculum_vitae_senior_content_strategist_final_version_2.pdf';
    render(<Dialog open onOpenChange={() => {}} title="Share link" description={name} />);
    const dialog = screen.getByRole('dialog', { name: 'Share link' });
    // jsdom has no layout: what the browser needs to wrap it is on the header's text box.
    expect(screen.getByText(name).parentElement).toHaveClass('min-w-0', '[overflow-wrap:anywhere]');
    expect(dialog).toHaveAccessibleDescription(name);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveClass('shrink-0');
  });
});
