import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeOnboardingRecord } from './onboarding-testing.ts';
import { displayFileName, fieldLabel, groupProfile, normalizeDocumentPath } from './profile-display.ts';

describe('fieldLabel', () => {
  it.each([
    ['ack_incorrect_statements', 'Incorrect Statements Policy'],
    ['ack_read_above', 'Reading Terms'],
    ['ack_no_guarantees', 'No Job Guarantees'],
    ['ack_whatsapp', 'WhatsApp Communication Consent'],
    ['ack_cancellation', 'Cancellation Policy'],
    ['ack_refund_policy', 'Refund Policy'],
    ['ack_refuse_service', 'Service Refusal Policy'],
    ['ack_global_team', 'Global Team'],
    ['ack_self_service_cancel', 'Self-Service Cancellation'],
    ['ack_billing_issues', 'Billing Issues Handling'],
    ['ack_data_sharing', 'Acknowledgement Data Sharing'],
    ['first_name', 'First Name'],
    ['us_citizen', 'US Citizen'],
    ['zip_code', 'Postal/ZIP Code'],
    ['linkedin_url', 'LinkedIn URL'],
    ['exclude_job_description_keywords', 'Excluded Job Description Keywords'],
    ['city', 'City'],
    ['favourite_colour', 'Favourite Colour'],
    ['_odd__key_', 'Odd Key'],
  ])('%s → %s', (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });
});

describe('groupProfile', () => {
  it('groups a full profile in the spec order, hiding identity and timestamps', () => {
    const record = {
      id: 'r1',
      user_id: 'u1',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-02T00:00:00Z',
      ...completeOnboardingRecord({ pronouns: 'she/her', location_requirements: 'Europe' }),
    };
    const groups = groupProfile(record);
    expect(groups.map((g) => g.title)).toEqual([
      'Personal Information',
      'Address Information',
      'Work Authorization',
      'Employment Information',
      'Job Preferences',
      'Acknowledgements',
      'Other',
    ]);
    const keys = Object.fromEntries(groups.map((g) => [g.title, g.entries.map((e) => e.key)]));
    expect(keys['Personal Information']).toEqual([
      'first_name',
      'last_name',
      'email_address',
      'phone_number',
      'birthdate',
      'pronouns',
    ]);
    expect(keys['Address Information']).toEqual(['street_address', 'city', 'state', 'zip_code', 'country']);
    expect(keys['Work Authorization']).toEqual(['us_citizen', 'work_authorization', 'requires_sponsorship']);
    expect(keys['Employment Information']).toEqual([
      'currently_employed',
      'recent_position',
      'recent_employer',
      'experience_level',
    ]);
    expect(keys['Job Preferences']).toEqual(['job_type', 'salary_expectation', 'location_requirements']);
    expect(keys.Acknowledgements).toHaveLength(10);
    expect(keys.Other).toEqual(
      expect.arrayContaining(['resume', 'top_job_titles', 'signature', 'onboarding_completed']),
    );
    expect(keys.Other).not.toEqual(expect.arrayContaining(['id']));
    expect(groups.flatMap((g) => g.entries.map((e) => e.key))).not.toContain('user_id');
  });

  it('shows booleans as Yes/No, lists comma-joined and omits empty values and groups', () => {
    const groups = groupProfile({
      first_name: 'Ada',
      last_name: '',
      job_type: ['full-time', 'contract'],
      salary_expectation: null,
      ack_whatsapp: true,
      ack_refund_policy: false,
      ack_data_sharing: true,
      work_location_type: [],
    });
    expect(groups).toEqual([
      {
        title: 'Personal Information',
        entries: [{ key: 'first_name', label: 'First Name', value: 'Ada', raw: 'Ada' }],
      },
      {
        title: 'Job Preferences',
        entries: [
          {
            key: 'job_type',
            label: 'Job Type',
            value: 'full-time, contract',
            raw: ['full-time', 'contract'],
          },
        ],
      },
      {
        title: 'Acknowledgements',
        entries: [
          { key: 'ack_whatsapp', label: 'WhatsApp Communication Consent', value: 'Yes', raw: true },
          { key: 'ack_refund_policy', label: 'Refund Policy', value: 'No', raw: false },
          { key: 'ack_data_sharing', label: 'Acknowledgement Data Sharing', value: 'Yes', raw: true },
        ],
      },
    ]);
  });

  it('answers no groups for an empty or missing record', () => {
    expect(groupProfile({})).toEqual([]);
    expect(groupProfile(null)).toEqual([]);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        for (const group of groupProfile(input)) expect(group.entries.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('displayFileName', () => {
  it.each([
    ['resumes/7f6c1c8e-6d0a-4e4b-9a57-2f1d7a4e1b11-Ada_Lovelace.pdf', 'Ada_Lovelace.pdf'],
    [
      'https://files.example.com/storage/v1/object/public/documents/cover-letters/7F6C1C8E-6D0A-4E4B-9A57-2F1D7A4E1B11-Letter.docx?token=abc',
      'Letter.docx',
    ],
    ['uploads/My%20CV.pdf', 'My CV.pdf'],
    ['plain.pdf', 'plain.pdf'],
    ['not-a-uuid-name.pdf', 'not-a-uuid-name.pdf'],
    ['', ''],
  ])('%s → %s', (path, name) => {
    expect(displayFileName(path)).toBe(name);
  });
});

describe('normalizeDocumentPath', () => {
  it.each([
    ['resumes/abc-cv.pdf', 'resumes/abc-cv.pdf'],
    ['https://host/storage/v1/object/public/documents/resumes/abc-cv.pdf', 'resumes/abc-cv.pdf'],
    ['/storage/v1/object/public/documents/cover-letters/x.docx?download=1', 'cover-letters/x.docx'],
    ['resumes/abc-cv.pdf?token=1#frag', 'resumes/abc-cv.pdf'],
    ['uploads/My%20CV.pdf', 'uploads/My CV.pdf'],
  ])('%s → %s', (input, path) => {
    expect(normalizeDocumentPath(input)).toBe(path);
  });

  it.each([
    '',
    '../../etc/passwd',
    'resumes/../../x.pdf',
    'public/documents/../secret.pdf',
    'resumes/%2e%2e/%2e%2e/x.pdf',
    '/etc/passwd',
    '//evil/x.pdf',
    'resumes\\..\\x.pdf',
    'resumes/x\u0000.pdf',
    'resumes/x\n.pdf',
    'resumes/%00x.pdf',
    'resumes//x.pdf',
    './x.pdf',
    'https://evil.example.com/x.pdf',
    'file:///etc/passwd',
    'resumes/%E0%A4%A.pdf',
  ])('refuses %j', (input) => {
    expect(normalizeDocumentPath(input)).toBeNull();
  });

  it('never answers a path that can leave the bucket', () => {
    const piece = fc.constantFrom(
      '..',
      '.',
      '/',
      '\\',
      '%2e',
      '%2f',
      'a',
      'public/documents/',
      '?',
      '\u0000',
      ':',
    );
    const hostile = fc.oneof(
      fc.string(),
      fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(hostile, (input) => {
        const path = normalizeDocumentPath(input);
        if (path === null) return;
        expect(path.startsWith('/')).toBe(false);
        expect(path.split('/')).not.toContain('..');
        expect(path).not.toContain('\\');
        expect([...path].some((c) => c.charCodeAt(0) < 0x20)).toBe(false);
      }),
    );
    fc.assert(fc.property(fc.anything(), (input) => void normalizeDocumentPath(input)));
  });
});
