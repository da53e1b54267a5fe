import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answeredPastTerms,
  checkCompleteness,
  isFilled,
  isMeaningfulRecord,
  SECTION_GROUPS,
  startStep,
} from './onboarding-completeness.ts';
import { ACK_FIELDS, emptyOnboardingFields, readOnboardingFields } from './onboarding-fields.ts';
import { completeOnboardingRecord } from './onboarding-testing.ts';

describe('isFilled', () => {
  it.each([
    [['a'], true],
    [[], false],
    [true, true],
    [false, true],
    ['text', true],
    ['  ', false],
    ['', false],
    [null, false],
    [undefined, false],
    [0, false],
  ])('%j → %s', (value, filled) => {
    expect(isFilled(value)).toBe(filled);
  });
});

describe('SECTION_GROUPS', () => {
  it('are the spec groups, steps 3 to 9', () => {
    expect(SECTION_GROUPS.map((g) => [g.step, g.title, g.fields])).toEqual([
      [3, 'Personal Information', ['first_name', 'last_name', 'email_address', 'phone_number']],
      [4, 'Address Information', ['street_address', 'city', 'state', 'zip_code', 'country']],
      [5, 'Work Authorization', ['us_citizen', 'work_authorization', 'requires_sponsorship']],
      [6, 'Employment Information', ['currently_employed', 'recent_position', 'recent_employer', 'resume']],
      [7, 'Job Preferences', ['top_job_titles', 'salary_expectation', 'job_type', 'work_location_type']],
      [8, 'Additional Information', ['signature', ...ACK_FIELDS.map((a) => a.snake)]],
      [9, 'Resources', ['onboarding_completed']],
    ]);
  });
});

describe('startStep', () => {
  it('opens at the welcome step without a record or with nothing filled', () => {
    expect(startStep(null)).toBe(1);
    expect(startStep({})).toBe(1);
    expect(startStep({ id: 'r1', user_id: 'u1', created_at: '2024-01-01T00:00:00Z' })).toBe(1);
    expect(startStep(readOnboardingFields(emptyOnboardingFields()))).toBe(1);
  });

  it.each([
    { missing: { first_name: '' }, step: 3 },
    { missing: { phone_number: '   ' }, step: 3 },
    { missing: { zip_code: '' }, step: 4 },
    { missing: { country: null }, step: 4 },
    { missing: { requires_sponsorship: '' }, step: 5 },
    { missing: { resume: '' }, step: 6 },
    { missing: { job_type: [] }, step: 7 },
    { missing: { work_location_type: [] }, step: 7 },
    { missing: { top_job_titles: '' }, step: 7 },
    { missing: { signature: '' }, step: 8 },
    { missing: { ack_billing_issues: false }, step: 8 },
    { missing: { onboarding_completed: false }, step: 9 },
    { missing: { onboarding_completed: undefined }, step: 9 },
    { missing: { city: '', signature: '' }, step: 4 },
  ])('resumes at step $step when $missing', ({ missing, step }) => {
    expect(startStep(completeOnboardingRecord(missing))).toBe(step);
  });

  it('resumes at 9 when onboarding_completed is absent', () => {
    const { onboarding_completed: _, ...record } = completeOnboardingRecord();
    expect(startStep(record)).toBe(9);
  });

  it('resumes a user who left after the address step at Work Authorization', () => {
    const record = readOnboardingFields({
      ...emptyOnboardingFields(),
      first_name: 'Ada',
      last_name: 'Lovelace',
      email_address: 'ada@example.com',
      phone_number: '(555) 123-4567',
      street_address: '1 Way',
      city: 'London',
      state: 'LDN',
      zip_code: 'SW1A 1AA',
      country: 'UK',
    });
    expect(startStep(record)).toBe(5);
  });

  it('opens a complete profile at step 1', () => {
    expect(startStep(completeOnboardingRecord())).toBe(1);
  });

  it('opens at the welcome step when only the name and e-mail from sign-in are saved', () => {
    const signInOnly = readOnboardingFields({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email_address: 'ada@example.com',
    });
    expect(startStep(signInOnly)).toBe(1);
    expect(startStep({ ...signInOnly, phone_number: '(555) 123-4567' })).toBe(4);
  });
});

describe('answeredPastTerms', () => {
  it('is false without a record, or with nothing but the sign-in name and e-mail', () => {
    expect(answeredPastTerms(null)).toBe(false);
    expect(answeredPastTerms(readOnboardingFields({}))).toBe(false);
    expect(
      answeredPastTerms(
        readOnboardingFields({ first_name: 'Ada', last_name: 'Lovelace', email_address: 'ada@example.com' }),
      ),
    ).toBe(false);
  });

  it('is true once an answer only a later step saves is stored, and for a complete profile', () => {
    expect(answeredPastTerms(readOnboardingFields({ phone_number: '(555) 123-4567' }))).toBe(true);
    expect(answeredPastTerms(readOnboardingFields({ city: 'London' }))).toBe(true);
    expect(answeredPastTerms(completeOnboardingRecord())).toBe(true);
  });
});

describe('checkCompleteness', () => {
  it('reports a complete record', () => {
    expect(checkCompleteness(completeOnboardingRecord())).toEqual({
      isComplete: true,
      missingFields: [],
      missingBySection: [],
    });
  });

  it('lists missing fields in section order, with labels by section', () => {
    const result = checkCompleteness(
      completeOnboardingRecord({
        phone_number: '',
        zip_code: '',
        state: ' ',
        job_type: 'full-time',
        work_location_type: [],
        ack_whatsapp: false,
        onboarding_completed: false,
      }),
    );
    expect(result.isComplete).toBe(false);
    expect(result.missingFields).toEqual([
      'phone_number',
      'state',
      'zip_code',
      'work_location_type',
      'ack_whatsapp',
      'onboarding_completed',
    ]);
    expect(result.missingBySection).toEqual([
      { section: 'Personal Information', step: 3, fields: ['Phone Number'] },
      { section: 'Address Information', step: 4, fields: ['State/Province', 'Postal/ZIP Code'] },
      { section: 'Job Preferences', step: 7, fields: ['Work Location Type'] },
      { section: 'Additional Information', step: 8, fields: ['WhatsApp Communication Consent'] },
      { section: 'Resources', step: 9, fields: ['Onboarding Completed'] },
    ]);
  });

  it('needs at least one job title named, not only commas', () => {
    for (const top_job_titles of [',', ' , ,', '']) {
      expect(checkCompleteness(completeOnboardingRecord({ top_job_titles })).missingBySection).toEqual([
        { section: 'Job Preferences', step: 7, fields: ['Job Titles'] },
      ]);
    }
    expect(checkCompleteness(completeOnboardingRecord({ top_job_titles: ', Engineer,' })).isComplete).toBe(
      true,
    );
  });

  it('reads SQLite 0/1 booleans', () => {
    const record = completeOnboardingRecord({ ack_whatsapp: 1, onboarding_completed: 0 });
    expect(checkCompleteness(record).missingFields).toEqual(['onboarding_completed']);
  });

  it('lists every required field without a record', () => {
    const result = checkCompleteness(null);
    expect(result.missingFields).toEqual(SECTION_GROUPS.flatMap((g) => g.fields));
    expect(result.missingBySection.map((s) => s.step)).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('does not require optional fields', () => {
    const record = completeOnboardingRecord({
      middle_name: '',
      experience_level: '',
      cover_letter: '',
      linkedin_url: '',
      subscribe_to_newsletter: false,
    });
    expect(checkCompleteness(record).isComplete).toBe(true);
  });
});

describe('isMeaningfulRecord', () => {
  it.each([
    { record: null, meaningful: false },
    { record: {}, meaningful: false },
    { record: { first_name: 'Ada', last_name: 'Lovelace' }, meaningful: false },
    { record: { first_name: 'Ada', last_name: 'Lovelace', city: 'London' }, meaningful: true },
    {
      record: { id: 'r', user_id: 'u', created_at: 'c', updated_at: 'u', first_name: 'Ada', city: 'London' },
      meaningful: false,
    },
    { record: { first_name: 'Ada', a: false, b: [], c: '', d: null }, meaningful: false },
    { record: { first_name: 'Ada', ack_whatsapp: true, job_type: ['contract'] }, meaningful: true },
    { record: readOnboardingFields(emptyOnboardingFields()), meaningful: false },
  ])('$record → $meaningful', ({ record, meaningful }) => {
    expect(isMeaningfulRecord(record)).toBe(meaningful);
  });
});

describe('no completeness rule throws', () => {
  it('on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = checkCompleteness(input);
        expect(result.isComplete).toBe(result.missingFields.length === 0);
        expect(startStep(input)).toBeGreaterThanOrEqual(1);
        expect(startStep(input)).toBeLessThanOrEqual(9);
        isMeaningfulRecord(input);
        isFilled(input);
      }),
    );
  });
});
