import { fireEvent, render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { missingByStep, showProfileIncompleteToast } from './profile-incomplete-toast.tsx';

const missing = [
  { section: 'Employment Information', step: 6, fields: ['Resume'] },
  { section: 'Legal & Acknowledgements', step: 8, fields: ['Signature', 'Global Team'] },
  { section: 'Completion', step: 9, fields: ['Onboarding Completed'] },
];

describe('the Profile Incomplete toast', () => {
  it('groups what is missing under the names of the wizard steps a person saw', () => {
    expect(missingByStep(missing)).toEqual([
      { step: 'Employment Information', fields: ['Resume'] },
      { step: 'Additional Information', fields: ['Signature', 'Global Team'] },
      { step: 'Resources', fields: ['Onboarding Completed'] },
    ]);
  });

  it('says in one line which steps need answers, and opens the full list on request', async () => {
    render(<Toaster />);
    act(() => showProfileIncompleteToast(missing));
    const toast = await screen.findByText('Profile Incomplete');
    const box = toast.closest('[data-sonner-toast]') as HTMLElement;
    expect(
      within(box).getByText('Missing answers in Employment Information, Additional Information, Resources.'),
    ).toBeVisible();
    // A plain click: sonner's swipe handling needs pointer capture, which jsdom lacks.
    fireEvent.click(within(box).getByText('Show what is missing'));
    expect(box.querySelector('details')?.open).toBe(true);
    expect(within(box).getByRole('list')).toHaveTextContent(
      'Employment Information: ResumeAdditional Information: Signature, Global TeamResources: Onboarding Completed',
    );
  });
});
