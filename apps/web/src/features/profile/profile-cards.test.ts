import { completeOnboardingRecord } from '@app/domain/onboarding-testing';
import { describe, expect, it } from 'vitest';
import { profileLayout } from './profile-cards.ts';

const stored = {
  ...completeOnboardingRecord({
    cover_letter: 'cover-letters/u1/0b7c3b4e-1d2f-4a5b-8c9d-0e1f2a3b4c5d-Letter.docx',
    subscribe_to_newsletter: true,
  }),
  id: 'r1',
  user_id: 'u1',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

const keysOf = (entries: { key: string }[]) => entries.map((entry) => entry.key);

describe('profileLayout', () => {
  it('shows the cards of the spec in order, before and after the Career Coaching Email card', () => {
    const { before, legal } = profileLayout(stored);
    expect(before.map((card) => card.title)).toEqual([
      'Personal Information',
      'Address Information',
      'Work Authorization',
      'Employment Information',
      'Job Preferences',
      'Additional Information',
    ]);
    expect(legal?.title).toBe('Acknowledgements & Legal');
  });

  it('puts the documents with the employment details, and the signature with the acknowledgements', () => {
    const { before, legal } = profileLayout(stored);
    const employment = before.find((card) => card.title === 'Employment Information');
    expect(keysOf(employment?.documents ?? [])).toEqual(['resume', 'cover_letter']);
    expect(keysOf(employment?.entries ?? [])).toEqual([
      'currently_employed',
      'recent_position',
      'recent_employer',
      'experience_level',
    ]);
    expect(legal?.entries[0]).toMatchObject({
      key: 'signature',
      label: 'Digital Signature',
      value: 'Ada Lovelace',
    });
    expect(legal?.entries.slice(1).map((entry) => entry.label)).toEqual([
      'Incorrect Statements Policy',
      'Reading Terms',
      'No Job Guarantees',
      'WhatsApp Communication Consent',
      'Cancellation Policy',
      'Refund Policy',
      'Service Refusal Policy',
      'Global Team',
      'Self-Service Cancellation',
      'Billing Issues Handling',
    ]);
  });

  it('keeps the newsletter, the completion flag and the record identity out of the cards', () => {
    const { before, legal } = profileLayout(stored);
    const shown = [...before, ...(legal ? [legal] : [])].flatMap((card) => [
      ...keysOf(card.entries),
      ...keysOf(card.documents),
    ]);
    for (const hidden of ['subscribe_to_newsletter', 'onboarding_completed', 'id', 'user_id', 'updated_at']) {
      expect(shown).not.toContain(hidden);
    }
    const additional = before.find((card) => card.title === 'Additional Information');
    expect(keysOf(additional?.entries ?? [])).toContain('linkedin_url');
    expect(keysOf(additional?.entries ?? [])).toContain('top_job_titles');
  });

  it('leaves out cards with nothing to show', () => {
    const { before, legal } = profileLayout({ first_name: 'Ada', city: '', resume: 'resumes/u1/cv.pdf' });
    expect(before.map((card) => card.title)).toEqual(['Personal Information', 'Employment Information']);
    expect(legal).toBeNull();
  });
});
