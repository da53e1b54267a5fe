import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyOnboardingFields } from './onboarding-fields.ts';
import {
  additionalSchema,
  formatPhoneInput,
  hasPhoneDigits,
  isIsoDate,
  isValidEmail,
  isValidLinkedinUrl,
  isValidSalary,
  isValidZip,
  missingRequiredFields,
  onboardingChangesSchema,
  parseSalary,
  phoneDigits,
  resumeStep,
  STEP_SCHEMAS,
  savableChanges,
  TERMS_CHECKBOXES,
  validateStep,
} from './onboarding-rules.ts';
import { completeOnboardingForm, completeOnboardingRecord } from './onboarding-testing.ts';

const emptyWizardForm = { ...emptyOnboardingFields(), terms_reviewed: false, terms_agreed: false };

describe('validateStep on an empty form', () => {
  it.each([
    { step: 1, messages: [] },
    {
      step: 2,
      messages: [
        'Please confirm that you have read and reviewed the complete Terms & Conditions document',
        'Please confirm that you understand and agree to the Terms & Conditions',
      ],
    },
    {
      step: 3,
      messages: [
        'First Name is required',
        'Last Name is required',
        'Email Address is required',
        'Phone Number is required',
      ],
    },
    {
      step: 4,
      messages: [
        'Street Address is required',
        'City is required',
        'State/Province is required',
        'Postal/ZIP Code is required',
        'Country is required',
      ],
    },
    {
      step: 5,
      messages: [
        'US Citizen status is required',
        'Work Authorization status is required',
        'Sponsorship requirement status is required',
      ],
    },
    {
      step: 6,
      messages: [
        'Employment status is required',
        'Recent Position is required',
        'Recent Employer is required',
        'Experience Level is required',
        'Resume upload is required',
        'Job Type selection is required',
      ],
    },
    {
      step: 7,
      messages: [
        'Work Location Type is required (select at least one)',
        'Salary Expectation is required',
        'At least one Job Title is required',
      ],
    },
    {
      step: 8,
      messages: [
        'Digital signature is required',
        'Incorrect Statements Policy must be checked',
        'Reading Terms must be checked',
        'No Job Guarantees must be checked',
        'WhatsApp Communication Consent must be checked',
        'Cancellation Policy must be checked',
        'Refund Policy must be checked',
        'Service Refusal Policy must be checked',
        'Global Team must be checked',
        'Self-Service Cancellation must be checked',
        'Billing Issues Handling must be checked',
      ],
    },
    { step: 9, messages: [] },
  ])('step $step lists the spec messages', ({ step, messages }) => {
    expect(validateStep(step, emptyWizardForm)).toEqual(messages);
    // Absent fields read as missing, with the same messages.
    expect(validateStep(step, {})).toEqual(messages);
  });

  it('treats blank text as missing', () => {
    expect(validateStep(3, { ...completeOnboardingForm(), first_name: '   ' })).toEqual([
      'First Name is required',
    ]);
  });
});

describe('validateStep on a complete form', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])('step %i passes', (step) => {
    expect(validateStep(step, completeOnboardingForm())).toEqual([]);
  });

  it('answers nothing for steps outside 1..9', () => {
    expect(validateStep(0, {})).toEqual([]);
    expect(validateStep(10, {})).toEqual([]);
  });
});

describe('format messages replace the required message once a value is given', () => {
  it.each([
    { step: 3, field: 'email_address', value: 'ada@', message: 'Please enter a valid email address' },
    {
      step: 3,
      field: 'phone_number',
      value: '(555) 123-456',
      message: 'Phone Number must be at least 10 digits',
    },
    {
      step: 4,
      field: 'zip_code',
      value: '12',
      message: 'Postal/ZIP Code must be 3-10 characters (letters, numbers, spaces, hyphens)',
    },
    {
      step: 7,
      field: 'salary_expectation',
      value: '75k',
      message: 'Please enter a valid salary amount (e.g., $75,000 or 75000)',
    },
    {
      step: 8,
      field: 'linkedin_url',
      value: 'https://example.com/in/ada',
      message: 'Please enter a valid LinkedIn profile URL',
    },
    { step: 7, field: 'top_job_titles', value: ' , ', message: 'At least one Job Title is required' },
  ])('$field = $value', ({ step, field, value, message }) => {
    expect(validateStep(step, completeOnboardingForm({ [field]: value }))).toEqual([message]);
  });

  it('accepts an empty LinkedIn URL (optional)', () => {
    expect(validateStep(8, completeOnboardingForm({ linkedin_url: '' }))).toEqual([]);
    expect(validateStep(8, { ...completeOnboardingForm(), linkedin_url: undefined })).toEqual([]);
  });

  it('asks for each acknowledgement left unchecked', () => {
    expect(
      validateStep(8, completeOnboardingForm({ ack_refund_policy: false, ack_global_team: false })),
    ).toEqual(['Refund Policy must be checked', 'Global Team must be checked']);
  });

  it('asks for each terms checkbox left unchecked', () => {
    expect(validateStep(2, completeOnboardingForm({ terms_agreed: false }))).toEqual([
      'Please confirm that you understand and agree to the Terms & Conditions',
    ]);
  });
});

describe('TERMS_CHECKBOXES', () => {
  it('carry the spec labels', () => {
    expect(TERMS_CHECKBOXES.map((c) => c.label)).toEqual([
      'I have read and reviewed the complete Terms & Conditions document above *',
      'I understand and agree to the Terms & Conditions outlined above *',
    ]);
  });
});

describe('step schemas', () => {
  it('pass the rest of the form through, for form libraries', () => {
    const form = completeOnboardingForm({ goals: 'Remote work' });
    const parsed = STEP_SCHEMAS[8].parse(form);
    expect(parsed.goals).toBe('Remote work');
    expect(additionalSchema.safeParse(form).success).toBe(true);
  });
});

describe('format rules', () => {
  it.each([
    ['ada@example.com', true],
    ['a.b+c@sub.example.co.uk', true],
    [' ada@example.com ', true],
    ['ada@example', false],
    ['ada example@x.com', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    ['', false],
  ])('email %j → %s', (value, ok) => {
    expect(isValidEmail(value)).toBe(ok);
  });

  it.each([
    ['(555) 123-4567', true],
    ['5551234567', true],
    ['+44 20 7946 0958', true],
    ['555-1234', false],
    ['', false],
  ])('phone %j has ten digits → %s', (value, ok) => {
    expect(hasPhoneDigits(value)).toBe(ok);
  });

  it.each([
    ['123', true],
    ['12345', true],
    ['12345-6789', true],
    ['SW1A 1AA', true],
    ['K1A 0B1', true],
    ['12', false],
    ['12345678901', false],
    ['12345_678', false],
    ['123#', false],
    ['', false],
  ])('zip %j → %s', (value, ok) => {
    expect(isValidZip(value)).toBe(ok);
  });

  it.each([
    ['75000', true, 75000],
    ['75,000', true, 75000],
    ['$75,000', true, 75000],
    ['$120000', true, 120000],
    ['$', false, null],
    [',', false, null],
    ['75k', false, null],
    ['$75,000.00', false, null],
    ['USD 75000', false, null],
    ['75000$', false, null],
    ['-75000', false, null],
    ['99,999,999,999,999,999,999', true, null],
    ['', false, null],
  ])('salary %j → %s (%s)', (value, ok, amount) => {
    expect(isValidSalary(value)).toBe(ok);
    expect(parseSalary(value)).toBe(amount);
  });

  it.each([
    ['https://www.linkedin.com/in/ada-lovelace', true],
    ['https://linkedin.com/in/ada_lovelace/', true],
    ['http://uk.linkedin.com/in/ada123', true],
    ['linkedin.com/in/ada', true],
    ['www.linkedin.com/in/ada?trk=profile', true],
    ['https://www.linkedin.com/in/jos%C3%A9', true],
    ['https://www.linkedin.com/company/acme', false],
    ['https://www.linkedin.com/in/', false],
    ['https://www.linkedin.com/in/ada/details', false],
    ['https://linkedin.com.evil.com/in/ada', false],
    ['https://evil.com/linkedin.com/in/ada', false],
    ['https://user@www.linkedin.com/in/ada', false],
    ['ftp://linkedin.com/in/ada', false],
    ['javascript:alert(1)', false],
    ['ada', false],
  ])('LinkedIn %j → %s', (value, ok) => {
    expect(isValidLinkedinUrl(value)).toBe(ok);
  });

  it.each([
    ['1990-12-10', true],
    ['2030-01-15T00:00:00.000Z', true],
    ['1900-01-01', true],
    ['2100-12-31', true],
    ['1899-12-31', false],
    ['2101-01-01', false],
    ['2023-02-30', false],
    ['12/10/1990', false],
    ['', false],
  ])('date %j → %s', (value, ok) => {
    expect(isIsoDate(value)).toBe(ok);
  });
});

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['55512345678999', '(555) 123-4567'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['phone: 555.123.4567', '(555) 123-4567'],
    ['abc', ''],
    // Pasted with the country code: the ten digits after it are kept.
    ['+1 (555) 123-4567', '(555) 123-4567'],
    ['1 555 123 4567', '(555) 123-4567'],
    ['15551234567', '(555) 123-4567'],
    ['+1-555-123-4567 ext. 89', '(555) 123-4567'],
    // Typing on after a full number does not shift it, unless the 1 was a country code.
    ['(155) 512-34567', '(555) 123-4567'],
    ['(555) 123-45678', '(555) 123-4567'],
  ])('%j → %j', (raw, formatted) => {
    expect(formatPhoneInput(raw)).toBe(formatted);
  });

  it('keeps at most 10 digits, in order, and is stable when applied again', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const formatted = formatPhoneInput(raw);
        expect(formatted.replace(/\D/g, '')).toBe(phoneDigits(raw));
        expect(raw.replace(/\D/g, '')).toContain(phoneDigits(raw));
        expect(formatPhoneInput(formatted)).toBe(formatted);
      }),
    );
  });

  it('keeps the ten digits after a pasted +1 or 1, whatever the punctuation', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[2-9]\d{9}$/),
        fc.constantFrom('+1 ', '1', '+1-', '1 ', '+1('),
        (national, prefix) => {
          expect(phoneDigits(`${prefix}${national}`)).toBe(national);
        },
      ),
    );
  });
});

describe('savableChanges', () => {
  it('keeps the changes that pass their rule and leaves out one still being fixed', () => {
    expect(
      savableChanges({ first_name: 'Ada', birthdate: '13/45/2020', availability_to_start: '2030-01-15' }),
    ).toEqual({ first_name: 'Ada', availability_to_start: '2030-01-15' });
    expect(savableChanges({ birthdate: '', email_address: 'ada@' })).toEqual({ birthdate: '' });
  });
});

describe('optional answers over the length limit', () => {
  const tooLong = 'x'.repeat(5001);

  it.each([
    { step: 3, field: 'pronouns', message: 'Pronouns must be at most 5000 characters' },
    { step: 3, field: 'where_found_us', message: 'Where did you find us? must be at most 5000 characters' },
    { step: 5, field: 'sponsorship_type', message: 'Sponsorship Type must be at most 5000 characters' },
    {
      step: 7,
      field: 'location_requirements',
      message: 'Location Requirements must be at most 5000 characters',
    },
    { step: 7, field: 'job_criteria', message: 'Job Criteria must be at most 5000 characters' },
    { step: 8, field: 'application_history', message: 'Application History must be at most 5000 characters' },
  ])(
    'keep step $step from passing with the message a save would get ($field)',
    ({ step, field, message }) => {
      const form = completeOnboardingForm({ [field]: tooLong });
      expect(validateStep(step, form)).toEqual([message]);
      expect(savableChanges({ [field]: tooLong })).toEqual({});
      expect(onboardingChangesSchema.safeParse({ [field]: tooLong }).error?.issues[0]?.message).toBe(message);
    },
  );

  it('pass at the limit, and blank', () => {
    expect(validateStep(7, completeOnboardingForm({ location_requirements: 'x'.repeat(5000) }))).toEqual([]);
    expect(validateStep(3, completeOnboardingForm({ pronouns: '' }))).toEqual([]);
  });
});

describe('typed dates in the wizard', () => {
  it('keep Next disabled with the field message until they read as dates', () => {
    const form = completeOnboardingForm({ birthdate: '02/30/1990' });
    expect(validateStep(3, form)).toEqual(['Birthdate must be a date as MM/DD/YYYY, between 1900 and 2100']);
    expect(validateStep(6, completeOnboardingForm({ availability_to_start: '1/1/3000' }))).toEqual([
      'Availability to Start must be a date as MM/DD/YYYY, between 1900 and 2100',
    ]);
    expect(validateStep(3, completeOnboardingForm({ birthdate: '' }))).toEqual([]);
    expect(validateStep(6, completeOnboardingForm({ availability_to_start: '2030-01-15' }))).toEqual([]);
  });
});

/** The issues of a save's body, as the API reports them: the field and the message. */
function issuesOfSave(body: unknown) {
  const result = onboardingChangesSchema.safeParse(body);
  return (result.error?.issues ?? []).map((issue) => ({
    field: String(issue.path[0] ?? ''),
    message: issue.message,
  }));
}

describe('the schema of a save', () => {
  it('accepts a complete record, an empty one and blank fields', () => {
    expect(issuesOfSave(completeOnboardingRecord())).toEqual([]);
    expect(issuesOfSave({})).toEqual([]);
    expect(issuesOfSave({ email_address: '', zip_code: '  ', linkedin_url: null, job_type: [] })).toEqual([]);
  });

  it('stores a phone number as the form shows it, without the country code', () => {
    expect(onboardingChangesSchema.parse({ phone_number: '+1 555 123 4567' })).toEqual({
      phone_number: '(555) 123-4567',
    });
    expect(onboardingChangesSchema.parse({ phone_number: '' })).toEqual({ phone_number: '' });
  });

  it('ignores identity and unknown keys', () => {
    expect(issuesOfSave({ id: 5, user_id: 'x', userId: 'y', created_at: 1, whatever: {} })).toEqual([]);
  });

  it.each([
    { email_address: 'nope', message: 'Please enter a valid email address' },
    { phone_number: '555-1234', message: 'Phone Number must be at least 10 digits' },
    { zip_code: '1', message: 'Postal/ZIP Code must be 3-10 characters (letters, numbers, spaces, hyphens)' },
    { salary_expectation: 'lots', message: 'Please enter a valid salary amount (e.g., $75,000 or 75000)' },
    { linkedin_url: 'https://example.com', message: 'Please enter a valid LinkedIn profile URL' },
    { birthdate: '10/12/1990', message: 'Birthdate must be a date (YYYY-MM-DD)' },
    { availability_to_start: 'soon', message: 'Availability to Start must be a date (YYYY-MM-DD)' },
    { experience_level: 'guru', message: 'Experience Level must be one of: entry, mid, senior, executive' },
    { us_citizen: 'Maybe', message: 'US Citizen must be one of: Yes, No' },
    { work_authorization: 'Later', message: 'Work Authorization must be one of: Yes, No, Pending' },
    { requires_sponsorship: 'yes', message: 'Requires Sponsorship must be one of: Yes, No' },
    { currently_employed: 'Pending', message: 'Currently Employed must be one of: Yes, No' },
    { open_for_relocation: 'Perhaps', message: 'Open for Relocation must be one of: Yes, No, Maybe' },
    {
      job_type: ['full-time', 'gig'],
      message: 'Job Type must be one of: full-time, part-time, contract, temporary, internship, freelance',
    },
    {
      job_type: 'full-time, gig',
      message: 'Job Type must be one of: full-time, part-time, contract, temporary, internship, freelance',
    },
    { work_location_type: ['remote'], message: 'Work Location Type must be one of: Remote, Hybrid, On-site' },
    { work_location_type: [1], message: 'Work Location Type must be a list of text' },
    { job_type: { a: 1 }, message: 'Job Type must be a list of text' },
    { job_type: Array(51).fill('contract'), message: 'Job Type must have at most 50 items' },
    { first_name: 42, message: 'First Name must be text' },
    { goals: 'x'.repeat(5001), message: 'Goals must be at most 5000 characters' },
    { ack_whatsapp: 'true', message: 'WhatsApp Communication Consent must be true or false' },
    { onboarding_completed: 1, message: 'Onboarding Completed must be true or false' },
  ])('reports $message', ({ message, ...partial }) => {
    const [field] = Object.keys(partial);
    expect(issuesOfSave(partial)).toEqual([{ field, message }]);
  });

  it('accepts job_type as comma-separated text and the maximum lengths', () => {
    expect(
      issuesOfSave({
        job_type: 'full-time, contract',
        goals: 'x'.repeat(5000),
        work_location_type: ['Remote', 'Hybrid', 'On-site'],
      }),
    ).toEqual([]);
  });

  it('reports every bad field', () => {
    expect(issuesOfSave({ email_address: 'x', zip_code: '1' }).map((i) => i.field)).toEqual([
      'email_address',
      'zip_code',
    ]);
  });

  it('turns a body into the changes it makes: only the fields it names, null clearing a field', () => {
    expect(
      onboardingChangesSchema.parse({
        id: 'x',
        user_id: 'y',
        userId: 'z',
        updated_at: 'now',
        whatever: 1,
        first_name: 'Ada',
        job_type: 'full-time, , contract',
        city: null,
        work_location_type: null,
        ack_whatsapp: null,
      }),
    ).toEqual({
      first_name: 'Ada',
      job_type: ['full-time', 'contract'],
      city: '',
      work_location_type: [],
      ack_whatsapp: false,
    });
  });

  it('refuses a body that is not an object', () => {
    expect(issuesOfSave([1])).toEqual([{ field: '', message: 'The submission must be an object' }]);
  });
});

describe('missingRequiredFields', () => {
  it('lists nothing for a complete record and the section fields otherwise', () => {
    expect(missingRequiredFields(completeOnboardingRecord())).toEqual([]);
    expect(missingRequiredFields(completeOnboardingRecord({ city: '', resume: '   ' }))).toEqual([
      'city',
      'resume',
    ]);
  });
});

describe('resumeStep', () => {
  it('is the first section with a missing field when every step before it passes', () => {
    expect(resumeStep(completeOnboardingRecord({ top_job_titles: '' }))).toBe(7);
    expect(resumeStep(completeOnboardingRecord({ onboarding_completed: false }))).toBe(9);
  });

  it('is an earlier step whose own rules fail: answers no completeness group holds, or holds later', () => {
    // Experience Level is in no group; Job Type counts under Job Preferences but is asked on step 6.
    expect(resumeStep(completeOnboardingRecord({ experience_level: '', top_job_titles: '' }))).toBe(6);
    expect(resumeStep(completeOnboardingRecord({ job_type: [], onboarding_completed: false }))).toBe(6);
    expect(resumeStep(completeOnboardingRecord({ experience_level: '', signature: '' }))).toBe(6);
  });

  it('opens a new user and a complete profile at the welcome step, as startStep does', () => {
    expect(resumeStep(null)).toBe(1);
    expect(resumeStep(completeOnboardingRecord())).toBe(1);
  });
});

describe('no validator throws', () => {
  const anything = fc.oneof(
    fc.anything(),
    fc.dictionary(
      fc.constantFrom('email_address', 'job_type', 'zip_code', 'job_type', 'linkedin_url'),
      fc.anything(),
    ),
  );

  it('on any input', () => {
    fc.assert(
      fc.property(anything, fc.integer({ min: -1, max: 11 }), (input, step) => {
        validateStep(step, input);
        issuesOfSave(input);
        missingRequiredFields(input);
        for (const check of [
          isValidEmail,
          hasPhoneDigits,
          isValidZip,
          isValidSalary,
          isValidLinkedinUrl,
          isIsoDate,
        ]) {
          expect(typeof check(input)).toBe('boolean');
        }
        parseSalary(input);
        formatPhoneInput(input);
      }),
    );
  });

  it('and every message of a step is a non-empty string', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: 1, max: 9 }), (input, step) => {
        for (const message of validateStep(step, input)) expect(message).toMatch(/\S/);
      }),
    );
  });
});
